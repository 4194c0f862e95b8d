import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resultToJson } from '../../../src/core/results/exportJson';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import { benchmarkLogNames, readBenchmarkLog } from './support/benchmarkLogFixtures';

describe('importBenchmarkLog', () => {
  test('each fixture is taken for the tool that wrote it', () => {
    const formats = Object.fromEntries(benchmarkLogNames().map((name) => [name, importBenchmarkLog(readBenchmarkLog(name), name).format]));
    for (const [name, format] of Object.entries(formats)) {
      const expected = name.startsWith('sysbench') ? 'sysbench' : name.startsWith('go-tpc') ? 'go-tpc' : 'go-ycsb';
      assert.equal(format, expected, name);
    }
  });

  test('a sysbench log whose first line is a report line ("[ 10s ] thds: ...") is a sysbench log, not JSON', () => {
    const text = [
      '[ 10s ] thds: 8 tps: 1000.00 qps: 1000.00 (r/w/o: 1000.00/0.00/0.00) lat (ms,95%): 9.91 err/s: 0.00 reconn/s: 0.00',
      '[ 20s ] thds: 8 tps: 1100.00 qps: 1100.00 (r/w/o: 1100.00/0.00/0.00) lat (ms,95%): 9.73 err/s: 0.00 reconn/s: 0.00',
    ].join('\n');
    const imported = importBenchmarkLog(text, 'tail.log', { fileModifiedTime: '2026-03-01T09:00:20.000Z' });
    assert.equal(imported.format, 'sysbench');
    assert.equal(imported.results.length, 1);
    const run = imported.results[0];
    assert.ok(run.kind === 'run');
    assert.deepEqual(
      run.intervals.map((interval) => interval.tps),
      [1000, 1100],
    );
    assert.equal(run.startTime, '2026-03-01T09:00:00.000Z');
  });

  test('the file name is kept as the source of every run', () => {
    const { results } = importBenchmarkLog(readBenchmarkLog('sysbench-1.0.20-appended-runs.log'), 'loop.log');
    assert.equal(results.length, 4);
    assert.ok(results.every((result) => result.kind === 'run' && result.source.importedFrom === 'loop.log'));
  });

  test('a TiDB Lab JSON result (one, or a list) comes back as it was exported', () => {
    const { results: imported } = importBenchmarkLog(readBenchmarkLog('sysbench-1.0.20-rate.log'));
    const json = resultToJson(imported[0]);
    const again = importBenchmarkLog(json, 'run.json');
    assert.equal(again.format, 'tidb-lab-json');
    assert.deepEqual(again.warnings, []);
    assert.deepEqual(again.results, imported);
    const list = importBenchmarkLog(JSON.stringify([imported[0], { kind: 'nope' }]));
    assert.equal(list.results.length, 1);
    assert.match(list.warnings[0], /^item 2: schemaVersion/);
  });

  test('bad input gets a clear message and no results', () => {
    assert.deepEqual(importBenchmarkLog(''), { results: [], warnings: ['nothing to import: the file is empty'], format: null });
    assert.deepEqual(importBenchmarkLog('   \n\n'), { results: [], warnings: ['nothing to import: the file is empty'], format: null });
    assert.deepEqual(importBenchmarkLog('just some notes\nabout a meeting\n'), {
      results: [],
      warnings: ['no run found: this is not sysbench, go-tpc or go-ycsb output (no report lines or summaries were recognised)'],
      format: null,
    });
    const brokenJson = importBenchmarkLog('{"kind": "run", ');
    assert.equal(brokenJson.results.length, 0);
    assert.match(brokenJson.warnings[0], /starts like JSON but is not valid JSON/);
    assert.deepEqual(importBenchmarkLog(42 as unknown as string).warnings, ['nothing to import: the file could not be read as text']);
  });

  test('a file mixing tools imports the main one and says what it left', () => {
    const text = `${readBenchmarkLog('sysbench-1.0.20-appended-runs.log')}\n${readBenchmarkLog('go-ycsb-old-format.log')}`;
    const { format, results, warnings } = importBenchmarkLog(text);
    assert.equal(format, 'sysbench');
    assert.equal(results.length, 4);
    assert.ok(
      warnings.some((warning) => /lines that look like go-ycsb output; they were not imported/.test(warning)),
      warnings.join('\n'),
    );
  });
});
