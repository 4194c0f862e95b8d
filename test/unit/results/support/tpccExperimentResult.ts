// A stored TPC-C experiment as `{"kind": "tpcc", "warehouses": [1, 2], "threads": [2, 4]}` with two
// variants writes it (bench/experiments/tpccExperiment.ts): cells of workload tpcc placed by params.warehouses,
// runs built as runTpcc builds them (tpccRuns.ts). One cell failed (its run never measured), one was
// client-bound (the client, not the server, set its pace), as the tab must mark them.
import type { ExperimentCell, ExperimentResult } from '../../../../src/core/results/benchmarkResult';
import { tpccEvents, tpccRunOf } from './tpccRuns';

export const TPCC_EXPERIMENT_NAME = 'TPC-C item cached';

const VARIANTS = ['default', 'item cached'];

function cell(variant: string, warehouses: number, threads: number, events: number): ExperimentCell {
  // tpccEvents' latencies run to 1 s; a local TPC-C transaction takes milliseconds
  const scaled = tpccEvents(events, warehouses * 97 + threads * 7 + variant.length).map((event) => ({ ...event, ms: event.ms / 40 }));
  const run = tpccRunOf(scaled, { warehouses, threads, durationSec: 60, startTime: '2026-12-01T18:00:00.000Z' });
  return {
    workload: 'tpcc',
    threads,
    variant,
    params: { warehouses },
    run: { ...run, id: `tpcc-${variant}-${warehouses}-${threads}`, labels: { ...run.labels, variant } },
  };
}

export function tpccExperimentResult(): ExperimentResult {
  const cells: ExperimentCell[] = [];
  for (const warehouses of [1, 2])
    for (const variant of VARIANTS)
      for (const threads of [2, 4]) {
        const base = 1500 * warehouses + 900 * threads;
        cells.push(cell(variant, warehouses, threads, variant === 'default' ? base : Math.round(base * 1.18)));
      }
  const failed = cells.find((entry) => entry.variant === 'item cached' && entry.params?.warehouses === 2 && entry.threads === 4)!;
  // as tpccExperiment.ts records a cell that never ran: no transactions counted
  failed.run = {
    ...tpccRunOf([], { warehouses: 2, threads: 4, durationSec: 60, startTime: '2026-12-01T18:07:00.000Z' }),
    id: failed.run.id,
    labels: { variant: 'item cached' },
    status: 'failed',
    message: "Table 'tpcc.item' is cached and can not be written (the variant's set-up failed)",
  };
  const bound = cells.find((entry) => entry.variant === 'item cached' && entry.params?.warehouses === 1 && entry.threads === 4)!;
  bound.run = {
    ...bound.run,
    client: { cpuUtilization: 0.97, cores: 2, eventLoopUtilization: 0.99, eventLoopDelayP99Ms: 14, bound: true },
  };
  return {
    kind: 'experiment',
    schemaVersion: 1,
    id: 'tpcc-experiment-e2e',
    name: TPCC_EXPERIMENT_NAME,
    source: { tool: 'tidb-lab', toolVersion: '0.1.0' },
    startTime: '2026-12-01T18:00:00.000Z',
    durationSec: 8 * 60 + 45,
    definition: {
      kind: 'tpcc',
      name: TPCC_EXPERIMENT_NAME,
      warehouses: [1, 2],
      threads: [2, 4],
      time: 60,
      variants: [{ name: 'default' }, { name: 'item cached', setup: ['ALTER TABLE item CACHE'], teardown: ['ALTER TABLE item NOCACHE'] }],
    },
    variants: VARIANTS,
    cells,
    status: 'completed',
  };
}
