// What the results panel marks as client-bound: the live note's rule and the heatmap cells.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ClientLoad, ResultInterval } from '../../../src/core/results/benchmarkResult';
import { variantChangeTable } from '../../../src/core/results/variantComparison';
import type { BenchmarkResultsStrings } from '../../../src/protocol/benchmarkResults';
import {
  clientBoundVariantsByCell,
  clientLoadText,
  heatmapCellKey,
  liveClientSaturation,
} from '../../../webview/benchmarkResults/clientLoadNotes';
import { NumberFormatter } from '../../../webview/benchmarkResults/numberFormat';
import type { ViewContext } from '../../../webview/benchmarkResults/viewContext';
import { cellSettingLabel } from '../../../webview/benchmarkResults/sweepSeries';
import { sampleExperiment, type CellSpec } from '../results/support/sampleResults';

const bound: ClientLoad = { cpuUtilization: 0.36, cores: 1, eventLoopUtilization: 1, eventLoopDelayP99Ms: 4.2, bound: true };
const free: ClientLoad = { cpuUtilization: 0.03, cores: 2, eventLoopUtilization: 0.02, eventLoopDelayP99Ms: 9, bound: false };
const interval = (t: number, client?: ClientLoad): ResultInterval => ({
  t,
  threads: 64,
  tps: 1,
  qps: 1,
  reads: 1,
  writes: 0,
  others: 0,
  errors: 0,
  reconnects: 0,
  latencyMs: { p95: 1 },
  ...(client ? { client } : {}),
});

describe('the live note', () => {
  test('shows while the intervals so far meet the run rule, with the latest figures', () => {
    assert.deepEqual(liveClientSaturation([interval(1, bound), interval(2, free), interval(3, free)]), {
      latest: free,
      saturated: 1,
      measured: 3,
    });
    assert.equal(liveClientSaturation([interval(1, bound), interval(2, free), interval(3, free), interval(4, free)]), undefined);
  });

  test('shows nothing for a light run or a run without client figures', () => {
    assert.equal(liveClientSaturation([interval(1, free), interval(2, free)]), undefined);
    assert.equal(liveClientSaturation([interval(1), interval(2)]), undefined);
    assert.equal(liveClientSaturation([]), undefined);
  });
});

describe('heatmap cells with a client-bound run', () => {
  test('are found under the key of the heatmap row they belong to, with the variants that were bound', () => {
    const experiment = sampleExperiment([
      { workload: 'oltp_read_write', threads: 8, variant: 'normal', qps: 100, p95: 2, tableSize: 5000, params: { point_selects: 40 } },
      { workload: 'oltp_read_write', threads: 8, variant: 'cached', qps: 120, p95: 1.5, tableSize: 5000, params: { point_selects: 40 } },
      { workload: 'oltp_point_select', threads: 64, variant: 'normal', qps: 100, p95: 2, tableSize: 5000 },
      { workload: 'oltp_point_select', threads: 64, variant: 'cached', qps: 90, p95: 3, tableSize: 5000 },
    ]);
    experiment.cells[1].run.client = bound;
    experiment.cells[2].run.client = free;
    const byCell = clientBoundVariantsByCell(experiment, ['normal', 'cached']);
    const table = variantChangeTable(experiment, { metric: 'qps', baseline: 'normal', candidate: 'cached' });
    const marked = table.rows.map((row) => [
      row.workload,
      row.threads,
      byCell.get(heatmapCellKey(cellSettingLabel(row), row.tableSize, row.threads)) ?? [],
    ]);
    assert.deepEqual(
      marked,
      [
        ['oltp_read_write', 8, ['cached']],
        ['oltp_point_select', 64, []],
      ].sort((a, b) => table.rows.findIndex((row) => row.workload === a[0]) - table.rows.findIndex((row) => row.workload === b[0])),
    );
    assert.equal(clientBoundVariantsByCell(experiment, ['normal']).size, 0, 'only the variants the heatmap compares count');
  });

  test("a bulk-load study's bound cell is found under its heatmap row, which has no key_order", () => {
    const bulk = (variant: string): CellSpec => ({
      workload: 'bulk_load',
      threads: 5,
      variant,
      qps: 100,
      p95: 1,
      params: { rows_per_insert: 2000, key_order: variant },
    });
    const experiment = sampleExperiment([bulk('ordered'), bulk('shuffled')], ['ordered', 'shuffled']);
    experiment.cells[1].run.client = bound;
    const byCell = clientBoundVariantsByCell(experiment, ['ordered', 'shuffled']);
    const [row] = variantChangeTable(experiment, { metric: 'qps' }).rows;
    assert.deepEqual(byCell.get(heatmapCellKey(cellSettingLabel(row), row.tableSize, row.threads)), ['shuffled']);
  });
});

describe("the client's figures", () => {
  const context = {
    strings: {
      clientLoad: '{0}% CPU of {1}',
      clientLoopBusy: ', event loop busy {0}%',
      clientDelay: ', event-loop delay p99 {0} ms',
      clientRunnable: ', worker running or waiting for a core {0}%',
      clientMainThreadRunnable: ', main thread running or waiting for a core {0}%',
      clientOneCore: '1 core',
      clientCores: '{0} cores',
    } as BenchmarkResultsStrings,
    format: new NumberFormatter('en-US'),
  } as ViewContext;

  test('name the delay where a worker sampled it', () => {
    assert.equal(clientLoadText(context, bound), '36% CPU of 1 core, event loop busy 100%, event-loop delay p99 4.2 ms');
  });

  test('leave the delay out where none was sampled (blocking reads), rather than show 0 ms', () => {
    const { eventLoopDelayP99Ms: _delay, ...blocking } = { ...free, runnableShare: 0.55 };
    assert.equal(clientLoadText(context, blocking), '3% CPU of 2 cores, event loop busy 2%, worker running or waiting for a core 55%');
  });

  test("name the main thread's run queue for TPC-C, CH-benCHmark and rawsql runs, whose connections all live on it", () => {
    const load: ClientLoad = { ...free, runnableShare: 0.55 };
    for (const workload of ['tpcc', 'ch', 'rawsql'])
      assert.equal(
        clientLoadText(context, load, workload),
        '3% CPU of 2 cores, event loop busy 2%, event-loop delay p99 9 ms, main thread running or waiting for a core 55%',
        workload,
      );
    assert.match(clientLoadText(context, load, 'oltp_read_write'), /, worker running or waiting for a core 55%$/);
  });

  test('leave the loop out where no worker sent it (each blocked in read(2) at the tick), rather than show busy 0%', () => {
    assert.equal(clientLoadText(context, { cpuUtilization: 0.3, cores: 2, bound: false }), '30% CPU of 2 cores');
  });
});
