// `tidb-lab bench experiment FILE --mysql-ignore-errors=...` ignores those errors in every cell, as
// the same option does on a sysbench run; the file may say it too, and the command line wins.
// The variant's trigger makes every oltp_insert INSERT with an even k fail with error 1048 (k cannot
// be null), so a cell fails unless 1048 is ignored. (Not every INSERT: an event that always fails
// is restarted for ever, by sysbench too.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ExperimentResult } from '../../../src/core/results/benchmarkResult';
import { connectionArgs, dropDatabase, freshDatabase, runProcess } from './support/benchFixtures';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-experiment-ignore-'));
let database: string;

const bench = (args: string[]) => runProcess(process.execPath, [CLI, 'bench', ...args]);

function experimentFile(name: string, options: Record<string, string | number | boolean>): string {
  const file = join(work, `${name}.json`);
  const definition = {
    name,
    workloads: ['oltp_insert'],
    threads: [1],
    tableSizes: [50],
    options: { time: 1, ...options },
    variants: [
      {
        name: 'refusing even k',
        setup: ['CREATE TRIGGER tidblab_refuse_even_k BEFORE INSERT ON {table} FOR EACH ROW SET NEW.k = IF(NEW.k % 2 = 0, NULL, NEW.k)'],
        teardown: ['DROP TRIGGER tidblab_refuse_even_k'],
      },
    ],
  };
  writeFileSync(file, JSON.stringify(definition), 'utf8');
  return file;
}

before(async () => {
  database = await freshDatabase('ignore');
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

describe('--mysql-ignore-errors in an experiment', () => {
  test('without it the refused inserts fail the cell', async () => {
    const outcome = await bench(['experiment', experimentFile('strict', {}), ...connectionArgs(database), '--engine=builtin', '--json']);
    assert.equal(outcome.code, 1, outcome.stderr);
    const result = JSON.parse(outcome.stdout) as ExperimentResult;
    assert.equal(result.cells[0].run.status, 'failed');
  });

  test('given on the command line, every cell ignores them and counts them', async () => {
    const outcome = await bench([
      'experiment',
      experimentFile('lenient', { mysql_ignore_errors: '1213' }),
      ...connectionArgs(database),
      '--mysql-ignore-errors=1048',
      '--engine=builtin',
      '--json',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const result = JSON.parse(outcome.stdout) as ExperimentResult;
    const run = result.cells[0].run;
    assert.equal(run.status, 'completed');
    assert.equal(run.options.mysql_ignore_errors, '1048', 'the command line wins over the file');
    assert.ok((run.summary.errorCodes?.['1048'] ?? 0) > 0, JSON.stringify(run.summary));
  });

  test('given in the file, the cells ignore them', async () => {
    const outcome = await bench([
      'experiment',
      experimentFile('in-file', { mysql_ignore_errors: '1048' }),
      ...connectionArgs(database),
      '--engine=builtin',
      '--json',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const result = JSON.parse(outcome.stdout) as ExperimentResult;
    assert.ok((result.cells[0].run.summary.errorCodes?.['1048'] ?? 0) > 0);
  });

  test('other benchmark options on the command line are refused, naming the file as their place', async () => {
    const outcome = await bench(['experiment', experimentFile('engine', {}), ...connectionArgs(database), '--mysql-storage-engine=myisam']);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /--mysql-storage-engine: put benchmark options in the experiment file/);
  });

  test('a bulk-load experiment refuses it with the reason', async () => {
    const file = join(work, 'bulk.json');
    writeFileSync(file, JSON.stringify({ kind: 'bulk-load', name: 'bulk', rows: 100, rowsPerInsert: [10], writerThreads: [1] }));
    const outcome = await bench(['experiment', file, ...connectionArgs(database), '--mysql-ignore-errors=1048']);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /--mysql-ignore-errors: a bulk-load experiment has no sysbench events to restart/);
  });
});
