import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientSummaryLine } from '../../../src/core/results/clientBound';
import { importSysbenchLog } from '../../../src/core/results/importers/sysbenchLogImporter';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { benchmarkLogNames, readBenchmarkLog } from './support/benchmarkLogFixtures';
import { assertSameNumbers, sysbenchRunsInText } from './support/sysbenchReportOracle';

const realLogs = benchmarkLogNames().filter((name) => name.startsWith('sysbench-1.0.20-'));
const readFixture = readBenchmarkLog;

describe('importing real sysbench 1.0.20 logs', () => {
  test('the fixtures are there', () => {
    assert.ok(realLogs.length >= 7, `found ${realLogs.join(', ')}`);
  });

  for (const name of realLogs) {
    test(`${name}: every interval and summary value is sysbench's own`, () => {
      const text = readFixture(name);
      const expected = sysbenchRunsInText(text);
      const { results, warnings } = importSysbenchLog(text, { fileName: name });
      assert.deepEqual(warnings, []);
      assert.equal(results.length, expected.length, 'one result per run in the log');
      results.forEach((run, index) => {
        assertSameNumbers(run, expected[index]);
        assert.equal(run.source.tool, 'sysbench');
        assert.equal(run.source.toolVersion, '1.0.20');
        assert.equal(run.source.importedFrom, name);
        const validated = parseBenchmarkResult(JSON.parse(JSON.stringify(run)));
        assert.ok(validated.ok, JSON.stringify(validated));
      });
    });
  }

  test('four appended runs come back as four runs, each with the workload and options of its command line', () => {
    const { results } = importSysbenchLog(readFixture('sysbench-1.0.20-appended-runs.log'));
    assert.deepEqual(
      results.map((run) => [run.workload, run.options.threads, run.options.tables, run.status]),
      [
        ['oltp_point_select', 2, 2, 'completed'],
        ['oltp_read_only', 4, 2, 'completed'],
        ['select_random_points', 2, 1, 'completed'],
        ['oltp_read_write', 2, 2, 'completed'],
      ],
    );
    assert.equal(results[3].options.rand_type, 'uniform');
    assert.equal(results[0].options.table_size, 2000);
    assert.equal(new Set(results.map((run) => run.id)).size, 4, 'distinct ids');
  });

  test("TiDB Lab's Client line after the report imports without a warning, also when only the CPU was measured", () => {
    const text = readFixture('sysbench-1.0.20-rate.log');
    for (const client of [
      { cpuUtilization: 0.3, cores: 2, bound: false },
      { cpuUtilization: 0.97, cores: 1, bound: true },
      { cpuUtilization: 0.41, cores: 2, eventLoopUtilization: 0.3, bound: false },
    ]) {
      const line = clientSummaryLine({ client, intervals: [] }) ?? '';
      assert.deepEqual(importSysbenchLog(`${text.trimEnd()}\n${line}\n`, { fileName: 'run.log' }).warnings, [], line);
    }
  });

  test('the password of the command line is in no result', () => {
    for (const name of realLogs) {
      const text = readFixture(name);
      if (!text.includes('--mysql-password=tidblab-pw')) continue;
      const { results } = importSysbenchLog(text);
      const json = JSON.stringify(results);
      assert.ok(!json.includes('tidblab-pw'), name);
      assert.ok(!json.includes('mysql_password'), name);
    }
  });

  test('without a command line the workload is unknown but the numbers are all there', () => {
    const [run] = importSysbenchLog(readFixture('sysbench-1.0.20-no-command-line.log')).results;
    assert.equal(run.workload, 'unknown');
    assert.equal(run.options.threads, 2);
    assert.equal(run.options.report_interval, 1);
    assert.equal(run.status, 'completed');
  });

  test('--rate: the target rate is an option and the queue lines are understood', () => {
    const { results, warnings } = importSysbenchLog(readFixture('sysbench-1.0.20-rate.log'));
    assert.deepEqual(warnings, []);
    assert.equal(results[0].options.rate, 200);
  });

  test('--percentile=99: latencies land in p99, p95 stays unknown, the histogram matches the event count', () => {
    const [run] = importSysbenchLog(readFixture('sysbench-1.0.20-percentile-99.log')).results;
    assert.equal(run.options.percentile, 99);
    assert.ok(run.intervals.every((interval) => interval.latencyMs.p95 === null && typeof interval.latencyMs.p99 === 'number'));
    assert.equal(run.summary.latencyMs.p95, null);
    assert.ok(run.histogram !== undefined);
    const expected = sysbenchRunsInText(readFixture('sysbench-1.0.20-percentile-99.log'))[0];
    assert.deepEqual(run.histogram.counts, expected.histogramCounts);
    assert.equal(run.histogram.bucketsMs.length, run.histogram.counts.length);
    assert.equal(
      run.histogram.counts.reduce((a, b) => a + b, 0),
      run.summary.events,
    );
  });

  test('a run killed by an SQL error is failed, keeps its intervals and says why', () => {
    const [run] = importSysbenchLog(readFixture('sysbench-1.0.20-fatal.log')).results;
    assert.equal(run.status, 'failed');
    assert.ok(run.intervals.length >= 1);
    assert.match(run.message ?? '', /FATAL: mysql_stmt_execute\(\) returned error 1146/);
    assert.equal(run.summary.latencyMs.avg, null, 'no latency summary to invent');
    assert.ok(run.summary.events > 0, 'events worked out from the report lines');
  });

  test('a run interrupted with Ctrl-C is cancelled, with a summary worked out from its report lines', () => {
    const [run] = importSysbenchLog(readFixture('sysbench-1.0.20-interrupted.log')).results;
    const expected = sysbenchRunsInText(readFixture('sysbench-1.0.20-interrupted.log'))[0];
    assert.equal(run.status, 'cancelled');
    assert.match(run.message ?? '', /ends before sysbench's final summary/);
    const events = expected.intervals.reduce((sum, line, i) => sum + line.tps * (line.t - (i === 0 ? 0 : expected.intervals[i - 1].t)), 0);
    assert.equal(run.summary.events, Math.round(events));
    assert.equal(run.durationSec, expected.intervals.at(-1)?.t);
  });

  test('ignored errors (deadlocks) are counted per interval and in the summary', () => {
    const [run] = importSysbenchLog(readFixture('sysbench-1.0.20-ignored-errors.log')).results;
    assert.ok(run.summary.errors > 0);
    assert.ok(run.intervals.some((interval) => interval.errors > 0));
  });
});
