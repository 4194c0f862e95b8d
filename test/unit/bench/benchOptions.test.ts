import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OptionError, optionsRecord, resolveBenchOptions } from '../../../src/core/bench/benchOptions';
import { parseBenchArguments, parseConfigFile } from '../../../src/core/bench/sysbench/benchArguments';

const resolve = (workload: string, options: Record<string, string> = {}) => resolveBenchOptions(workload, new Map(Object.entries(options)));

describe('sysbench options', () => {
  test("defaults are sysbench 1.0.20's", () => {
    const options = resolve('oltp_read_write');
    assert.deepEqual(options.limits, {
      threads: 1,
      events: 0,
      time: 10,
      warmupTime: 0,
      forcedShutdown: undefined,
      rate: 0,
      reportInterval: 0,
      percentile: 95,
      histogram: false,
    });
    assert.equal(options.random.type, 'special');
    assert.equal(options.random.seed, 0);
    assert.deepEqual(options.driver.ignoreErrors, [1213, 1020, 1205]);
    assert.equal(options.driver.psMode, 'auto');
    const w = options.workloadOptions;
    assert.deepEqual(
      [
        w.tableSize,
        w.tables,
        w.rangeSize,
        w.pointSelects,
        w.simpleRanges,
        w.sumRanges,
        w.orderRanges,
        w.distinctRanges,
        w.indexUpdates,
        w.nonIndexUpdates,
        w.deleteInserts,
      ],
      [10000, 1, 100, 10, 1, 1, 1, 1, 1, 1, 1],
    );
    assert.deepEqual(
      [w.rangeSelects, w.autoInc, w.skipTrx, w.secondary, w.createSecondary, w.storageEngine],
      [true, true, false, false, true, 'innodb'],
    );
    assert.deepEqual(
      [options.connection.user, options.connection.database, options.connection.ports[0], options.connection.tls],
      ['sbtest', 'sbtest', 3306, 'disabled'],
    );
  });

  test("'-' and '_' are the same in option names, and booleans read on/off/true/false", () => {
    const options = resolve('oltp_read_only', {
      'table-size': '500',
      table_size: '600',
      skip_trx: 'on',
      'range-selects': 'false',
      report_interval: '5',
    });
    assert.equal(options.workloadOptions.tableSize, 600);
    assert.equal(options.workloadOptions.skipTrx, true);
    assert.equal(options.workloadOptions.rangeSelects, false);
    assert.equal(options.limits.reportInterval, 5);
  });

  test('deprecated aliases still work', () => {
    const options = resolve('oltp_point_select', { 'num-threads': '4', 'max-requests': '100', 'max-time': '7', 'tx-rate': '50' });
    assert.deepEqual([options.limits.threads, options.limits.events, options.limits.time, options.limits.rate], [4, 100, 7, 50]);
  });

  test('bad input is an error that names the option and what is expected', () => {
    assert.throws(() => resolve('oltp_read_write', { nonsense: '1' }), /invalid option: --nonsense/);
    assert.throws(
      () => resolve('oltp_read_write', { threads: 'many' }),
      /Invalid value for --threads: 'many' \(a whole number is expected\)/,
    );
    assert.throws(() => resolve('oltp_read_write', { threads: '0' }), /--threads: 0 \(from 1/);
    assert.throws(() => resolve('oltp_read_write', { 'rand-type': 'lognormal' }), /Invalid random numbers distribution: lognormal/);
    assert.throws(() => resolve('oltp_read_write', { 'db-ps-mode': 'always' }), /db-ps-mode/);
    assert.throws(() => resolve('oltp_read_write', { 'mysql-ssl': 'maybe' }), /--mysql-ssl/);
    assert.throws(() => resolve('oltp_read_write', { random_points: '5' }), /not an option of oltp_read_write/);
    assert.throws(() => resolve('select_random_points', { tables: '2' }), /does not support --tables > 1/);
    assert.throws(() => resolve('no_such_workload'), /Unknown workload 'no_such_workload'/);
    assert.throws(() => resolve('oltp_read_write', { 'mysql-compression': 'on' }), /not supported/);
    assert.throws(() => resolve('oltp_read_write', { 'mysql-ignore-errors': '1213,abc' }), /Invalid error number/);
    assert.throws(() => resolve('oltp_read_write', { 'mysql-ssl-ca': '/tmp/ca.pem' }), /--mysql-ssl is off/);
    assert.throws(() => resolve('oltp_read_write', { 'db-driver': 'pgsql' }), /only speaks the MySQL protocol/);
  });

  test('ignore-errors takes a list or "all"; ssl takes on/off and the ssl-mode names', () => {
    assert.equal(resolve('oltp_read_write', { 'mysql-ignore-errors': 'all' }).driver.ignoreErrors, 'all');
    assert.deepEqual(resolve('oltp_read_write', { 'mysql-ignore-errors': '2013, 1062' }).driver.ignoreErrors, [2013, 1062]);
    assert.equal(resolve('oltp_read_write', { 'mysql-ssl': 'on' }).connection.tls, 'required');
    assert.equal(
      resolve('oltp_read_write', { 'mysql-ssl': 'VERIFY_IDENTITY', 'mysql-ssl-ca': '/x.pem' }).connection.tls,
      'verify_identity',
    );
  });

  test('localhost connects over TCP to 127.0.0.1; host and port lists are kept', () => {
    const options = resolve('oltp_read_write', { 'mysql-host': 'localhost,db2', 'mysql-port': '4000,4001' });
    assert.deepEqual(options.connection.hosts, ['127.0.0.1', 'db2']);
    assert.deepEqual(options.connection.ports, [4000, 4001]);
  });

  test('the options record uses sysbench names and never holds the password', () => {
    const options = resolve('oltp_read_write', { 'mysql-password': 's3cret', threads: '8', 'rand-type': 'uniform' });
    const record = optionsRecord(options);
    assert.equal(record.threads, 8);
    assert.equal(record.rand_type, 'uniform');
    assert.equal(record.table_size, 10000);
    assert.ok(!JSON.stringify(record).includes('s3cret'));
    assert.ok(!JSON.stringify(options.given).includes('s3cret'));
  });

  test('forced shutdown takes seconds or a percentage of --time', () => {
    assert.equal(resolve('oltp_read_write', { time: '100', 'forced-shutdown': '5%' }).limits.forcedShutdown, 5);
    assert.equal(resolve('oltp_read_write', { 'forced-shutdown': '3' }).limits.forcedShutdown, 3);
  });
});

describe('bench command line', () => {
  const noFile = () => {
    throw new Error('no such file');
  };

  test('reads --name=value, --name value, bare boolean flags, the workload and the command', () => {
    const parsed = parseBenchArguments(
      ['--threads=8', '--time', '30', '--skip_trx', 'oltp_read_only', 'run', '--json', '--out', 'r.json'],
      noFile,
    );
    assert.equal(parsed.kind, 'workload');
    if (parsed.kind !== 'workload') return;
    assert.equal(parsed.workload, 'oltp_read_only');
    assert.equal(parsed.verb, 'run');
    assert.deepEqual(Object.fromEntries(parsed.options), { threads: '8', time: '30', skip_trx: 'on' });
    assert.equal(parsed.json, true);
    assert.equal(parsed.out, 'r.json');
  });

  test('a published sysbench command line parses as it is', () => {
    const line =
      'sysbench --db-driver=mysql --mysql-host=tidb.example --mysql-port=4000 --mysql-user=root --mysql-db=sbtest --time=600 --threads=16 --report-interval=10 --db-ps-mode=auto --rand-type=uniform --tables=32 --table-size=10000000 oltp_point_select run';
    const parsed = parseBenchArguments(line.split(' ').slice(1), noFile);
    assert.equal(parsed.kind, 'workload');
    if (parsed.kind !== 'workload') return;
    const options = resolveBenchOptions(parsed.workload, parsed.options);
    assert.deepEqual(
      [
        options.connection.hosts[0],
        options.connection.ports[0],
        options.limits.threads,
        options.workloadOptions.tables,
        options.workloadOptions.tableSize,
        options.random.type,
      ],
      ['tidb.example', 4000, 16, 32, 10000000, 'uniform'],
    );
  });

  test('--config-file is read line by line; the command line wins over it', () => {
    const config = '# a comment\nthreads=4\n--time=20\n\nmysql-host = db.example\n';
    const parsed = parseBenchArguments(['--config-file=c.cfg', '--threads=2', 'oltp_delete', 'run'], () => config);
    assert.equal(parsed.kind, 'workload');
    if (parsed.kind !== 'workload') return;
    assert.deepEqual(Object.fromEntries(parsed.options), { threads: '2', time: '20', 'mysql-host': 'db.example' });
    assert.throws(() => parseConfigFile('threads=1\nbogus=2', 'my.cfg'), /my.cfg, line 2: invalid option 'bogus'/);
    assert.throws(
      () => parseBenchArguments(['--config-file=missing', 'oltp_delete', 'run'], noFile),
      /Cannot read --config-file 'missing'/,
    );
  });

  test('mistakes are errors with a sentence', () => {
    assert.throws(() => parseBenchArguments(['--nope=1', 'oltp_delete', 'run'], noFile), /invalid option: --nope/);
    assert.throws(() => parseBenchArguments(['oltp_delete'], noFile), /requires a command argument/);
    assert.throws(() => parseBenchArguments(['oltp_delete', 'go'], noFile), /Unknown command: go/);
    assert.throws(() => parseBenchArguments(['oltp_delete', 'run', 'extra'], noFile), /Unrecognized command line argument: extra/);
    assert.throws(() => parseBenchArguments(['--threads'], noFile), /--threads needs a value/);
    assert.throws(() => parseBenchArguments(['import'], noFile), /needs a file/);
    assert.throws(() => parseBenchArguments(['--threads=2', 'import', 'x.log'], noFile), /takes no benchmark options/);
    assert.ok(
      parseBenchArguments(['--threads=x', 'oltp_delete', 'run'], noFile).kind === 'workload',
      'values are checked later, against the workload',
    );
  });

  test('experiment and import forms', () => {
    assert.deepEqual(parseBenchArguments(['import', 'a.log', '--json'], noFile), {
      kind: 'import',
      file: 'a.log',
      json: true,
      out: undefined,
    });
    const experiment = parseBenchArguments(['experiment', 'e.json', '--mysql-host=h'], noFile);
    assert.equal(experiment.kind, 'experiment');
    assert.deepEqual(parseBenchArguments([], noFile), { kind: 'usage' });
    assert.ok(OptionError);
  });
});
