// Regions and hot spots of write runs on TiDB, against the TiDB stand-in (test/standin/
// standInRegions.ts: SHOW TABLE t REGIONS, SPLIT TABLE and information_schema.tidb_hot_regions in
// TiDB's documented columns, the writes counted on the region of their row handle): an insert
// run on a one-region table and one on a split table (AUTO_INCREMENT piles on the last region)
// get server.regions and the findings; updates spread over a split table get none; the CLI's
// --json carries server.regions and its summary prints the findings; read-only runs read nothing;
// each cell of a bulk-load experiment carries the regions of the table it loaded.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';
import { benchOptions, db, dropDatabase, freshDatabase, query } from './support/benchFixtures';
import { runMeasuredWithEngine } from '../../../src/core/bench/benchEngine';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { runBenchCommand, type BenchCommandIo } from '../../../src/cli/benchCommand';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import type { RunResult } from '../../../src/core/results/benchmarkResult';

let standIn: TiDBStandIn;
const databases: string[] = [];

const tikv = (index: number) => ({
  type: 'tikv',
  instance: `127.0.0.1:${20160 + index}`,
  statusAddress: `127.0.0.1:${20180 + index}`,
  version: '8.5.1',
  gitHash: 'standin',
  startTime: '2026-12-01 10:00:00',
  uptime: '1h0m0s',
});

const via = (database: string) => [
  `--mysql-host=${db.host}`,
  `--mysql-port=${standIn.port}`,
  `--mysql-user=${db.user}`,
  `--mysql-password=${db.password}`,
  `--mysql-db=${database}`,
];

async function preparedDatabase(suffix: string): Promise<string> {
  const database = await freshDatabase(suffix);
  databases.push(database);
  await prepareWithOptions(benchOptions('oltp_insert', [...via(database), '--tables=1', '--table-size=1000']));
  return database;
}

async function splitSbtest1(database: string): Promise<void> {
  // through the stand-in, as a user would run the advice
  const rows = await queryThroughStandIn(database, 'SPLIT TABLE `sbtest1` BETWEEN (1) AND (1000) REGIONS 4');
  assert.equal(Number(rows[0].TOTAL_SPLIT_REGION), 3);
}

async function queryThroughStandIn(database: string, sql: string): Promise<Record<string, unknown>[]> {
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection({ host: db.host, port: standIn.port, user: db.user, password: db.password, database });
  try {
    const [rows] = await connection.query(sql);
    return rows as Record<string, unknown>[];
  } finally {
    await connection.end();
  }
}

async function run(database: string, workload: string, extra: string[] = []): Promise<RunResult> {
  const options = benchOptions(workload, [
    ...via(database),
    '--tables=1',
    '--table-size=1000',
    '--threads=2',
    '--events=200',
    '--time=0',
    ...extra,
  ]);
  const { result } = await runMeasuredWithEngine(options, {}, { engine: 'builtin' });
  assert.equal(result.status, 'completed', result.message);
  return result;
}

before(async () => {
  standIn = await startTestStandIn({
    versionString: '8.0.11-TiDB-v8.5.1',
    otherComponents: [
      { ...tikv(0), type: 'tidb', instance: '127.0.0.1:4000', statusAddress: '127.0.0.1:10080' },
      { ...tikv(0), type: 'pd', instance: '127.0.0.1:2379', statusAddress: '127.0.0.1:2379' },
      tikv(0),
      tikv(1),
      tikv(2),
    ],
  });
});

after(async () => {
  await standIn.close();
  for (const database of databases) await dropDatabase(database);
});

test('inserts into a one-region table: regions before and after, the hot region, and the advice to split with the key range', async () => {
  const database = await preparedDatabase('regions_one');
  const result = await run(database, 'oltp_insert');
  const regions = result.server?.regions;
  assert.equal(regions?.source, 'tidb', JSON.stringify(regions));
  assert.equal(regions?.storeCount, 3);
  assert.deepEqual(regions?.warnings, []);
  const [table] = regions?.tables ?? [];
  assert.equal(table.table, 'sbtest1');
  assert.equal(table.before?.regions, 1);
  assert.equal(table.after?.regions, 1);
  assert.deepEqual(table.after?.leadersByStore, { 1: 1 });
  assert.equal(table.key?.kind, 'clustered-int');
  assert.equal(regions?.hotRegionsSource, 'information_schema.tidb_hot_regions');
  assert.equal(regions?.hotRegions.length, 1);
  assert.ok((regions?.hotRegions[0].flowBytes ?? 0) > 0);
  const [rows] = await query<{ hi: number }>(database, 'SELECT MAX(id) AS hi FROM sbtest1');
  assert.deepEqual(
    regions?.findings.map((finding) => [finding.kind, finding.statements]),
    [['one-region', [`SPLIT TABLE \`sbtest1\` BETWEEN (1) AND (${rows.hi}) REGIONS 16;`]]],
  );
});

test('inserts into a split table: AUTO_INCREMENT piles them on the last region and its store, the AUTO_RANDOM advice comes with it', async () => {
  const database = await preparedDatabase('regions_last');
  await splitSbtest1(database);
  const result = await run(database, 'oltp_insert');
  const regions = result.server?.regions;
  const [table] = regions?.tables ?? [];
  assert.equal(table.before?.regions, 4);
  assert.deepEqual(table.before?.leadersByStore, { 1: 2, 2: 1, 3: 1 });
  assert.equal(table.after?.busiestRegion?.isLast, true);
  assert.equal(table.after?.busiestRegion?.share, 1);
  assert.deepEqual(
    regions?.findings.map((finding) => finding.kind),
    ['one-region', 'increasing-key', 'one-store'],
  );
  const increasing = regions?.findings[1];
  assert.deepEqual(increasing?.statements, [
    'ALTER TABLE `sbtest1` MODIFY COLUMN `id` BIGINT NOT NULL AUTO_INCREMENT;',
    'ALTER TABLE `sbtest1` MODIFY COLUMN `id` BIGINT AUTO_RANDOM(5);',
  ]);
});

test('updates spread over a split table: hot regions on every region, no finding', async () => {
  const database = await preparedDatabase('regions_spread');
  await splitSbtest1(database);
  const result = await run(database, 'oltp_update_non_index', ['--rand-type=uniform', '--events=400']);
  const regions = result.server?.regions;
  assert.equal(regions?.hotRegions.length, 4, JSON.stringify(regions?.hotRegions));
  assert.deepEqual(regions?.findings, []);
});

test('a read-only run reads no regions; the CLI --json carries server.regions and the summary prints the findings', async () => {
  const database = await preparedDatabase('regions_cli');
  const readOnly = await run(database, 'oltp_point_select');
  assert.equal(readOnly.server?.regions, undefined);
  const io = (out: string[], err: string[] = []): BenchCommandIo => ({
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFile: () => undefined,
    fileModifiedTime: () => undefined,
    env: {},
    onInterrupt: () => () => undefined,
    exit: () => undefined,
  });
  const args = [...via(database), '--engine=builtin', '--tables=1', '--threads=2', '--events=100', '--time=0', 'oltp_insert', 'run'];
  const json: string[] = [];
  const errors: string[] = [];
  assert.equal(await runBenchCommand([...args, '--json'], io(json, errors)), 0, errors.join(''));
  const parsed = JSON.parse(json.join('')) as RunResult;
  assert.equal(parsed.server?.regions?.source, 'tidb');
  assert.equal(parsed.server?.regions?.findings[0]?.kind, 'one-region');
  const text: string[] = [];
  assert.equal(await runBenchCommand(args, io(text)), 0, text.join(''));
  const printed = text.join('');
  assert.match(printed, /^Regions \(SHOW TABLE \.\.\. REGIONS, before -> after; 3 TiKV stores\):$/m);
  assert.match(printed, /^ {4}sbtest1: 1 -> 1 regions; leaders store 1: 1 -> store 1: 1;/m);
  assert.match(printed, /^Finding \(sbtest1\): Writes piled on one region \(\d+\): sbtest1 is a single region/m);
  assert.match(printed, /^ {6}SPLIT TABLE `sbtest1` BETWEEN \(1\) AND \(\d+\) REGIONS 16;$/m);
});

test("a bulk-load experiment's cells each carry the regions of the table they loaded: one region before, the hot region, the split advice", async () => {
  const database = await freshDatabase('regions_bulk');
  databases.push(database);
  const result = await runExperiment(
    { kind: 'bulk-load', name: 'bulk regions', rows: 400, rowsPerInsert: [100], writerThreads: [2], keyOrder: ['ordered', 'shuffled'] },
    { host: db.host, port: standIn.port, user: db.user, password: db.password, database },
  );
  assert.equal(result.status, 'completed', result.message);
  assert.equal(result.cells.length, 2);
  for (const cell of result.cells) {
    const regions = cell.run.server?.regions;
    assert.equal(regions?.source, 'tidb', `${cell.variant}: ${JSON.stringify(regions)}`);
    const [table] = regions?.tables ?? [];
    assert.equal(table?.table, 'tidblab_bulk_load');
    assert.equal(table?.before?.regions, 1);
    assert.ok((table?.after?.writtenBytes ?? 0) > 0, JSON.stringify(table));
    assert.equal(regions?.hotRegions.length, 1, JSON.stringify(regions?.hotRegions));
    assert.deepEqual(
      regions?.findings.map((finding) => [finding.kind, finding.statements]),
      [['one-region', ['SPLIT TABLE `tidblab_bulk_load` BETWEEN (1) AND (400) REGIONS 16;']]],
    );
  }
});
