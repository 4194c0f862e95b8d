import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareRuns } from '../../../src/core/results/runComparison';
import { SINGLE_RUN_NOISE_PCT } from '../../../src/core/results/singleRunNoise';
import { sampleRun } from './support/sampleResults';

describe('compareRuns', () => {
  const first = sampleRun({ id: 'a', name: 'before' }, { tps: 1000, qps: 1000, errors: 0 });
  const second = sampleRun(
    { id: 'b', name: 'after', durationSec: 2 },
    { tps: 1250, qps: 1250, errors: 4, latencyMs: { min: 0.1, avg: 0.6, max: 10, p50: 0.5, p90: 1, p95: 1.16, p99: 2, p999: 5 } },
  );
  const third = sampleRun({ id: 'c', name: 'other', status: 'cancelled' }, { tps: 500, qps: 500, errors: 0 });

  test('values side by side and % differences from the first run, with the direction that is better', () => {
    const comparison = compareRuns([first, second, third], ['tps', 'p95', 'errorsPerSec']);
    assert.deepEqual(
      comparison.runs.map((run) => [run.id, run.name, run.threads, run.status]),
      [
        ['a', 'before', 8, 'completed'],
        ['b', 'after', 8, 'completed'],
        ['c', 'other', 8, 'cancelled'],
      ],
    );
    const [tps, p95, errors] = comparison.metrics;
    assert.deepEqual(tps.values, [1000, 1250, 500]);
    assert.deepEqual(tps.changePctVsFirst, [0, 25, -50]);
    assert.deepEqual(tps.improvementPctVsFirst, [0, 25, -50]);
    assert.equal(p95.metric.better, 'lower');
    assert.ok(Math.abs((p95.changePctVsFirst[1] ?? 0) - -20) < 1e-9);
    assert.ok(Math.abs((p95.improvementPctVsFirst[1] ?? 0) - 20) < 1e-9);
    assert.deepEqual(errors.values, [0, 2, 0]);
    assert.deepEqual(errors.changePctVsFirst, [0, null, 0], 'no % change from zero');
  });

  test('warns about what makes a comparison shaky', () => {
    assert.deepEqual(compareRuns([first]).warnings, ['a comparison needs two runs or more; only 1 run is left']);
    const unnamed = compareRuns([first, sampleRun({ id: '5b0c8e1e-uuid', name: undefined, status: 'failed' })]);
    assert.deepEqual(
      unnamed.warnings,
      ['oltp_point_select · 8 threads failed: its numbers cover only part of the run'],
      'a run without a name is named by workload and threads, not its id',
    );
    assert.equal(unnamed.runs[1].name, 'oltp_point_select · 8 threads');
    const mixed = compareRuns([first, sampleRun({ id: 'x', workload: 'oltp_read_write' }), third]);
    assert.deepEqual(mixed.warnings, [
      'the runs are of different workloads (oltp_point_select, oltp_read_write): their numbers measure different things',
      'other was cancelled: its numbers cover only part of the run',
    ]);
  });

  test('each run says its engine and connection; a comparison across engines or connections warns', () => {
    const local = { flavor: 'mariadb' as const, version: '10.11.19', host: '127.0.0.1', port: 3406 };
    const builtin = sampleRun({
      id: 'b',
      name: 'built-in run',
      connection: 'local',
      server: local,
      source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'builtin' },
    });
    const sysbench = sampleRun({
      id: 's',
      name: 'sysbench run',
      connection: 'local',
      server: local,
      source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'sysbench', engineVersion: '1.0.20' },
    });
    const elsewhere = sampleRun({
      id: 'e',
      name: 'other server',
      connection: 'tidb',
      server: { flavor: 'tidb', version: '8.5.1', host: '10.0.0.5', port: 4000 },
      source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'sysbench', engineVersion: '1.0.20' },
    });
    const mixed = compareRuns([builtin, sysbench]);
    assert.deepEqual(
      mixed.runs.map((run) => [run.engine, run.connection]),
      [
        ['built-in', 'local (127.0.0.1:3406)'],
        ['sysbench 1.0.20', 'local (127.0.0.1:3406)'],
      ],
    );
    assert.deepEqual(mixed.warnings, [
      "the runs were made by different engines (built-in run: built-in; sysbench run: sysbench 1.0.20): each measures latency in its own way, so part of a difference may be the engine's, not the server's",
    ]);
    assert.deepEqual(compareRuns([sysbench, elsewhere]).warnings, [
      'the runs ran on different connections (sysbench run: local (127.0.0.1:3406); other server: tidb (10.0.0.5:4000)): they may not have measured the same server',
    ]);
    // the same engine on the same server: nothing to say; an imported sysbench log is sysbench's numbers too
    assert.deepEqual(compareRuns([sysbench, { ...sysbench, id: 's2', name: 'again' }]).warnings, []);
    const imported = sampleRun({ id: 'i', name: 'imported', source: { tool: 'sysbench', toolVersion: '1.0.20' }, server: local });
    const withImport = compareRuns([sysbench, imported]);
    assert.deepEqual(withImport.warnings, []);
    assert.deepEqual(withImport.runs[1].engine, 'sysbench 1.0.20 (imported log)');
    assert.deepEqual(withImport.runs[1].connection, '127.0.0.1:3406');
    // a run made before results named their engine was the built-in engine's
    assert.equal(compareRuns([first, second]).runs[0].engine, 'built-in');
    // go-tpc run by TiDB Lab is go-tpc's numbers, like an imported go-tpc log of the same version
    const goTpc = sampleRun({
      id: 'g',
      name: 'go-tpc run',
      connection: 'local',
      server: local,
      source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'go-tpc', engineVersion: '1.0.12' },
    });
    const againstBuiltin = compareRuns([builtin, goTpc]);
    assert.equal(againstBuiltin.runs[1].engine, 'go-tpc 1.0.12');
    assert.equal(againstBuiltin.warnings.length, 1);
  });

  test('single runs carry no spread: a change under the noise band may be noise, a larger one or none is not', () => {
    const base = sampleRun({ id: 'a', name: 'before' }, { tps: 1000 });
    const comparison = compareRuns(
      [
        base,
        sampleRun({ id: 'b', name: 'a little' }, { tps: 1060 }),
        sampleRun({ id: 'c', name: 'a lot' }, { tps: 1250 }),
        sampleRun({ id: 'd', name: 'same' }, { tps: 1000 }),
        sampleRun({ id: 'e', name: 'a little less' }, { tps: 950 }),
      ],
      ['tps'],
    );
    assert.deepEqual(comparison.metrics[0].withinNoise, [false, true, false, false, true]);
    assert.equal(comparison.noiseBandPct, SINGLE_RUN_NOISE_PCT);
    assert.equal(SINGLE_RUN_NOISE_PCT, 10);
    const clear = compareRuns([base, sampleRun({ id: 'c', name: 'a lot' }, { tps: 1250 })], ['tps']);
    assert.deepEqual(clear.metrics[0].withinNoise, [false, false]);
    assert.equal(clear.noiseBandPct, null, 'no note when no change is within the noise');
  });

  test('the default metrics cover throughput, latency and errors', () => {
    assert.deepEqual(
      compareRuns([first, second]).metrics.map((metric) => metric.metric.key),
      ['tps', 'qps', 'avg', 'p95', 'p99', 'max', 'errorsPerSec'],
    );
  });
});
