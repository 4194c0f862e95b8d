// `tidb-lab bench ch` takes go-tpc's ch options: TPC-C's, the analytical side's and the connection.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseChArguments, sessionStatementsOf } from '../../../../src/core/bench/ch/chArguments';

test("go-tpc's names and short flags: -T the TPC-C threads, -t the AP threads; Go durations", () => {
  const args = parseChArguments([
    'ch',
    '--warehouses',
    '4',
    '-T',
    '8',
    '-t',
    '2',
    '--time=30s',
    '--queries=q1,q6',
    '--mysql-port=3530',
    '--json',
    'run',
  ]);
  assert.equal(args.command, 'run');
  assert.equal(args.acThreads, 2);
  assert.deepEqual(args.queries, ['q1', 'q6']);
  assert.equal(args.timeSec, 30);
  assert.equal(args.json, true);
  assert.equal(args.warehouses, 4);
  assert.equal(args.threads, 8);
  assert.equal(args.connection.get('mysql-port'), '3530');
  assert.deepEqual(args.weights, [45, 43, 4, 4, 4]);
  assert.equal(parseChArguments(['ch', '--acThreads=3', 'run']).acThreads, 3);
  assert.equal(parseChArguments(['ch', 'run']).queries.length, 22);
});

test('prepare takes --tiflash-replica, --wait-tiflash and --analyze; --wait-tiflash needs a replica', () => {
  const args = parseChArguments(['ch', '--warehouses=1', '--tiflash-replica=1', '--wait-tiflash', '--analyze', 'prepare']);
  assert.equal(args.tiflashReplica, 1);
  assert.equal(args.waitForTiflash, true);
  assert.equal(args.analyze, true);
  assert.equal(args.warehouses, 1);
  assert.throws(() => parseChArguments(['ch', '--wait-tiflash', 'prepare']), /--tiflash-replica/);
});

test('--ap-conn-params become SET SESSION statements of the AP connections (go-sql-driver DSN params)', () => {
  assert.deepEqual(sessionStatementsOf("tidb_isolation_read_engines='tiflash'"), ["SET SESSION tidb_isolation_read_engines = 'tiflash'"]);
  assert.deepEqual(sessionStatementsOf("tidb_isolation_read_engines='tiflash,tidb'&tidb_mem_quota_query=1073741824"), [
    "SET SESSION tidb_isolation_read_engines = 'tiflash,tidb'",
    'SET SESSION tidb_mem_quota_query = 1073741824',
  ]);
  assert.throws(() => sessionStatementsOf('x=1; DROP TABLE t'), /Invalid --ap-conn-params/);
});

test('commands and mistakes', () => {
  for (const command of ['prepare', 'run', 'check', 'cleanup']) assert.equal(parseChArguments(['ch', command]).command, command);
  assert.throws(() => parseChArguments(['ch']), /needs a command/);
  assert.throws(() => parseChArguments(['ch', 'load']), /Unknown command for ch: load/);
  assert.throws(() => parseChArguments(['ch', '--queries=q0', 'run']), /unknown CH query: q0/);
  assert.throws(() => parseChArguments(['ch', '--weight=50,50,0,0,1', 'run']), /add up to 100/);
  assert.throws(() => parseChArguments(['ch', '--table-size=5', 'run']), /invalid option for ch: --table-size/);
  assert.throws(() => parseChArguments(['ch', '--warehouses=2', '--parts=3', 'prepare']), /must >= partition/);
});

test("run's --ap-host, --ap-port and --use-explain as go-tpc's (slices of hosts and ports); no --start-at, which go-tpc's ch lacks", () => {
  const args = parseChArguments(['ch', '--ap-host=tidb-ap-1,localhost', '--ap-port', '4000,4001', '--use-explain', 'run']);
  assert.deepEqual(args.apHosts, ['tidb-ap-1', '127.0.0.1']);
  assert.deepEqual(args.apPorts, [4000, 4001]);
  assert.equal(args.useExplain, true);
  const plain = parseChArguments(['ch', 'run']);
  assert.deepEqual([plain.apHosts, plain.apPorts, plain.useExplain], [[], [], false]);
  assert.throws(() => parseChArguments(['ch', '--ap-port=99999', 'run']), /--ap-port/);
  assert.throws(() => parseChArguments(['ch', '--ap-port=tidb', 'run']), /--ap-port/);
  assert.throws(() => parseChArguments(['ch', '--start-at=2026-12-02T00:00:00Z', 'run']), /invalid option for ch: --start-at/);
});
