// The launch flow's settings: sysbench's names and defaults, thread lists for sweeps, validation by
// the engine's own option parser, what is remembered and what automation requests turn into.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findOption } from '../../../src/core/bench/benchOptions';
import { settingsFromRequest } from '../../../src/extension/benchmarks/benchmarkRequests';
import {
  defaultLaunchSettings,
  describeLaunch,
  engineOptions,
  parseThreadList,
  parseWholeNumber,
  recalledSettings,
  remember,
  validateLaunchSettings,
  withWorkloadOption,
  workloadOptionDefinitions,
  workloadOptionProblem,
} from '../../../src/extension/benchmarks/launchSettings';

describe('launch settings defaults', () => {
  test("start from sysbench 1.0.20's defaults, with one report per second for the live chart", () => {
    const settings = defaultLaunchSettings('oltp_point_select');
    assert.deepEqual(settings, {
      workload: 'oltp_point_select',
      threads: [1],
      time: 10,
      rate: 0,
      tables: 1,
      tableSize: 10000,
      randType: 'special',
      reportInterval: 1,
      database: 'sbtest',
      workloadOptions: {},
    });
    assert.equal(findOption('report-interval')?.defaultValue, '0', 'sysbench itself reports nothing by default');
  });

  test('each workload lists its own options (point_selects for oltp_read_write, random_points for select_random_points), not tables and table_size', () => {
    const readWrite = workloadOptionDefinitions('oltp_read_write').map((definition) => definition.name);
    assert.ok(readWrite.includes('point_selects'));
    assert.ok(readWrite.includes('delete_inserts'));
    assert.ok(!readWrite.includes('table_size'));
    assert.ok(!readWrite.includes('tables'));
    assert.ok(!readWrite.includes('pgsql_variant'), 'options only accepted at their default are not offered');
    const points = workloadOptionDefinitions('select_random_points').map((definition) => definition.name);
    assert.ok(points.includes('random_points'));
    assert.ok(!points.includes('number_of_ranges'));
    assert.deepEqual(workloadOptionDefinitions('bulk_insert'), []);
  });
});

describe('thread lists', () => {
  test('one value runs once; a list is a thread sweep in the order given, duplicates dropped', () => {
    assert.deepEqual(parseThreadList('8'), { ok: true, value: [8] });
    assert.deepEqual(parseThreadList('8,16,32,64,128'), { ok: true, value: [8, 16, 32, 64, 128] });
    assert.deepEqual(parseThreadList(' 8 16; 8 , 4 '), { ok: true, value: [8, 16, 4] });
  });

  test('nonsense is refused with a sentence that says what is wrong', () => {
    assert.match((parseThreadList('') as { message: string }).message, /Enter a number of threads/);
    assert.match((parseThreadList('8,x') as { message: string }).message, /'x' is not a whole number/);
    assert.match((parseThreadList('0') as { message: string }).message, /from 1 to/);
    assert.match((parseThreadList('8.5') as { message: string }).message, /not a whole number/);
  });

  test('whole numbers accept thousands separators', () => {
    assert.deepEqual(parseWholeNumber('50,000', 'Table size', 1), { ok: true, value: 50000 });
    assert.deepEqual(parseWholeNumber('1_000_000', 'Table size', 1), { ok: true, value: 1000000 });
    assert.equal(parseWholeNumber('0', 'Time', 1).ok, false);
  });
});

describe('validation through the engine', () => {
  test('valid settings have no problems', () => {
    assert.deepEqual(validateLaunchSettings({ ...defaultLaunchSettings('oltp_read_write'), threads: [8, 16] }), []);
  });

  test("the engine's own messages come back: select_random_points needs one table", () => {
    const problems = validateLaunchSettings({ ...defaultLaunchSettings('select_random_points'), tables: 4 });
    assert.equal(problems.length, 0, 'the flow forces tables=1 for single-table workloads');
    assert.deepEqual(engineOptions({ ...defaultLaunchSettings('select_random_points'), tables: 4 }, 8).tables, 1);
  });

  test("a bad workload option is refused with the engine's sentence", () => {
    const problems = validateLaunchSettings({ ...defaultLaunchSettings('oltp_read_write'), workloadOptions: { point_selects: 'many' } });
    assert.equal(problems.length, 1);
    assert.match(problems[0], /point_selects.*whole number/);
    assert.match(workloadOptionProblem('oltp_read_write', 'skip_trx', 'maybe') ?? '', /on or off/);
    assert.equal(workloadOptionProblem('oltp_read_write', 'skip_trx', 'on'), undefined);
  });

  test('an empty database is a problem', () => {
    assert.match(validateLaunchSettings({ ...defaultLaunchSettings('oltp_point_select'), database: ' ' })[0], /database/);
  });
});

describe('engine options and the command line', () => {
  test("the options a run hands the engine, with sysbench's names", () => {
    const settings = withWorkloadOption(
      { ...defaultLaunchSettings('oltp_read_write'), threads: [32], time: 120, randType: 'uniform' },
      'delete_inserts',
      '10',
    );
    assert.deepEqual(engineOptions(settings, 32), {
      threads: 32,
      time: 120,
      'report-interval': 1,
      'rand-type': 'uniform',
      tables: 1,
      table_size: 10000,
      delete_inserts: '10',
    });
    assert.equal(
      describeLaunch(settings),
      'oltp_read_write --mysql-db=sbtest --threads=32 --time=120 --report-interval=1 --rand-type=uniform --tables=1 --table_size=10000 --delete_inserts=10 run',
    );
  });

  test('a rate is handed on only when one is set: 0 is unlimited, as in sysbench', () => {
    const limited = { ...defaultLaunchSettings('oltp_point_select'), threads: [2, 4], rate: 200 };
    assert.equal(engineOptions(limited, 4).rate, 200, 'every run of a sweep gets it');
    assert.match(describeLaunch(limited), / --rate=200 /);
    assert.deepEqual(validateLaunchSettings(limited), []);
    assert.equal(engineOptions(defaultLaunchSettings('oltp_point_select'), 1).rate, undefined);
    assert.doesNotMatch(describeLaunch(defaultLaunchSettings('oltp_point_select')), /--rate/);
    assert.equal(findOption('rate')?.defaultValue, '0');
  });

  test('bulk_insert takes no table options', () => {
    const options = engineOptions(defaultLaunchSettings('bulk_insert'), 4);
    assert.equal(options.tables, undefined);
    assert.equal(options.table_size, undefined);
  });

  test('a workload option set back to its default is dropped, so only changes are remembered', () => {
    const changed = withWorkloadOption(defaultLaunchSettings('oltp_read_write'), 'point_selects', '40');
    assert.deepEqual(changed.workloadOptions, { point_selects: '40' });
    assert.deepEqual(withWorkloadOption(changed, 'point_selects', '10').workloadOptions, {});
    assert.deepEqual(
      withWorkloadOption(changed, 'skip_trx', 'false').workloadOptions,
      { point_selects: '40' },
      'off is the default of skip_trx',
    );
  });
});

describe('remembered choices', () => {
  test('what was chosen comes back for the next launch, each workload with its own options', () => {
    let stored = remember(
      undefined,
      withWorkloadOption(
        { ...defaultLaunchSettings('oltp_read_write'), threads: [8, 16], time: 60, database: 'bench' },
        'point_selects',
        '160',
      ),
    );
    stored = remember(stored, { ...defaultLaunchSettings('oltp_point_select'), threads: [8, 16], time: 60, rate: 500, database: 'bench' });
    const readWrite = recalledSettings(JSON.parse(JSON.stringify(stored)), 'oltp_read_write');
    assert.deepEqual(readWrite.threads, [8, 16]);
    assert.equal(readWrite.time, 60);
    assert.equal(readWrite.rate, 500);
    assert.equal(readWrite.database, 'bench');
    assert.deepEqual(readWrite.workloadOptions, { point_selects: '160' });
    assert.deepEqual(recalledSettings(stored, 'oltp_point_select').workloadOptions, {});
    assert.equal(stored.workload, 'oltp_point_select');
  });

  test('damaged or foreign state falls back to the defaults field by field', () => {
    const recalled = recalledSettings(
      {
        common: { threads: [0, 'x'], time: -1, rate: -5, tables: 2, randType: 'chaos', database: '' },
        workloadOptions: { oltp_read_write: { point_selects: 'x', unknown_option: '1', range_size: '50' } },
      },
      'oltp_read_write',
    );
    assert.deepEqual(recalled.threads, [1]);
    assert.equal(recalled.time, 10);
    assert.equal(recalled.rate, 0);
    assert.equal(recalled.tables, 2);
    assert.equal(recalled.randType, 'special');
    assert.equal(recalled.database, 'sbtest');
    assert.deepEqual(recalled.workloadOptions, { range_size: '50' });
    assert.deepEqual(recalledSettings('garbage', 'oltp_insert'), defaultLaunchSettings('oltp_insert'));
  });
});

describe('automation requests', () => {
  test('a request becomes launch settings', () => {
    const parsed = settingsFromRequest({
      workload: 'oltp_read_only',
      threads: [4, 8],
      time: 2,
      rate: 100,
      tableSize: 1000,
      randType: 'uniform',
      database: 'db',
      workloadOptions: { skip_trx: true, range_size: 50 },
    });
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.settings, {
      workload: 'oltp_read_only',
      threads: [4, 8],
      time: 2,
      rate: 100,
      tables: 1,
      tableSize: 1000,
      randType: 'uniform',
      reportInterval: 1,
      database: 'db',
      workloadOptions: { skip_trx: 'on', range_size: '50' },
    });
  });

  test('bad requests say why', () => {
    assert.deepEqual(settingsFromRequest({ workload: 'tpcc' }), { ok: false, message: "Unknown workload 'tpcc'." });
    assert.equal(settingsFromRequest({ workload: 'oltp_read_only', time: 1.5 }).ok, false);
    assert.equal(settingsFromRequest({ workload: 'oltp_read_only', rate: -1 }).ok, false);
    assert.equal(settingsFromRequest({ workload: 'oltp_read_only', randType: 'chaos' }).ok, false);
  });
});
