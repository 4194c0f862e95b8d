import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importSysbenchLog } from '../../../src/core/results/importers/sysbenchLogImporter';
import { parseSysbenchCommand } from '../../../src/core/results/importers/sysbenchCommandLine';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';

const REPORT = (t: number, tps = '100.00', errors = 'err/s: 0.00') =>
  `[ ${t}s ] thds: 4 tps: ${tps} qps: 2000.00 (r/w/o: 1400.00/400.00/200.00) lat (ms,95%): 9.91 ${errors} reconn/s: 0.00`;

const SUMMARY = `SQL statistics:
    queries performed:
        read:                            2800
        write:                           800
        other:                           400
        total:                           4000
    transactions:                        200    (99.50 per sec.)
    queries:                             4000   (1990.05 per sec.)
    ignored errors:                      3      (1.49 per sec.)
    reconnects:                          1      (0.50 per sec.)

General statistics:
    total time:                          2.0101s
    total number of events:              200

Latency (ms):
         min:                                    1.94
         avg:                                    5.87
         max:                                   23.92
         95th percentile:                       10.27
         sum:                                 1174.00

Threads fairness:
    events (avg/stddev):           50.0000/7.89
    execution time (avg/stddev):   2.0009/0.00
`;

describe('sysbench log formats', () => {
  test('sysbench 0.5: "threads: N, tps: ..., response time: Xms (95%)" and the OLTP test statistics block', () => {
    const { results, warnings } = importSysbenchLog(readBenchmarkLog('sysbench-0.5-format.log'));
    assert.deepEqual(warnings, []);
    assert.equal(results.length, 1);
    const [run] = results;
    assert.equal(run.source.toolVersion, '0.5');
    assert.deepEqual(
      run.intervals.map((i) => [i.t, i.threads, i.tps, i.reads, i.writes, i.latencyMs.p95, i.errors, i.reconnects]),
      [
        [10, 16, 3621.45, 36214.03, 0, 4.67, 0, 0],
        [20, 16, 3643.5, 36433.53, 0, 4.68, 0, 0],
        [30, 16, 3602.1, 36021, 0, 4.71, 0, 0],
      ],
    );
    assert.equal(run.intervals[0].qps, 36214.03, '0.5 prints no qps: reads + writes');
    assert.equal(run.summary.events, 108669);
    assert.equal(run.summary.queries, 1304028);
    assert.equal(run.summary.tps, 3622.21);
    assert.equal(run.summary.qps, 36222.1 + 7244.42, 'read/write requests + other operations per second');
    assert.deepEqual(run.summary.latencyMs, { min: 3.78, avg: 4.41, max: 33.52, p50: null, p90: null, p95: 4.68, p99: null, p999: null });
    assert.equal(run.durationSec, 30.0007);
    assert.equal(run.status, 'completed');
  });

  test('sysbench 1.0 pre-releases: "latency: Xms (95%) errors/s:" and "latency (ms,95%):", checkpoints, --rate', () => {
    const { results, warnings } = importSysbenchLog(readBenchmarkLog('sysbench-1.0-prerelease-format.log'));
    assert.deepEqual(warnings, []);
    assert.equal(results.length, 2);
    const [first, second] = results;
    assert.equal(first.workload, 'oltp_read_write');
    assert.equal(first.options.rand_seed, 42);
    assert.deepEqual(
      first.intervals.map((i) => [i.tps, i.qps, i.others, i.latencyMs.p95, i.errors]),
      [
        [512.31, 10246.2, 1024.62, 9.39, 0],
        [498.02, 9960.4, 996.04, 10.09, 1],
        [505, 10100, 1010, 9.73, 0],
      ],
    );
    assert.equal(first.summary.errors, 1);
    assert.equal(second.workload, 'oltp_point_select');
    assert.equal(second.options.rate, 100);
    assert.equal(second.options.report_checkpoints, '2');
    assert.equal(second.intervals.length, 3, 'the checkpoint report does not end the run');
    assert.equal(second.summary.events, 100, "the final summary, not the checkpoint's");
    assert.match(second.message ?? '', /after the last checkpoint/);
  });

  test('sysbench 1.1: "err/s 0.00" without a colon and the Throughput block', () => {
    const { results, warnings } = importSysbenchLog(readBenchmarkLog('sysbench-1.1-format.log'));
    assert.deepEqual(warnings, []);
    const [run] = results;
    assert.equal(run.source.toolVersion, '1.1.0-df89d34');
    assert.deepEqual(
      run.intervals.map((i) => [i.t, i.threads, i.tps, i.errors]),
      [
        [10, 128, 74012.31, 0],
        [20, 128, 75210.4, 0],
      ],
    );
    assert.equal(run.durationSec, 20.003);
    assert.equal(run.summary.tps, 74711.36);
    assert.equal(run.summary.latencyMs.max, 204.07);
  });

  test('err/s with and without the colon read the same value', () => {
    const withColon = importSysbenchLog(REPORT(1, '100.00', 'err/s: 2.50')).results[0];
    const withoutColon = importSysbenchLog(REPORT(1, '100.00', 'err/s 2.50')).results[0];
    assert.equal(withColon.intervals[0].errors, 2.5);
    assert.equal(withoutColon.intervals[0].errors, 2.5);
  });

  test('a summary without a header or command line is still a run', () => {
    const { results, warnings } = importSysbenchLog(SUMMARY);
    assert.deepEqual(warnings, []);
    assert.equal(results.length, 1);
    assert.deepEqual(
      { ...results[0].summary, latencyMs: undefined },
      {
        events: 200,
        queries: 4000,
        reads: 2800,
        writes: 800,
        others: 400,
        tps: 99.5,
        qps: 1990.05,
        errors: 3,
        reconnects: 1,
        latencyMs: undefined,
      },
    );
    assert.equal(results[0].workload, 'unknown');
    assert.equal(results[0].status, 'completed');
  });

  test('runs without headers are told apart: report lines after a summary, and time going back', () => {
    const text = [REPORT(1), REPORT(2), SUMMARY, REPORT(1), REPORT(2), REPORT(1)].join('\n');
    const { results } = importSysbenchLog(text);
    assert.deepEqual(
      results.map((run) => run.intervals.length),
      [2, 2, 1],
    );
    assert.deepEqual(
      results.map((run) => run.status),
      ['completed', 'cancelled', 'cancelled'],
    );
  });

  test('the workload comes from the command line in its many spellings', () => {
    const cases: [string, string][] = [
      ['$ sysbench --threads=8 oltp_read_write run', 'oltp_read_write'],
      ['+ /usr/bin/sysbench /usr/share/sysbench/oltp_read_only.lua --threads=8 run', 'oltp_read_only'],
      ['root@load-1:~# MYSQL_PWD=x time sysbench --threads=8 ./select_random_ranges.lua run | tee -a log', 'select_random_ranges'],
      ['sysbench --test=/opt/sysbench/tests/db/oltp.lua --num-threads=8 run', 'oltp'],
      ['# sysbench oltp_point_select --threads=8 run', 'oltp_point_select'],
    ];
    for (const [command, workload] of cases) {
      const [run] = importSysbenchLog(`${command}\n${REPORT(1)}`).results;
      assert.equal(run.workload, workload, command);
      assert.equal(run.options.threads, 8, command);
    }
  });

  test('a command line split with backslashes is read whole', () => {
    const text = ['$ sysbench --mysql-host=tidb-0 \\', '    --threads=16 --time=60 \\', '    oltp_update_index run', REPORT(1)].join('\n');
    const { results, warnings } = importSysbenchLog(text);
    assert.deepEqual(warnings, []);
    assert.equal(results[0].workload, 'oltp_update_index');
    assert.equal(results[0].options.threads, 16);
    assert.equal(results[0].options.mysql_host, 'tidb-0');
  });

  test('command line options: sysbench names, on/off as booleans, deprecated aliases, no password', () => {
    const text = `sysbench --mysql-password='se cret' --pgsql-password=x --num-threads=4 --max-time=30 --oltp-table-size=500 --skip_trx=on --mysql-ssl=off --rand-type=uniform oltp_read_write run\n${REPORT(1)}`;
    const [run] = importSysbenchLog(text).results;
    assert.deepEqual(run.options, {
      threads: 4,
      time: 30,
      table_size: 500,
      skip_trx: true,
      mysql_ssl: false,
      rand_type: 'uniform',
      percentile: 95,
    });
    assert.ok(!JSON.stringify(run).includes('se cret'));
  });

  test('the header options: threads, rate, report interval, seed, checkpoints', () => {
    const text = [
      'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
      'Running the test with following options:',
      'Number of threads: 8',
      'Target transaction rate: 500/sec',
      'Report intermediate results every 5 second(s)',
      'Report checkpoint(s) at 10, 20 seconds',
      'Initializing random number generator from seed (7).',
      REPORT(5),
    ].join('\n');
    const [run] = importSysbenchLog(text).results;
    assert.deepEqual(run.options, { threads: 8, rate: 500, report_interval: 5, report_checkpoints: '10,20', rand_seed: 7, percentile: 95 });
  });

  test('prepare and cleanup output makes no run and no warning', () => {
    const text = [
      '$ sysbench --tables=2 oltp_read_write prepare',
      'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
      'Initializing worker threads...',
      "Creating table 'sbtest1'...",
      "Inserting 10000 records into 'sbtest1'",
      "Creating a secondary index on 'sbtest1'...",
      '$ sysbench --tables=2 oltp_read_write cleanup',
      'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
      "Dropping table 'sbtest1'...",
    ].join('\n');
    const { results, warnings } = importSysbenchLog(text);
    assert.deepEqual(results, []);
    assert.deepEqual(warnings, ['no sysbench run found: no report lines and no final summary']);
  });

  test('a run that fails before its first report is a failed run with an empty summary', () => {
    const text = [
      '$ sysbench --threads=4 oltp_point_select run',
      'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
      'Running the test with following options:',
      'Number of threads: 4',
      'Initializing worker threads...',
      "FATAL: unable to connect to MySQL server on host '10.0.0.9', port 4000, aborting...",
      "FATAL: error 2003: Can't connect to MySQL server on '10.0.0.9' (113)",
      "FATAL: `thread_init' function failed: /usr/share/sysbench/oltp_common.lua:349: connection creation failed",
    ].join('\n');
    const { results } = importSysbenchLog(text);
    assert.equal(results.length, 1);
    assert.equal(results[0].status, 'failed');
    assert.equal(results[0].summary.events, 0);
    assert.match(results[0].message ?? '', /unable to connect/);
  });

  test('a summary cut short is a failed run that keeps what was printed', () => {
    const cut = SUMMARY.slice(0, SUMMARY.indexOf('Latency (ms):'));
    const [run] = importSysbenchLog(`${REPORT(1)}\n${REPORT(2)}\n${cut}`).results;
    assert.equal(run.status, 'failed');
    assert.match(run.message ?? '', /cut short/);
    assert.equal(run.summary.events, 200);
    assert.equal(run.summary.latencyMs.avg, null);
  });

  test('a forced shutdown with a full summary is completed, with the FATAL line as its message', () => {
    const text = [
      REPORT(1),
      'FATAL: The --max-time limit has expired, forcing shutdown...',
      '',
      'Number of unfinished transactions on forced shutdown: 3',
      SUMMARY,
    ].join('\n');
    const [run] = importSysbenchLog(text).results;
    assert.equal(run.status, 'completed');
    assert.match(run.message ?? '', /forcing shutdown/);
    assert.match(run.message ?? '', /3 transactions were unfinished/);
  });

  test('a percentile the model has no place for is reported, not invented', () => {
    const text = '[ 1s ] thds: 4 tps: 10.00 qps: 10.00 (r/w/o: 10.00/0.00/0.00) lat (ms,80%): 1.50 err/s: 0.00 reconn/s: 0.00';
    const { results, warnings } = importSysbenchLog(text);
    assert.deepEqual(results[0].intervals[0].latencyMs, { p95: null });
    assert.equal(results[0].options.percentile, 80);
    assert.deepEqual(warnings, ['line 1: the 80th latency percentile has no place in the result model; its values are left out']);
  });

  test('lines that are not sysbench output are named with their line numbers', () => {
    const text = [REPORT(1), 'hello world', REPORT(2), '[ 3s ] something odd'].join('\n');
    const { results, warnings } = importSysbenchLog(text);
    assert.equal(results[0].intervals.length, 2);
    assert.deepEqual(warnings, [
      "line 2: not a sysbench report line: 'hello world'",
      "line 4: not a sysbench report line: '[ 3s ] something odd'",
    ]);
  });

  test('warnings about unknown lines stop after thirty, with a count of the rest', () => {
    const text = [REPORT(1), ...Array.from({ length: 100 }, (_, i) => `junk ${i}`)].join('\n');
    const { warnings } = importSysbenchLog(text);
    assert.equal(warnings.length, 31);
    assert.equal(warnings[30], '70 more lines were not recognised either');
  });

  test('Windows line ends, a BOM and terminal colour codes do not get in the way', () => {
    const text = `\uFEFF${REPORT(1)}\r\n\u001b[32m${REPORT(2)}\u001b[0m\r\n`;
    const { results, warnings } = importSysbenchLog(text);
    assert.deepEqual(warnings, []);
    assert.equal(results[0].intervals.length, 2);
  });

  test('nan in a report line reads as 0 for rates and as unknown for latency', () => {
    const text = '[ 1s ] thds: 0 tps: -nan qps: -nan (r/w/o: -nan/-nan/-nan) lat (ms,95%): -nan err/s: -nan reconn/s: -nan';
    const [run] = importSysbenchLog(text).results;
    assert.deepEqual(run.intervals[0], {
      t: 1,
      threads: 0,
      tps: 0,
      qps: 0,
      reads: 0,
      writes: 0,
      others: 0,
      errors: 0,
      reconnects: 0,
      latencyMs: { p95: null },
    });
  });

  test("a run started its duration before the file's modification time (the log has no start time); ids are stable", () => {
    const first = importSysbenchLog(`${REPORT(1)}\n${REPORT(2)}`, { fileModifiedTime: '2026-03-01T10:00:00+01:00' }).results[0];
    const second = importSysbenchLog(`${REPORT(1)}\n${REPORT(2)}`).results[0];
    assert.equal(first.durationSec, 2);
    assert.equal(first.startTime, '2026-03-01T08:59:58.000Z');
    assert.equal(second.startTime, '1970-01-01T00:00:00.000Z');
    assert.equal(first.id, second.id);
  });

  test('runs appended to one log end where the next one starts, the last at the modification time', () => {
    const text = `${REPORT(1)}\n${SUMMARY}\n${REPORT(1)}\n${REPORT(2)}\n${REPORT(3)}\n`;
    const runs = importSysbenchLog(text, { fileModifiedTime: '2026-03-01T09:00:10.000Z' }).results;
    assert.equal(runs.length, 2);
    assert.equal(runs[1].durationSec, 3);
    assert.equal(runs[1].startTime, '2026-03-01T09:00:07.000Z');
    assert.equal(runs[0].durationSec, 2.0101);
    assert.equal(runs[0].startTime, '2026-03-01T09:00:04.989Z');
  });
});

test('an option named like a built-in property is kept as an ordinary option', () => {
  const command = parseSysbenchCommand(['--constructor=3', '--to-string=on', 'oltp_read_only', 'run']);
  assert.equal(command.options.constructor, 3);
  assert.equal(command.options.to_string, true);
  assert.equal(command.workload, 'oltp_read_only');
});
