import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveBenchOptions } from '../../../src/core/bench/benchOptions';
import { EngineError, chooseEngine } from '../../../src/core/bench/benchEngine';
import type { IntervalReport } from '../../../src/core/bench/measurement/runStatistics';
import { parseSysbenchVersion, isSupportedSysbenchVersion } from '../../../src/core/bench/externalSysbench/sysbenchInstallation';
import { configLine, sysbenchInvocation, SysbenchInvocationError } from '../../../src/core/bench/externalSysbench/sysbenchInvocation';
import { IntervalReportReader, LineSplitter, summaryDetails } from '../../../src/core/bench/externalSysbench/sysbenchOutput';
import type { SysbenchLookup } from '../../../src/core/bench/externalSysbench/sysbenchInstallation';

const resolve = (workload: string, options: Record<string, string> = {}) => resolveBenchOptions(workload, new Map(Object.entries(options)));
const FOUND: SysbenchLookup = { found: true, installation: { path: '/usr/bin/sysbench', version: '1.0.20' } };
const MISSING: SysbenchLookup = { found: false, reason: 'sysbench is not installed (not on PATH)' };

/** sysbench 1.0.20's read_config (sb_options.c), to check that what we write reads back as written. */
function readConfigLikeSysbench(text: string): Map<string, string[]> {
  const options = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const equals = line.indexOf('=');
    if (equals < 0) continue;
    const values: string[] = [];
    let rest = line.slice(equals + 1);
    while (rest.length > 0) {
      if (/^\s/.test(rest)) {
        rest = rest.slice(1);
        continue;
      }
      if (rest[0] === '#') break;
      if (rest[0] === "'" || rest[0] === '"') {
        const end = rest.indexOf(rest[0], 1);
        assert.ok(end > 0, `unterminated quote in ${line}`);
        values.push(rest.slice(1, end));
        rest = rest.slice(end + 1);
        const comma = rest.indexOf(',');
        rest = comma < 0 ? '' : rest.slice(comma + 1);
      } else {
        const match = /^[^,\s]*/.exec(rest)![0];
        values.push(match);
        rest = rest.slice(match.length + 1);
      }
    }
    options.set(line.slice(0, equals), values);
  }
  return options;
}

describe('the sysbench command from the option model', () => {
  test('general and MySQL options (with the password) go to the config file; workload options on the command line', () => {
    const options = resolve('oltp_read_write', {
      threads: '8',
      time: '30',
      'report-interval': '10',
      'rand-type': 'uniform',
      'rand-seed': '7',
      table_size: '5000',
      tables: '4',
      delete_inserts: '10',
      'mysql-host': '10.0.0.1,10.0.0.2',
      'mysql-port': '4000',
      'mysql-user': 'bench',
      'mysql-password': 's3cret pw,#1',
      'mysql-db': 'sbtest',
      'mysql-ssl': 'on',
      percentile: '99',
      histogram: 'on',
      'forced-shutdown': '5',
    });
    const invocation = sysbenchInvocation(options, 'run', false);
    const config = readConfigLikeSysbench(invocation.configText);
    assert.deepEqual(config.get('mysql-password'), ['s3cret pw,#1']);
    assert.deepEqual(config.get('mysql-host'), ['10.0.0.1', '10.0.0.2']);
    assert.deepEqual(config.get('threads'), ['8']);
    assert.deepEqual(config.get('time'), ['30']);
    assert.deepEqual(config.get('report-interval'), ['10']);
    assert.deepEqual(config.get('rand-type'), ['uniform']);
    assert.deepEqual(config.get('rand-seed'), ['7']);
    assert.deepEqual(config.get('percentile'), ['99']);
    assert.deepEqual(config.get('histogram'), ['on']);
    assert.deepEqual(config.get('forced-shutdown'), ['5']);
    assert.deepEqual(config.get('mysql-ssl'), ['on']);
    assert.deepEqual(config.get('mysql-ignore-errors'), ['1020', '1205', '1213']);
    assert.ok(invocation.args.every((arg) => !arg.includes('s3cret')));
    // sysbench turns a flag on by any value in its config file, "off" too: off flags are left out
    const plain = readConfigLikeSysbench(
      sysbenchInvocation(resolve('oltp_point_select', { debug: 'off', 'mysql-ssl': 'off' }), 'run', false).configText,
    );
    assert.equal(plain.has('mysql-ssl'), false);
    // a run asks for sysbench's histogram itself (its percentiles, sysbenchHistogram.ts), except at
    // --percentile=0, which sysbench refuses it with: there --histogram=off is left out as the others
    assert.deepEqual(plain.get('histogram'), ['on']);
    const noPercentile = readConfigLikeSysbench(
      sysbenchInvocation(resolve('oltp_point_select', { percentile: '0', histogram: 'off' }), 'run', false).configText,
    );
    assert.equal(noPercentile.has('histogram'), false);
    assert.equal(plain.has('debug'), false);
    assert.deepEqual(invocation.args.slice(-2), ['oltp_read_write', 'run']);
    assert.ok(invocation.args.includes('--table_size=5000'));
    assert.ok(invocation.args.includes('--tables=4'));
    assert.ok(invocation.args.includes('--delete_inserts=10'));
    assert.ok(invocation.args.includes('--range_selects=on'));
  });

  test("on TiDB the built-in engine's retryable errors are given to sysbench too, unless --mysql-ignore-errors was given", () => {
    const tidb = readConfigLikeSysbench(sysbenchInvocation(resolve('oltp_point_select'), 'run', true).configText);
    assert.deepEqual(tidb.get('mysql-ignore-errors'), ['1020', '1205', '1213', '8002', '8005', '8022', '8028', '9007']);
    const explicit = readConfigLikeSysbench(
      sysbenchInvocation(resolve('oltp_point_select', { 'mysql-ignore-errors': 'all' }), 'run', true).configText,
    );
    assert.deepEqual(explicit.get('mysql-ignore-errors'), ['all']);
  });

  test('select_random_* get their own options; bulk_insert takes no table options', () => {
    assert.ok(
      sysbenchInvocation(resolve('select_random_points', { random_points: '20' }), 'run', false).args.includes('--random_points=20'),
    );
    assert.ok(sysbenchInvocation(resolve('select_random_ranges', { delta: '9' }), 'run', false).args.includes('--delta=9'));
    assert.deepEqual(sysbenchInvocation(resolve('bulk_insert'), 'run', false).args, ['bulk_insert', 'run']);
  });

  test('values are quoted so sysbench reads them back whole; what its config file cannot hold is refused', () => {
    assert.equal(configLine('mysql-password', 'plain'), 'mysql-password=plain');
    assert.equal(configLine('mysql-password', 'it"s'), "mysql-password='it\"s'");
    assert.deepEqual(readConfigLikeSysbench(configLine('mysql-password', ' a b ')).get('mysql-password'), [' a b ']);
    assert.throws(() => configLine('mysql-password', `a'b"c`), SysbenchInvocationError);
    assert.throws(() => configLine('mysql-password', 'a\nb'), SysbenchInvocationError);
    assert.throws(() => configLine('mysql-password', 'x'.repeat(300)), /too long/);
  });
});

describe('sysbench output', () => {
  test('each report line becomes the interval report the built-in engine emits, as it arrives', () => {
    const reports: IntervalReport[] = [];
    const reader = new IntervalReportReader(false, (report) => reports.push(report));
    const splitter = new LineSplitter();
    const lines = [
      ...splitter.push(
        'Threads started!\n\n[ 10s ] thds: 16 tps: 21532.38 qps: 21532.38 (r/w/o: 21532.38/0.00/0.00) lat (ms,95%): 1.04 err/s: 0.00 reconn/s: 0.00\n[ 20s ] thds: 16 tps: 2',
      ),
    ];
    for (const line of lines) reader.line(line);
    assert.equal(reports.length, 1);
    for (const line of splitter.push('0.50 qps: 20.50 (r/w/o: 20.50/0.00/0.00) lat (ms,95%): 2.00 err/s 1.50 reconn/s: 0.10\n'))
      reader.line(line);
    assert.equal(reports.length, 2);
    assert.deepEqual(reports[0], {
      interval: {
        t: 10,
        threads: 16,
        tps: 21532.38,
        qps: 21532.38,
        reads: 21532.38,
        writes: 0,
        others: 0,
        errors: 0,
        reconnects: 0,
        latencyMs: { p95: 1.04 },
      },
      latencyPercentileMs: 1.04,
      queueLength: 0,
      concurrency: 0,
    });
    assert.equal(reports[1].interval.errors, 1.5);
    assert.equal(reports[1].interval.reconnects, 0.1);
  });

  test('with --rate a report waits for its queue line', () => {
    const reports: IntervalReport[] = [];
    const reader = new IntervalReportReader(true, (report) => reports.push(report));
    reader.line('[ 1s ] thds: 4 tps: 200.00 qps: 200.00 (r/w/o: 200.00/0.00/0.00) lat (ms,99%): 3.00 err/s: 0.00 reconn/s: 0.00');
    assert.equal(reports.length, 0);
    reader.line('[ 1s ] queue length: 3, concurrency: 2');
    assert.equal(reports.length, 1);
    assert.equal(reports[0].queueLength, 3);
    assert.equal(reports[0].concurrency, 2);
    assert.deepEqual(reports[0].interval.latencyMs, { p95: null, p99: 3 });
  });

  test("the summary's fairness, latency sum and percentile, and its text as printed", () => {
    const details = summaryDetails(
      `Threads started!\n\nSQL statistics:\n    transactions:  10 (5.00 per sec.)\n\nLatency (ms):\n         min:      0.01\n         95th percentile:       0.05\n         sum:                                 3960.18\n\nThreads fairness:\n    events (avg/stddev):           102020.0000/5333.00\n    execution time (avg/stddev):   1.9801/0.00\n\n`,
    );
    assert.ok(details);
    assert.deepEqual(details.fairness, { eventsAvg: 102020, eventsStddev: 5333, timeAvgSec: 1.9801, timeStddevSec: 0 });
    assert.equal(details.latencySumMs, 3960.18);
    assert.equal(details.percentileMs, 0.05);
    assert.equal(details.reportLines?.[0], 'SQL statistics:');
    assert.equal(summaryDetails('[ 1s ] thds: 1 tps: 1.00'), undefined);
  });

  test('sysbench --version', () => {
    assert.equal(parseSysbenchVersion('sysbench 1.0.20\n'), '1.0.20');
    assert.equal(parseSysbenchVersion('sysbench 1.1.0-df89d34\n'), '1.1.0');
    assert.equal(parseSysbenchVersion('bash: sysbench: not found'), null);
    assert.ok(isSupportedSysbenchVersion('1.0.20'));
    assert.ok(!isSupportedSysbenchVersion('1.1.0'));
  });
});

describe('the engine choice', () => {
  test('auto: sysbench when it is found and can run the options; the built-in engine otherwise, with the reason', () => {
    assert.deepEqual(chooseEngine('auto', FOUND, resolve('oltp_point_select')), {
      engine: 'sysbench',
      installation: { path: '/usr/bin/sysbench', version: '1.0.20' },
    });
    assert.deepEqual(chooseEngine('auto', MISSING, resolve('oltp_point_select')), {
      engine: 'builtin',
      reason: 'sysbench not used: sysbench is not installed (not on PATH)',
    });
    const warmup = chooseEngine('auto', FOUND, resolve('oltp_point_select', { 'warmup-time': '5' }));
    assert.equal(warmup.engine, 'builtin');
    assert.match(warmup.reason ?? '', /--warmup-time is a sysbench 1\.1 option/);
    assert.match(chooseEngine('auto', FOUND, resolve('oltp_point_select', { 'rand-type': 'zipfian' })).reason ?? '', /zipfian/);
    assert.match(chooseEngine('auto', FOUND, resolve('oltp_point_select', { 'client-workers': '2' })).reason ?? '', /--client-workers/);
    assert.match(
      chooseEngine('auto', FOUND, resolve('oltp_point_select', { 'mysql-ssl': 'VERIFY_IDENTITY' })).reason ?? '',
      /VERIFY_IDENTITY/,
    );
    assert.match(
      chooseEngine('auto', FOUND, resolve('oltp_point_select'), ['SET SESSION tidb_mem_quota_query = 1']).reason ?? '',
      /session statements/,
    );
    const quotes = chooseEngine('auto', FOUND, resolve('oltp_point_select', { 'mysql-password': `a'b"c` }));
    assert.equal(quotes.engine, 'builtin');
    assert.ok(!(quotes.reason ?? '').includes(`a'b"c`));
  });

  test('builtin is always the built-in engine; sysbench forced fails with the reason', () => {
    assert.deepEqual(chooseEngine('builtin', FOUND, resolve('oltp_point_select')), { engine: 'builtin' });
    assert.throws(
      () => chooseEngine('sysbench', MISSING, resolve('oltp_point_select')),
      (error: unknown) => error instanceof EngineError && /not installed/.test(error.message),
    );
    assert.throws(
      () => chooseEngine('sysbench', FOUND, resolve('oltp_point_select', { 'warmup-time': '5' })),
      (error: unknown) => error instanceof EngineError && /--warmup-time/.test(error.message),
    );
  });
});
