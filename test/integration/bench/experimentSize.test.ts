// `tidb-lab bench experiment` prints how long an experiment will take before it starts, wants
// --yes above 2 hours, refuses sizes beyond its bounds, and reads a file saved with a UTF-8 BOM.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectionArgs, dropDatabase, freshDatabase, query, runProcess } from './support/benchFixtures';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-experiment-size-'));
let database: string;

const bench = (args: string[]) => runProcess(process.execPath, [CLI, 'bench', ...args]);

function withBom(name: string, definition: unknown): string {
  const file = join(work, `${name}.json`);
  writeFileSync(file, `\uFEFF${JSON.stringify(definition, null, 2)}`, 'utf8');
  return file;
}

async function sbtestTables(): Promise<unknown[]> {
  return query(database, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'sbtest%'");
}

before(async () => {
  database = await freshDatabase('size');
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

const sweep = {
  name: 'huge sweep',
  workloads: ['oltp_point_select'],
  threads: Array.from({ length: 1000 }, (_unused, i) => i + 1),
  tableSizes: [1000, 2000, 3000],
  options: { time: 60 },
};

describe('experiment size on the command line', () => {
  test('1,000 thread values x 3 sizes x 60 s: the estimate is printed and nothing starts without --yes', async () => {
    const outcome = await bench(['experiment', withBom('sweep', sweep), ...connectionArgs(database)]);
    assert.equal(outcome.code, 1, outcome.stdout + outcome.stderr);
    assert.match(outcome.stdout, /^Estimated duration: at least 2 d 2 h for 3,000 cells, plus preparing 6,000 rows$/m);
    assert.match(outcome.stderr, /'huge sweep' would run for at least 2 d 2 h, more than 2 h; add --yes to start it anyway/);
    assert.deepEqual(await sbtestTables(), [], 'nothing was prepared');
  });

  test('with --yes it goes on to connect (here to a port nobody listens on)', async () => {
    const outcome = await bench(['experiment', withBom('sweep-yes', sweep), ...connectionArgs(database, 1), '--yes']);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stdout, /Estimated duration: at least 2 d 2 h/);
    assert.doesNotMatch(outcome.stderr, /--yes/);
    assert.match(outcome.stderr, /^FATAL: /m, outcome.stderr);
  });

  test('a short experiment saved with a BOM runs, its estimate printed first', async () => {
    const outcome = await bench([
      'experiment',
      withBom('short', { name: 'short', workloads: ['oltp_point_select'], threads: [1], tableSizes: [100], options: { time: 1 } }),
      ...connectionArgs(database),
    ]);
    assert.equal(outcome.code, 0, outcome.stdout + outcome.stderr);
    const lines = outcome.stdout.split('\n');
    const estimate = lines.indexOf('Estimated duration: at least 1 s for 1 cell, plus preparing 100 rows');
    assert.ok(estimate > 0 && estimate < lines.findIndex((line) => line.startsWith('Preparing')), outcome.stdout);
    assert.match(outcome.stdout, /\[1\/1\] oltp_point_select threads=1/);
  });

  test('1e9 threads and 1e13 rows are refused, naming the field and the bound', async () => {
    const threads = await bench(['experiment', withBom('threads', { ...sweep, threads: [1e9] }), ...connectionArgs(database)]);
    assert.equal(threads.code, 1);
    assert.match(threads.stderr, /"threads\[0\]" is 1,000,000,000; at most 10,000 threads per cell/);
    const rows = await bench(['experiment', withBom('rows', { ...sweep, threads: [1], tableSizes: [1e13] }), ...connectionArgs(database)]);
    assert.equal(rows.code, 1);
    assert.match(rows.stderr, /"tableSizes\[0\]" is 10,000,000,000,000; at most 1,000,000,000 rows per table/);
    assert.deepEqual(await sbtestTables(), []);
  });
});
