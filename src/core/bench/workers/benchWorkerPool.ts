// Starts the benchmark's worker_threads and carries messages to and from them. The worker script
// sits beside this module: dist/benchWorker.js in the bundles, out/src/core/bench/workers/benchWorker.js
// when compiled by tsc.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { noCountedLatencies } from '../measurement/latencyCounts';
import { SharedWorkerCounters } from './sharedWorkerCounters';
import { THREAD_SLOTS } from './workerRun';
import type { CoordinatorMessage, WorkerMessage, WorkerSetup, WorkerSnapshot } from './workerMessages';

export function benchWorkerScript(): string {
  return join(__dirname, 'benchWorker.js');
}

type FinishedMessage = Extract<WorkerMessage, { type: 'finished' }>;

/**
 * How often a pending snapshot looks again for workers blocked in read(2), whose snapshot the
 * coordinator takes itself (it is answered at once otherwise: this only delays a report line)
 */
const BLOCKED_POLL_MS = 20;

export class BenchWorkerPool {
  private readonly workers: Worker[];
  private readonly finished: Array<FinishedMessage | undefined>;
  private readonly finishWaiters: Array<() => void> = [];
  private readonly snapshotWaiters = new Map<
    number,
    { pending: Set<number>; snapshots: Array<{ worker: number; snapshot: WorkerSnapshot }>; done: () => void }
  >();
  private nextSnapshotId = 1;
  private readonly exited: boolean[];
  /** per worker: its counters in shared memory (blocking reads), or undefined */
  private readonly shared: Array<SharedWorkerCounters | undefined>;

  constructor(
    setups: WorkerSetup[],
    private readonly onMessage: (worker: number, message: WorkerMessage) => void,
  ) {
    this.finished = setups.map(() => undefined);
    this.exited = setups.map(() => false);
    this.shared = setups.map((setup) =>
      setup.task === 'run' && setup.sharedCounters
        ? new SharedWorkerCounters(setup.sharedCounters, setup.threads.length, THREAD_SLOTS)
        : undefined,
    );
    this.workers = setups.map((setup, index) => {
      const worker = new Worker(benchWorkerScript(), { workerData: setup });
      worker.on('message', (message: WorkerMessage) => this.receive(index, message));
      worker.on('error', (error: Error) => {
        this.receive(index, {
          type: 'finished',
          snapshot: emptySnapshot(),
          failure: { message: `benchmark worker crashed: ${error.message}` },
          abandonedConnectionIds: [],
        });
      });
      worker.on('exit', () => {
        this.exited[index] = true;
        if (!this.finished[index]) {
          this.receive(index, {
            type: 'finished',
            snapshot: emptySnapshot(),
            failure: { message: 'benchmark worker exited unexpectedly' },
            abandonedConnectionIds: [],
          });
        }
      });
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  get allFinished(): boolean {
    return this.finished.every((message) => message !== undefined);
  }

  /** The 'finished' message of each worker, by worker index. */
  finishedByWorker(): Array<FinishedMessage | undefined> {
    return [...this.finished];
  }

  broadcast(message: CoordinatorMessage): void {
    this.workers.forEach((worker, index) => {
      if (!this.finished[index] && !this.exited[index]) worker.postMessage(message);
    });
  }

  /**
   * Collects a snapshot from every worker still running (finished ones sent theirs with
   * 'finished'); the snapshot of a worker blocked in read(2) is taken from its shared counters.
   */
  snapshot(): Promise<Array<{ worker: number; snapshot: WorkerSnapshot }>> {
    const id = this.nextSnapshotId++;
    const pending = new Set<number>();
    this.workers.forEach((_worker, index) => {
      if (!this.finished[index]) pending.add(index);
    });
    return new Promise((resolve) => {
      let poll: NodeJS.Timeout | undefined;
      const entry = {
        pending,
        snapshots: [] as Array<{ worker: number; snapshot: WorkerSnapshot }>,
        done: () => {
          clearInterval(poll);
          resolve(entry.snapshots);
        },
      };
      if (pending.size === 0) {
        resolve([]);
        return;
      }
      this.snapshotWaiters.set(id, entry);
      for (const index of pending) this.shared[index]?.requestSnapshot(id);
      this.broadcast({ type: 'snapshot', id });
      if (!this.answerBlocked(id)) poll = setInterval(() => this.answerBlocked(id), BLOCKED_POLL_MS);
    });
  }

  /** Takes the snapshot of request `id` for each worker blocked in read(2); true when none is pending any more. */
  private answerBlocked(id: number): boolean {
    const entry = this.snapshotWaiters.get(id);
    if (entry === undefined) return true;
    for (const index of [...entry.pending]) {
      const snapshot = this.finished[index] ? undefined : this.shared[index]?.answerIfBlocked(id);
      if (snapshot) this.receive(index, { type: 'snapshot', id, snapshot });
    }
    return !this.snapshotWaiters.has(id);
  }

  /** The end of --warmup-time: every worker counts afresh (a worker blocked in read(2) is reset here). */
  reset(): void {
    this.shared.forEach((shared, index) => {
      if (!this.finished[index]) shared?.requestReset();
    });
    this.broadcast({ type: 'reset' });
    this.shared.forEach((shared, index) => {
      if (!this.finished[index]) shared?.answerIfBlocked(undefined);
    });
  }

  /** Resolves once every worker sent 'finished' (or died). */
  whenFinished(): Promise<void> {
    if (this.allFinished) return Promise.resolve();
    return new Promise((resolve) => this.finishWaiters.push(resolve));
  }

  /** Asks workers that hold their connections to close them; resolves when all did or after timeoutMs. */
  release(timeoutMs: number): Promise<void> {
    const pending = new Set(this.workers.map((_worker, index) => index).filter((index) => !this.exited[index]));
    if (pending.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.releaseWaiter = (index) => {
        pending.delete(index);
        if (pending.size === 0) done();
      };
      // to every worker still there: holding connections is what a worker does after 'finished'
      // (broadcast() skips finished workers, which left each run waiting out the timeout and then
      // cutting the connections without a goodbye)
      for (const index of pending) this.workers[index].postMessage({ type: 'release' } satisfies CoordinatorMessage);
    });
  }

  private releaseWaiter?: (worker: number) => void;

  async terminate(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate().catch(() => 0)));
  }

  private receive(index: number, message: WorkerMessage): void {
    if (message.type === 'snapshot') {
      const entry = this.snapshotWaiters.get(message.id);
      if (entry && entry.pending.delete(index)) {
        entry.snapshots.push({ worker: index, snapshot: message.snapshot });
        if (entry.pending.size === 0) {
          this.snapshotWaiters.delete(message.id);
          entry.done();
        }
      }
      return;
    }
    if (message.type === 'released') {
      this.releaseWaiter?.(index);
      return;
    }
    if (message.type === 'finished') {
      if (this.finished[index]) return;
      this.finished[index] = message;
      this.onMessage(index, message);
      for (const [id, entry] of this.snapshotWaiters) {
        if (entry.pending.delete(index) && entry.pending.size === 0) {
          this.snapshotWaiters.delete(id);
          entry.done();
        }
      }
      if (this.allFinished) for (const waiter of this.finishWaiters.splice(0)) waiter();
      return;
    }
    this.onMessage(index, message);
  }
}

export function emptySnapshot(): WorkerSnapshot {
  return {
    counters: new Float64Array(0),
    latencies: noCountedLatencies(),
    queueLength: 0,
    concurrency: 0,
    threadsRunning: 0,
  };
}
