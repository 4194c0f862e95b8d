// A detached run whose process ended without a result: what its events showed is kept, marked failed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { partialResult } from '../../../../src/core/bench/detached/partialResult';
import { RUN_DIRECTORY_VERSION, type DetachedRunMeta } from '../../../../src/core/bench/detached/runEvents';
import type { ExperimentCell, ExperimentResult, RunResult } from '../../../../src/core/results/benchmarkResult';

const connection = { host: 'db.example', port: 4000, user: 'u', database: 'd' };

describe('the partial result of a run that died', () => {
  test('a benchmark keeps its intervals; its totals come from them, each weighed by its length', () => {
    const meta: DetachedRunMeta = {
      version: RUN_DIRECTORY_VERSION,
      runKey: 'k',
      createdAt: '2026-12-01T10:00:00.000Z',
      spec: { kind: 'benchmark', workload: 'oltp_read_only', connection, options: { threads: 4 }, engine: { engine: 'builtin' } },
    };
    const interval = (t: number, qps: number, avg: number, max: number) => ({
      t,
      threads: 4,
      tps: qps / 10,
      qps,
      reads: qps,
      writes: 0,
      others: 0,
      errors: 0,
      reconnects: 0,
      latencyMs: { p95: 2, avg, max, min: 0.5 },
    });
    const result = partialResult(meta, [
      { kind: 'started', pid: 1 },
      { kind: 'interval', interval: interval(1, 100, 1, 3) },
      { kind: 'log', message: 'x' },
      { kind: 'interval', interval: interval(3, 400, 2, 9) },
    ]) as RunResult;
    assert.equal(result.kind, 'run');
    assert.equal(result.status, 'failed');
    assert.match(result.message ?? '', /ended without writing its result/);
    assert.equal(result.workload, 'oltp_read_only');
    assert.deepEqual(result.options, { threads: 4 });
    assert.equal(result.intervals.length, 2);
    assert.equal(result.durationSec, 3);
    // 100 queries in the first second, 800 in the next two
    assert.equal(result.summary.queries, 900);
    assert.equal(result.summary.qps, 300);
    assert.equal(result.summary.events, 90);
    assert.equal(result.summary.latencyMs.max, 9);
    assert.equal(result.summary.latencyMs.min, 0.5);
    // the average latency weighs each interval by its events: (10 × 1 + 80 × 2) / 90
    assert.ok(Math.abs((result.summary.latencyMs.avg ?? 0) - 170 / 90) < 1e-9);
    assert.equal(result.summary.latencyMs.p95, null, 'percentiles of the whole run are not known');
    assert.equal(result.server?.host, 'db.example');
  });

  test('an experiment keeps the cells that finished', () => {
    const cell = {
      workload: 'oltp_point_select',
      threads: 1,
      variant: 'A',
      run: { server: { flavor: 'mariadb', version: '11' } },
    } as unknown as ExperimentCell;
    const meta: DetachedRunMeta = {
      version: RUN_DIRECTORY_VERSION,
      runKey: 'k',
      createdAt: new Date().toISOString(),
      spec: {
        kind: 'experiment',
        definition: {
          kind: 'sysbench',
          name: 'Study',
          workloads: [{ name: 'oltp_point_select' }],
          threads: [1, 2],
          tableSizes: [1000],
          options: {},
          variants: [{ name: 'A' }],
          params: {},
          repeat: 1,
          prepare: false,
          cleanup: false,
        },
        connection,
        engine: { engine: 'builtin' },
      },
    };
    const result = partialResult(meta, [
      { kind: 'cell', cell, index: 0, total: 2 },
      {
        kind: 'interval',
        cellIndex: 1,
        interval: { t: 1, threads: 2, tps: 1, qps: 1, reads: 1, writes: 0, others: 0, errors: 0, reconnects: 0, latencyMs: { p95: 1 } },
      },
    ]) as ExperimentResult;
    assert.equal(result.kind, 'experiment');
    assert.equal(result.name, 'Study');
    assert.equal(result.status, 'failed');
    assert.deepEqual(result.cells, [cell]);
    assert.deepEqual(result.variants, ['A']);
  });
});
