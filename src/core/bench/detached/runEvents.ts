// What a detached run (a benchmark or an experiment in a process of its own, outside the editor's
// extension host) is asked to do and what it says while it runs. The spec is written to the run
// directory without the password, which reaches the process through its stdin only.
import type { SqlLogEntry } from '../../db/sqlExecutor';
import type { BenchmarkResult, ExperimentCell, ResultInterval } from '../../results/benchmarkResult';
import type { BenchConnectionSettings } from '../benchConnectionSettings';
import type { EngineConfig } from '../benchEngine';
import type { ExperimentDefinition } from '../experiments/experimentDefinition';
import type { ExperimentStep } from '../experiments/experimentStep';
import type { RawsqlConfig } from '../rawsql/runRawsql';
import type { ChRunConfig } from '../ch/runCh';
import type { TpccRunConfig } from '../tpcc/runTpcc';
import type { GoTpcEngineConfig } from '../goTpcEngine/goTpcDetachedRun';

export const RUN_DIRECTORY_VERSION = 1;

/** A connection as the run directory keeps it: everything but the password. */
export type StoredConnection = Omit<BenchConnectionSettings, 'password'>;

export type DetachedRunSpec =
  | {
      kind: 'benchmark';
      workload: string;
      connection: StoredConnection;
      options: Record<string, string | number | boolean>;
      engine: EngineConfig;
    }
  | { kind: 'experiment'; definition: ExperimentDefinition; connection: StoredConnection; engine: EngineConfig }
  /** go-tpc's rawsql on the queries given (their text, as the SQL files held it) */
  | { kind: 'rawsql'; run: Omit<RawsqlConfig, 'connection'>; connection: StoredConnection }
  /** TPC-C's run on the tables prepare loaded (go-tpc's tpcc run); engine absent: the built-in one */
  | { kind: 'tpcc'; run: Omit<TpccRunConfig, 'connection'>; connection: StoredConnection; goTpcEngine?: GoTpcEngineConfig }
  /** CH-benCHmark's run: TPC-C's load with the analytical queries beside it (go-tpc's ch run) */
  | { kind: 'ch'; run: DetachedChRun; connection: StoredConnection; goTpcEngine?: GoTpcEngineConfig };

/** runCh's config as the run directory keeps it: the connection is the spec's. */
export type DetachedChRun = Omit<ChRunConfig, 'tpcc'> & { tpcc: Omit<TpccRunConfig, 'connection'> };

/** run.json: written once by the process that starts the run. `display` is the starter's own (what its live view shows). */
export interface DetachedRunMeta {
  version: number;
  runKey: string;
  /** ISO 8601 */
  createdAt: string;
  spec: DetachedRunSpec;
  display?: unknown;
}

/** What the child process reads on its stdin: the secret that never goes into a file or its arguments. */
export interface DetachedRunSecret {
  password: string;
}

/** One line of events.jsonl, in the order things happened. */
export type DetachedRunEvent =
  | { kind: 'started'; pid: number }
  | { kind: 'engine'; text: string }
  | { kind: 'interval'; interval: ResultInterval; cellIndex?: number }
  | { kind: 'step'; step: ExperimentStep }
  | { kind: 'cell'; cell: ExperimentCell; index: number; total: number }
  | { kind: 'log'; message: string }
  | { kind: 'sql'; entry: SqlLogEntry }
  | { kind: 'stopping' };

/** result.json: how the run ended, written atomically as the process's last act. */
export type DetachedRunOutcome =
  | { kind: 'result'; result: BenchmarkResult }
  /** it did not run (bad options, no connection): the reason */
  | { kind: 'error'; message: string };
