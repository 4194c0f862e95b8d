// Small hand-made results for the tests of validation, comparison and exports.

import {
  RESULT_SCHEMA_VERSION,
  type ExperimentCell,
  type ExperimentResult,
  type RunResult,
} from '../../../../src/core/results/benchmarkResult';

export function sampleRun(overrides: Partial<RunResult> = {}, summary: Partial<RunResult['summary']> = {}): RunResult {
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: 'run-1',
    name: 'oltp_point_select, 8 threads',
    source: { tool: 'tidb-lab', toolVersion: '0.1.0' },
    workload: 'oltp_point_select',
    options: { threads: 8, time: 2, table_size: 10000, rand_type: 'uniform', skip_trx: false },
    server: { flavor: 'mariadb', version: '10.11.19', host: '127.0.0.1', port: 3306 },
    startTime: '2026-11-29T10:00:00.000Z',
    durationSec: 2,
    intervals: [
      {
        t: 1,
        threads: 8,
        tps: 1000,
        qps: 1000,
        reads: 1000,
        writes: 0,
        others: 0,
        errors: 0,
        reconnects: 0,
        latencyMs: { p95: 1.5, p99: 2.5, avg: 0.8 },
      },
      { t: 2, threads: 8, tps: 1100, qps: 1100, reads: 1100, writes: 0, others: 0, errors: 1, reconnects: 0, latencyMs: { p95: 1.4 } },
    ],
    summary: {
      events: 2100,
      queries: 2100,
      reads: 2100,
      writes: 0,
      others: 0,
      tps: 1050,
      qps: 1050,
      errors: 1,
      reconnects: 0,
      latencyMs: { min: 0.2, avg: 0.8, max: 12, p50: 0.7, p90: 1.2, p95: 1.45, p99: 2.4, p999: 8 },
      ...summary,
    },
    histogram: { bucketsMs: [0.5, 1, 2], counts: [1000, 1000, 100] },
    status: 'completed',
    ...overrides,
  };
}

export interface CellSpec {
  workload: string;
  threads: number;
  variant: string;
  qps: number;
  p95: number;
  tableSize?: number;
  params?: ExperimentCell['params'];
  status?: RunResult['status'];
  cacheHit?: ExperimentCell['cacheHit'];
}

export function sampleExperiment(cells: CellSpec[], variants = ['normal', 'cached']): ExperimentResult {
  return {
    kind: 'experiment',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: 'exp-1',
    name: 'cached vs normal',
    source: { tool: 'tidb-lab', toolVersion: '0.1.0' },
    startTime: '2026-11-29T10:00:00.000Z',
    durationSec: 600,
    definition: { preset: 'cached-table', variants },
    variants,
    cells: cells.map((spec, index) => ({
      workload: spec.workload,
      threads: spec.threads,
      variant: spec.variant,
      ...(spec.tableSize !== undefined ? { tableSize: spec.tableSize } : {}),
      ...(spec.params !== undefined ? { params: spec.params } : {}),
      ...(spec.cacheHit !== undefined ? { cacheHit: spec.cacheHit } : {}),
      run: sampleRun(
        {
          id: `cell-${index}`,
          workload: spec.workload,
          options: { threads: spec.threads },
          status: spec.status ?? 'completed',
          labels: { variant: spec.variant },
        },
        {
          qps: spec.qps,
          tps: spec.qps,
          latencyMs: { min: null, avg: null, max: null, p50: null, p90: null, p95: spec.p95, p99: null, p999: null },
        },
      ),
    })),
    status: 'completed',
  };
}
