// What the coordinating thread and the benchmark worker_threads say to each other.
import type { BenchOptions } from '../benchOptions';
import type { CountedLatencies } from '../measurement/latencyCounts';
import type { LeanConnectOptions } from '../mysqlWire/leanMysqlConnection';
import type { RngState } from '../sysbench/randomSeeding';
import type { KeyOrder } from '../experiments/experimentDefinition';

/** Slots of the control Int32Array every worker shares. */
export const CONTROL_STOP = 0;
export const CONTROL_EVENTS_TAKEN = 1;
export const CONTROL_SLOTS = 2;

export interface WorkerThreadPlan {
  /** sysbench.tid */
  threadId: number;
  random: RngState;
  connect: LeanConnectOptions;
}

export interface RunWorkerSetup {
  task: 'run';
  options: BenchOptions;
  threads: WorkerThreadPlan[];
  /** this worker's share of --rate (events per second), 0 for a closed loop */
  rate: number;
  eventGeneratorRandom?: RngState;
  serverIsTiDB: boolean;
  control: SharedArrayBuffer;
  uniqueCounter: SharedArrayBuffer;
  uniqueSeed: { index: number; offset: number };
  /** run by every connection right after connecting, e.g. SET SESSION tidb_isolation_read_engines = 'tiflash' */
  sessionStatements: string[];
  /**
   * keep each connection open when its thread ends, until the coordinator sends 'release' (the
   * server's prepared_statements_instances is read first; it forgets a statement with its connection)
   */
  holdConnections?: boolean;
  /**
   * blocking reads: the worker keeps its counters and latencies here (SharedWorkerCounters), so
   * the coordinator can take its snapshot while it is blocked in read(2)
   */
  sharedCounters?: SharedArrayBuffer;
}

export interface PrepareWorkerSetup {
  task: 'prepare';
  options: BenchOptions;
  serverIsTiDB: boolean;
  threads: WorkerThreadPlan[];
  control: SharedArrayBuffer;
}

/** Slot of a bulk-load cell's control Int32Array (after CONTROL_STOP): the next batch to take. */
export const BULK_CONTROL_NEXT_BATCH = 1;

export interface BulkLoadWorkerSetup {
  task: 'bulkLoad';
  table: string;
  rows: number;
  rowsPerInsert: number;
  keyOrder: KeyOrder;
  /** the server assigns the ids (AUTO_INCREMENT, AUTO_RANDOM): the INSERTs leave id out and keys is empty */
  serverKeys: boolean;
  /** rows Int32 keys in load order, shared by every worker of the cell */
  keys: SharedArrayBuffer;
  /** this worker computes the key order (one worker does, before it says ready) */
  fillKeys: boolean;
  keysRandom: RngState;
  writers: Array<{ random: RngState; connect: LeanConnectOptions }>;
  control: SharedArrayBuffer;
}

export type WorkerSetup = RunWorkerSetup | PrepareWorkerSetup | BulkLoadWorkerSetup;

export type CoordinatorMessage =
  | { type: 'start'; startMs: number; deadlineMs: number }
  | { type: 'snapshot'; id: number }
  | { type: 'reset' }
  | { type: 'stop'; hard: boolean }
  /** close the connections held open after the run (holdConnections) */
  | { type: 'release' };

/** A worker's event loop, from EventLoopLoad: since the previous snapshot, and since the run began. */
export interface WorkerLoopLoad {
  /** 0 to 1 */
  utilization: number;
  /** absent when the loop was not sampled: blocking reads, or no timer tick in the span */
  delayP99Ms?: number;
  runUtilization: number;
  runDelayP99Ms?: number;
  /** share of the time this worker thread ran or waited for a core (Linux only), 0 to 1 */
  runnableShare?: number;
  runRunnableShare?: number;
}

export interface WorkerSnapshot {
  /** per thread of this worker, COUNTER_FIELDS values each, counted since the previous snapshot */
  counters: Float64Array;
  latencies: CountedLatencies;
  queueLength: number;
  concurrency: number;
  threadsRunning: number;
  /** absent before the run started */
  loop?: WorkerLoopLoad;
  /** ignored errors since the previous snapshot, [code, count]; absent when there were none */
  errorCodes?: [number, number][];
}

export interface WorkerFailure {
  message: string;
  errno?: number;
}

export type WorkerMessage =
  | {
      type: 'ready';
      /**
       * the server's ids of connections that block in read(2): the worker cannot hear a stop while
       * blocked, so the coordinator ends a stuck statement with KILL
       */
      blockingConnectionIds?: bigint[];
    }
  | { type: 'snapshot'; id: number; snapshot: WorkerSnapshot }
  | { type: 'log'; level: 'info' | 'debug'; message: string }
  | { type: 'progress'; tableNumber: number; rows: number }
  /** bulk load: what this worker's writers loaded, sent just before 'finished' */
  | { type: 'bulkLoaded'; rowsLoaded: number; latencies: CountedLatencies }
  /** prepare: a table was started (created, about to be filled) or is complete (rows and index) */
  | { type: 'table'; tableNumber: number; complete: boolean }
  /** the held connections are closed */
  | { type: 'released' }
  | {
      type: 'finished';
      snapshot: WorkerSnapshot;
      failure?: WorkerFailure;
      /** server connection ids (TiDB's are 64-bit) still running a statement when a hard stop cut them */
      abandonedConnectionIds: bigint[];
    };
