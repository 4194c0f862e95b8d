// What the caller of an experiment (CLI, extension) hears while it runs, and the choices it passes in.
import type { SqlLogger } from '../../db/sqlExecutor';
import type { ExperimentCell } from '../../results/benchmarkResult';
import type { EngineConfig } from '../benchEngine';
import type { ExperimentStep } from './experimentStep';
import type { IntervalReport } from '../measurement/runStatistics';
import type { SysbenchLookup } from '../externalSysbench/sysbenchInstallation';

export interface ExperimentHooks {
  signal?: AbortSignal;
  onCell?: (cell: ExperimentCell, index: number, total: number) => void;
  onInterval?: (cellIndex: number, report: IntervalReport) => void;
  onLog?: (message: string) => void;
  onSql?: SqlLogger;
  /** before each step that takes time, including the start of every cell */
  onStep?: (step: ExperimentStep) => void;
  /** which engine runs the cells; the CLI and the extension pass their setting (default auto), callers that pass nothing get the built-in engine */
  engine?: EngineConfig;
  /** where sysbench was found, looked up once for the whole experiment (set by runExperiment) */
  sysbenchLookup?: SysbenchLookup;
}
