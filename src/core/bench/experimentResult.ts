// The ExperimentResult both experiment kinds return.
import { randomUUID } from 'node:crypto';
import { RESULT_SCHEMA_VERSION, type ExperimentCell, type ExperimentResult, type RunStatus, type ServerInfo } from '../results/benchmarkResult';
import type { ExperimentDefinition } from './experimentDefinition';
import { TOOL_NAME, TOOL_VERSION } from './runBenchmark';

export interface ExperimentOutcome {
  definition: ExperimentDefinition;
  variants: string[];
  cells: ExperimentCell[];
  status: RunStatus;
  message?: string;
  server?: ServerInfo;
  /** Date.now() when the experiment started */
  startedMs: number;
}

export function experimentResult(outcome: ExperimentOutcome): ExperimentResult {
  return {
    kind: 'experiment',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    name: outcome.definition.name,
    source: { tool: TOOL_NAME, toolVersion: TOOL_VERSION },
    server: outcome.server,
    startTime: new Date(outcome.startedMs).toISOString(),
    durationSec: (Date.now() - outcome.startedMs) / 1000,
    definition: outcome.definition,
    variants: outcome.variants,
    cells: outcome.cells,
    status: outcome.status,
    message: outcome.message,
  };
}
