import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importGoYcsbLog } from '../../../src/core/results/importers/goYcsbLogImporter';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';

function statsLines(text: string): { op: string; values: Record<string, number> }[] {
  return [...text.matchAll(/^(\w+)\s+- (Takes.*)$/gm)].map((match) => ({
    op: match[1],
    values: Object.fromEntries(match[2].split(', ').map((pair) => [pair.split(': ')[0], Number(pair.split(': ')[1])])),
  }));
}

describe('go-ycsb output', () => {
  const text = readBenchmarkLog('go-ycsb-workloada.log');
  const { results, warnings } = importGoYcsbLog(text);
  const lines = statsLines(text);
  const final = lines.slice(-4);

  test('one completed run named after its property file, with the properties as options and no password', () => {
    assert.deepEqual(warnings, []);
    assert.equal(results.length, 1);
    const [run] = results;
    assert.equal(run.workload, 'workloada');
    assert.equal(run.status, 'completed');
    assert.equal(run.options.threads, 16);
    assert.equal(run.options.readproportion, 0.5);
    assert.equal(run.options.operationcount, 100000);
    assert.equal(run.options.db, 'mysql');
    assert.ok(!JSON.stringify(run).includes('ycsb-secret'));
    assert.ok(!JSON.stringify(run).includes('mysql.password'));
  });

  test('the summary is the final block: TOTAL latency, operations added up, _ERROR counts as errors', () => {
    const [run] = results;
    const byOp = Object.fromEntries(final.map((line) => [line.op, line.values]));
    assert.equal(run.summary.events, byOp.READ.Count + byOp.UPDATE.Count);
    assert.equal(run.summary.tps, byOp.READ.OPS + byOp.UPDATE.OPS);
    assert.equal(run.summary.errors, byOp.UPDATE_ERROR.Count);
    assert.equal(run.summary.latencyMs.p99, byOp.TOTAL['99th(us)'] / 1000);
    assert.equal(run.summary.latencyMs.min, byOp.TOTAL['Min(us)'] / 1000);
    assert.equal(run.durationSec, 30.0041237);
    assert.equal(run.labels?.['READ.p9999_ms'], byOp.READ['99.99th(us)'] / 1000);
    assert.equal(run.labels?.['UPDATE.ops'], byOp.UPDATE.OPS);
  });

  test('intervals are the differences between the cumulative periodic blocks', () => {
    const [run] = results;
    const periodic = lines.slice(0, -4);
    const counted = (t: number): number =>
      periodic
        .filter((line) => line.values['Takes(s)'] === t && (line.op === 'READ' || line.op === 'UPDATE'))
        .reduce((sum, line) => sum + line.values.Count, 0);
    assert.deepEqual(
      run.intervals.map((interval) => interval.t),
      [10, 20, 30],
    );
    assert.equal(run.intervals[0].tps, counted(10) / 10);
    assert.equal(run.intervals[1].tps, (counted(20) - counted(10)) / 10);
    assert.equal(run.intervals[1].errors, 3 / 10, 'UPDATE_ERROR appears in the second block');
    assert.equal(run.intervals[1].latencyMs.p95, null, 'percentiles of a difference cannot be known');
    assert.ok(typeof run.intervals[1].latencyMs.avg === 'number');
  });

  test('older go-ycsb: 95th/99th only, no TOTAL, duration from "Run finished"', () => {
    const imported = importGoYcsbLog(readBenchmarkLog('go-ycsb-old-format.log'));
    assert.deepEqual(imported.warnings, []);
    const [run] = imported.results;
    assert.equal(run.summary.events, 100000);
    assert.equal(run.summary.tps, 4847.1);
    assert.deepEqual(run.summary.latencyMs, { min: 1.021, avg: 3.29, max: 98.112, p50: null, p90: null, p95: 5, p99: 9, p999: null });
    assert.equal(run.durationSec, 20.631542301);
    assert.equal(run.workload, 'unknown');
  });

  test('several operations without TOTAL: min, max and a count-weighted average, no percentiles', () => {
    const block = [
      'Run finished, takes 10s',
      'READ   - Takes(s): 10.0, Count: 300, OPS: 30.0, Avg(us): 1000, Min(us): 200, Max(us): 5000, 99th(us): 3000',
      'UPDATE - Takes(s): 10.0, Count: 100, OPS: 10.0, Avg(us): 3000, Min(us): 900, Max(us): 9000, 99th(us): 7000',
    ].join('\n');
    const [run] = importGoYcsbLog(block).results;
    assert.deepEqual(run.summary.latencyMs, {
      min: 0.2,
      avg: (300 * 1 + 100 * 3) / 400,
      max: 9,
      p50: null,
      p90: null,
      p95: null,
      p99: null,
      p999: null,
    });
    assert.equal(run.durationSec, 10);
  });

  test('a log that stops before "Run finished" is cancelled and summarised by its last block', () => {
    const cut = text.slice(0, text.indexOf('\nRun finished'));
    const [run] = importGoYcsbLog(cut).results;
    assert.equal(run.status, 'cancelled');
    const lastTotal = lines.filter((line) => line.op === 'TOTAL').at(-2) as { values: Record<string, number> };
    assert.equal(run.summary.latencyMs.avg, lastTotal.values['Avg(us)'] / 1000);
  });

  test('two runs in one file are two results', () => {
    const [run] = importGoYcsbLog(`${text}\n${text}`).results.slice(1);
    assert.equal(importGoYcsbLog(`${text}\n${text}`).results.length, 2);
    assert.equal(run.workload, 'workloada');
  });
});
