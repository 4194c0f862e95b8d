// What a go-tpc-style run (tpcc, rawsql) takes and gives besides its config: the same hooks, the
// same interval report and the same outcome, whatever its operations are (transactions, queries).
import type { SqlLogger } from '../../db/sqlExecutor';
import type { ResultInterval, RunResult } from '../../results/benchmarkResult';
import type { OperationNumbers } from '../rawsql/rawsqlMeasurement';

export interface GoTpcIntervalReport {
  interval: ResultInterval;
  /** the interval's numbers by operation, for go-tpc's [Current] lines */
  operations: OperationNumbers[];
}

export interface GoTpcHooks {
  signal?: AbortSignal;
  onInterval?: (report: GoTpcIntervalReport) => void;
  onLog?: (message: string) => void;
  onThreadsStarted?: () => void;
  onSql?: SqlLogger;
}

export interface GoTpcRun {
  result: RunResult;
  /** the whole run's numbers by operation, for go-tpc's [Summary] lines */
  operations: OperationNumbers[];
}
