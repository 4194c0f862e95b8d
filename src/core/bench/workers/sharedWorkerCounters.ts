// A blocking-reads worker's counters and latencies in shared memory, so that the coordinating
// thread can take the worker's snapshot itself while the worker sits in read(2). A worker blocked on
// a lock hears no 'snapshot' message for as long as the lock is held (a minute and more), and the
// report intervals would stop; the evented model answers at once and prints "tps: 0.00".
//
// Who may touch the counters is decided by one Int32 gate: the worker owns them while RUNNING; it
// sets BLOCKED just before each read(2) and takes them back after it. The coordinator may change
// BLOCKED to TAKEN, read and zero the counters, and set BLOCKED again; a worker whose read returned
// meanwhile waits (Atomics.wait) until the coordinator is done, a few microseconds. A request
// (snapshot or reset) is answered once: by the worker's message handler or by the coordinator
// through the gate, whichever claims its slot first (compareExchange).
import { LATENCY_FIGURES, LatencyCounts, SLOTS, emptyLatencyStorage, type LatencyStorage } from '../measurement/latencyCounts';
import type { WorkerSnapshot } from './workerMessages';

const GATE = 0;
const SNAPSHOT_REQUEST = 1;
const RESET_REQUEST = 2;
const THREADS_RUNNING = 3;
const INT_SLOTS = 4;

const RUNNING = 0;
const BLOCKED = 1;
const TAKEN = 2;

const FLOAT_BYTES = Float64Array.BYTES_PER_ELEMENT;
const FIGURES_OFFSET = INT_SLOTS * Int32Array.BYTES_PER_ELEMENT;

export class SharedWorkerCounters {
  private readonly control: Int32Array;
  /** per thread of the worker, its counter slots (WorkerRun's layout) */
  readonly counters: Float64Array;
  readonly latencyStorage: LatencyStorage;
  /** the coordinator's view of the latencies, used only while it holds the gate */
  private latencies: LatencyCounts | undefined;

  /** The shared memory for a worker of `threads` threads of `threadSlots` counters each. */
  static allocate(threads: number, threadSlots: number): SharedArrayBuffer {
    const buffer = new SharedArrayBuffer(FIGURES_OFFSET + (LATENCY_FIGURES + threads * threadSlots + SLOTS) * FLOAT_BYTES);
    emptyLatencyStorage(new SharedWorkerCounters(buffer, threads, threadSlots).latencyStorage);
    return buffer;
  }

  constructor(
    readonly buffer: SharedArrayBuffer,
    threads: number,
    threadSlots: number,
  ) {
    this.control = new Int32Array(buffer, 0, INT_SLOTS);
    const figures = new Float64Array(buffer, FIGURES_OFFSET, LATENCY_FIGURES);
    const countersOffset = FIGURES_OFFSET + LATENCY_FIGURES * FLOAT_BYTES;
    this.counters = new Float64Array(buffer, countersOffset, threads * threadSlots);
    const slots = new Float64Array(buffer, countersOffset + threads * threadSlots * FLOAT_BYTES, SLOTS);
    this.latencyStorage = { slots, figures };
  }

  // ---- the worker's side

  /** Before a read(2) that may block: the coordinator may take the counters until afterRead(). */
  beforeRead(): void {
    Atomics.store(this.control, GATE, BLOCKED);
  }

  /** After the read returned: the counters are the worker's again (once the coordinator is done with them). */
  afterRead(): void {
    while (Atomics.compareExchange(this.control, GATE, BLOCKED, RUNNING) === TAKEN) Atomics.wait(this.control, GATE, TAKEN);
  }

  /** The worker's message handler claims snapshot request `id`; false when the coordinator answered it. */
  claimSnapshot(id: number): boolean {
    return Atomics.compareExchange(this.control, SNAPSHOT_REQUEST, id, 0) === id;
  }

  /** The worker's message handler claims the pending reset; false when the coordinator did it. */
  claimReset(): boolean {
    return Atomics.compareExchange(this.control, RESET_REQUEST, 1, 0) === 1;
  }

  set threadsRunning(count: number) {
    Atomics.store(this.control, THREADS_RUNNING, count);
  }

  // ---- the coordinator's side

  /** Snapshot request `id` is about to be sent to the worker. */
  requestSnapshot(id: number): void {
    Atomics.store(this.control, SNAPSHOT_REQUEST, id);
  }

  /** A reset is about to be sent to the worker. */
  requestReset(): void {
    Atomics.store(this.control, RESET_REQUEST, 1);
  }

  /**
   * Answers what is pending (the reset, then snapshot request `id`) in the worker's place, if the
   * worker sits in a read. The snapshot, or undefined when the worker is running (its message
   * handler will answer) or has answered already.
   */
  answerIfBlocked(id: number | undefined): WorkerSnapshot | undefined {
    if (Atomics.compareExchange(this.control, GATE, BLOCKED, TAKEN) !== BLOCKED) return undefined;
    try {
      const latencies = (this.latencies ??= new LatencyCounts(this.latencyStorage));
      if (this.claimReset()) {
        this.counters.fill(0);
        latencies.reset();
      }
      if (id === undefined || !this.claimSnapshot(id)) return undefined;
      const snapshot: WorkerSnapshot = {
        counters: this.counters.slice(),
        latencies: latencies.take(),
        queueLength: 0,
        concurrency: 0,
        threadsRunning: Atomics.load(this.control, THREADS_RUNNING),
      };
      this.counters.fill(0);
      return snapshot;
    } finally {
      Atomics.store(this.control, GATE, BLOCKED);
      Atomics.notify(this.control, GATE);
    }
  }
}
