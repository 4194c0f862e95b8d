import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvMetadataBlock, resultMetadata } from '../../../src/core/results/csvMetadata';
import { intervalsToCsv } from '../../../src/core/results/exportCsv';
import { sampleExperiment, sampleRun } from './support/sampleResults';

describe('CSV metadata block', () => {
  test("a run's CSV starts with what it is about: workload, server, engine, every option, errors by code", () => {
    const run = sampleRun(
      { source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'builtin' } },
      { errors: 12, errorCodes: { 1213: 10, 2013: 2 } },
    );
    const block = csvMetadataBlock(resultMetadata(run, 'oltp_point_select · 8 threads'));
    const lines = block.split('\r\n').filter(Boolean);
    assert.ok(
      lines.every((line) => line.startsWith('# ')),
      'every metadata line is a comment a CSV reader can skip',
    );
    const entries = new Map(
      lines.map((line) => {
        const [key, ...rest] = line.slice(2).split(',');
        return [key, rest.join(',')];
      }),
    );
    assert.equal(entries.get('result'), 'benchmark run');
    assert.equal(entries.get('workload'), 'oltp_point_select');
    assert.equal(entries.get('server'), 'MariaDB 10.11.19 at 127.0.0.1:3306');
    assert.equal(entries.get('engine'), '"tidb-lab 0.1.0, built-in engine"', 'a value with a comma is quoted');
    assert.equal(entries.get('option.threads'), '8');
    assert.equal(entries.get('option.rand_type'), 'uniform');
    assert.equal(entries.get('option.skip_trx'), 'false');
    assert.equal(entries.get('errors_by_code'), '"1213 deadlock ×10, 2013 lost connection ×2"');
    assert.ok(!entries.has('message'), 'entries without a value are left out');
    const csv = block + intervalsToCsv(run);
    assert.match(csv.split('\r\n').find((line) => !line.startsWith('#')) ?? '', /^t_s,threads,tps,/, 'the table follows the block');
  });

  test("an experiment's block names its variants, runs and common options", () => {
    const experiment = {
      ...sampleExperiment([{ workload: 'w', threads: 8, variant: 'normal', qps: 1, p95: 1 }]),
      definition: { options: { time: 600, report_interval: 10, nested: { no: 1 } } },
    };
    const entries = resultMetadata(experiment, experiment.name);
    assert.deepEqual(
      entries.filter(([key]) => key.startsWith('option.')),
      [
        ['option.report_interval', 10],
        ['option.time', 600],
      ],
    );
    assert.ok(entries.some(([key, value]) => key === 'variants' && value === 'normal | cached'));
    assert.ok(entries.some(([key, value]) => key === 'runs' && value === 1));
  });

  test('text in the block that a spreadsheet would run as a formula stays text', () => {
    assert.equal(csvMetadataBlock([['name', '=HYPERLINK("x")']]), '# name,"\'=HYPERLINK(""x"")"\r\n');
  });
});
