// The run phase inside one worker_thread: its share of the benchmark threads, each an async loop
// over its own connection (sysbench's thread_run()), the counters and latencies they produce, and
// stopping on the time limit, the event limit, a fatal error or a cancel.
import { performance } from 'node:perf_hooks';
import { ErrorPolicy } from './errorPolicy';
import { EventLoopLoad } from '../measurement/eventLoopLoad';
import { EventQueue } from './eventQueue';
import { LatencyCounts } from '../measurement/latencyCounts';
import { SysbenchRandom } from '../sysbench/sysbenchRandom';
import { COUNTER_EVENTS, COUNTER_FIELDS, FatalRunError, RESTART_EVENT, STOPPED, ThreadSession } from './threadSession';
import { SharedWorkerCounters } from './sharedWorkerCounters';
import { UniqueSequence, seedUniqueSequence } from '../sysbench/uniqueSequence';
import { createWorkloadThread, type WorkloadThread } from '../sysbench/workloadThread';
import {
  CONTROL_EVENTS_TAKEN,
  CONTROL_STOP,
  type RunWorkerSetup,
  type WorkerFailure,
  type WorkerMessage,
  type WorkerSnapshot,
} from './workerMessages';

/** Latency sum of each thread, for sysbench's "Threads fairness" lines, beside the counters. */
export const COUNTER_LATENCY_SUM = COUNTER_FIELDS;
export const THREAD_SLOTS = COUNTER_FIELDS + 1;

const SOFT_STOP_GRACE_MS = 300;

// Each thread has its own performance.now() origin; adding it gives one clock all threads share.
// Read once: the getter is not free and the origin never changes. The module's performance, not
// the global one: Node's global `performance` is a getter, called on every use (twice per event).
const clock = performance;
const TIME_ORIGIN = clock.timeOrigin;

export function epochNow(): number {
  return TIME_ORIGIN + clock.now();
}

interface ClientThread {
  session: ThreadSession;
  workload: WorkloadThread;
  random: SysbenchRandom;
  index: number;
}

export class WorkerRun {
  private readonly control: Int32Array;
  private readonly counters: Float64Array;
  /** ignored errors by code since the last snapshot */
  private readonly errorCodes = new Map<number, number>();
  private readonly latencies: LatencyCounts;
  private readonly shared: SharedWorkerCounters | undefined;
  private readonly loopLoad = new EventLoopLoad();
  private readonly threads: ClientThread[] = [];
  private readonly queue: EventQueue | undefined;
  private deadlineMs = 0;
  private runningThreads = 0;
  private failure: WorkerFailure | undefined;
  private readonly maxEvents: number;

  constructor(
    private readonly setup: RunWorkerSetup,
    private readonly post: (message: WorkerMessage) => void,
  ) {
    this.control = new Int32Array(setup.control);
    this.shared = setup.sharedCounters && new SharedWorkerCounters(setup.sharedCounters, setup.threads.length, THREAD_SLOTS);
    this.counters = this.shared?.counters ?? new Float64Array(setup.threads.length * THREAD_SLOTS);
    this.latencies = new LatencyCounts(this.shared?.latencyStorage);
    this.maxEvents = setup.options.limits.events;
    if (setup.rate > 0 && setup.eventGeneratorRandom) {
      this.queue = new EventQueue(setup.rate, new SysbenchRandom(setup.options.random, setup.eventGeneratorRandom), epochNow);
    }
  }

  private get running(): number {
    return this.runningThreads;
  }

  private set running(count: number) {
    this.runningThreads = count;
    if (this.shared) this.shared.threadsRunning = count;
  }

  private get stopping(): boolean {
    return this.control[CONTROL_STOP] !== 0;
  }

  /** thread_init() of every thread: connect and prepare. Throws on the first failure. */
  async init(): Promise<void> {
    const { options } = this.setup;
    const policy = ErrorPolicy.fromOptions(
      options.driver.ignoreErrors,
      options.driver.ignoreErrorsExplicit,
      this.setup.serverIsTiDB,
      options.driver.tidbRetryableErrors,
    );
    const uniqueState = seedUniqueSequence(this.setup.uniqueSeed.index, this.setup.uniqueSeed.offset);
    const unique = new UniqueSequence(new Int32Array(this.setup.uniqueCounter), uniqueState.index, uniqueState.offset);
    const debug = options.driver.debug ? (message: string) => this.post({ type: 'log', level: 'debug', message }) : () => undefined;
    await Promise.all(
      this.setup.threads.map(async (plan, index) => {
        const session = new ThreadSession({
          connect: this.shared ? { ...plan.connect, readGate: this.shared } : plan.connect,
          sessionStatements: this.setup.sessionStatements,
          usePreparedStatements: options.driver.psMode === 'auto',
          policy,
          counters: this.counters,
          counterOffset: index * THREAD_SLOTS,
          onIgnoredError: (errno) => this.errorCodes.set(errno, (this.errorCodes.get(errno) ?? 0) + 1),
          isStopping: () => this.stopping,
          reconnectTimeoutMs: options.driver.reconnectTimeoutSec * 1000,
          readServerConnectionId: this.setup.serverIsTiDB,
          isPastDeadline: () => this.deadlineMs > 0 && epochNow() >= this.deadlineMs,
          debug,
        });
        const random = new SysbenchRandom(options.random, plan.random);
        const workload = createWorkloadThread({
          workload: options.workload,
          options: options.workloadOptions,
          session,
          random,
          threadId: plan.threadId,
          threads: options.limits.threads,
          unique,
        });
        this.threads[index] = { session, index, random, workload };
        await session.open();
        await workload.init();
      }),
    );
  }

  /** The server's ids of the connections whose answers are read with blocking reads. */
  blockingConnectionIds(): bigint[] {
    const ids: bigint[] = [];
    for (const thread of this.threads) {
      const id = thread.session.connectionId;
      if (thread.session.connection?.isBlocking && id !== undefined) ids.push(id);
    }
    return ids;
  }

  /** Starts every thread's loop; resolves when all have ended. */
  async run(startMs: number, deadlineMs: number): Promise<void> {
    this.deadlineMs = deadlineMs;
    this.running = this.threads.length;
    this.queue?.start(startMs);
    this.loopLoad.readsBlock = this.threads.length > 0 && this.threads.every((thread) => thread.session.connection?.isBlocking);
    this.loopLoad.start();
    await Promise.all(this.threads.map((thread) => this.threadLoop(thread)));
    this.loopLoad.stop();
    this.queue?.stop();
    if (this.queue?.overflowed && !this.failure) {
      this.failure = {
        message: 'The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate',
      };
      Atomics.store(this.control, CONTROL_STOP, 1);
    }
  }

  /**
   * One thread's loop (sysbench's thread_run()), driven by the answers: each event starts from the
   * end of the one before, without a promise per event. Resolves when the thread has stopped.
   */
  private threadLoop(thread: ClientThread): Promise<void> {
    const counters = this.counters;
    const offset = thread.index * THREAD_SLOTS;
    const latencies = this.latencies;
    const queue = this.queue;
    const random = thread.random;
    // sysbench's histogram update takes one random number per event (it picks a slot with it),
    // and that draw comes from the thread's generator, so we take it too to stay in step.
    const histogramDraw = this.setup.options.limits.percentile > 0;
    let start = 0;
    return new Promise<void>((resolve) => {
      const end = async (error: unknown, completed: boolean) => {
        try {
          if (error !== undefined) throw error;
          if (completed && !this.stopping) await thread.workload.done();
        } catch (failure) {
          if (failure !== STOPPED) this.fail(failure);
        } finally {
          this.running--;
          if (!this.setup.holdConnections) await thread.session.close().catch(() => undefined);
          resolve();
        }
      };
      const runEvent = () => {
        try {
          thread.workload.event(afterEvent);
        } catch (error) {
          void end(error, false);
        }
      };
      const afterEvent = (error?: unknown) => {
        try {
          if (error !== undefined) {
            if (error !== RESTART_EVENT) void end(error, false);
            else if (this.stopping) void end(STOPPED, false);
            else runEvent();
            return;
          }
          const endedAt = epochNow();
          const latency = endedAt - start;
          if (queue !== undefined) queue.concurrency--;
          if (histogramDraw) random.nextDouble();
          latencies.record(latency);
          counters[offset + COUNTER_EVENTS]++;
          counters[offset + COUNTER_LATENCY_SUM] += latency;
          nextEvent(endedAt);
        } catch (failure) {
          void end(failure, false);
        }
      };
      const startEvent = (at: number) => {
        if (at < 0) {
          void end(undefined, false);
          return;
        }
        start = at;
        if (queue !== undefined) queue.concurrency++;
        runEvent();
      };
      // `now`: the clock as the event before ended (one reading serves both)
      const nextEvent = (now: number) => {
        if (this.stopping) {
          void end(undefined, false);
          return;
        }
        if (
          (this.deadlineMs > 0 && now >= this.deadlineMs) ||
          (this.maxEvents > 0 && Atomics.add(this.control, CONTROL_EVENTS_TAKEN, 1) >= this.maxEvents)
        ) {
          void end(undefined, true);
          return;
        }
        if (queue === undefined) {
          startEvent(now);
          return;
        }
        const taken = queue.take();
        if (typeof taken === 'number') startEvent(taken);
        else taken.then(startEvent, (error: unknown) => end(error, false));
      };
      nextEvent(epochNow());
    });
  }

  private fail(error: unknown): void {
    if (this.failure === undefined) {
      this.failure =
        error instanceof FatalRunError
          ? { message: error.message, errno: error.errno }
          : { message: error instanceof Error ? error.message : String(error) };
    }
    Atomics.store(this.control, CONTROL_STOP, 1);
    this.queue?.stop();
  }

  /** Asks every thread to stop; a hard stop cuts connections still busy after a short grace. */
  async stop(hard: boolean): Promise<bigint[]> {
    Atomics.store(this.control, CONTROL_STOP, 1);
    this.queue?.stop();
    if (!hard) return [];
    const deadline = performance.now() + SOFT_STOP_GRACE_MS;
    while (this.running > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const abandoned: bigint[] = [];
    for (const thread of this.threads) {
      if (thread?.session.busy) {
        const id = thread.session.connectionId;
        if (id !== undefined) abandoned.push(id);
        thread.session.destroy();
      }
    }
    return abandoned;
  }

  /** Closes every connection (after init failed, or at the very end). */
  async closeAll(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread?.session.close().catch(() => undefined)));
  }

  /** The end of --warmup-time: counting starts afresh (unless the coordinator did it while this worker was blocked). */
  reset(): void {
    if (this.shared === undefined || this.shared.claimReset()) {
      this.counters.fill(0);
      this.latencies.reset();
    }
    this.errorCodes.clear();
    this.loopLoad.start();
  }

  /** The snapshot of request `id`, or undefined when the coordinator took it while this worker was blocked. */
  snapshotFor(id: number): WorkerSnapshot | undefined {
    if (this.shared !== undefined && !this.shared.claimSnapshot(id)) return undefined;
    return this.snapshot();
  }

  snapshot(): WorkerSnapshot {
    const snapshot: WorkerSnapshot = {
      counters: this.counters.slice(),
      latencies: this.latencies.take(),
      queueLength: this.queue?.length ?? 0,
      concurrency: this.queue?.concurrency ?? 0,
      threadsRunning: this.running,
      loop: this.loopLoad.sample(),
      ...(this.errorCodes.size > 0 ? { errorCodes: [...this.errorCodes] } : {}),
    };
    this.counters.fill(0);
    this.errorCodes.clear();
    return snapshot;
  }

  get failureReport(): WorkerFailure | undefined {
    return this.failure;
  }
}
