// What a bulk-load study measures, against the real MariaDB (and the TiDB stand-in as a second
// host): rows/s and MB/s of row data, p95/p99 statement times; writers spread over every host given;
// a study sized in GB; a warning when writers outnumber statements; the CLI's table with one key order.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { BULK_LOAD_ROW_BYTES } from '../../../src/core/bench/bulkLoad/bulkLoadRow';
import type { ExperimentResult } from '../../../src/core/results/benchmarkResult';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';
import { connectionArgs, db, dropDatabase, freshDatabase, runProcess } from './support/benchFixtures';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-bulk-study-'));
let database: string;
let standIn: TiDBStandIn;

before(async () => {
  database = await freshDatabase('bulkstudy');
  standIn = await startTestStandIn();
});

after(async () => {
  await standIn.close();
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

describe('bulk-load studies', () => {
  test('rows/s and MB/s of row data with p95/p99, writers spread over both hosts given, sized in GB', async () => {
    const result = await runExperiment(
      { kind: 'bulk-load', name: 'two hosts', gb: 0.000768, rowsPerInsert: [500], writerThreads: [4], keyOrder: ['shuffled'], seed: 5 },
      { host: db.host, port: db.port, user: db.user, password: db.password, database, ports: [db.port, standIn.port] },
    );
    assert.equal(result.status, 'completed', result.message);
    const [cell] = result.cells;
    // 0.000768 GB = 768,000 bytes of row data = 4,000 rows of 192 bytes
    assert.equal(cell.params?.rows, 4000);
    assert.equal(cell.run.labels?.rows_loaded, 4000);
    assert.equal(cell.run.labels?.hosts, `${db.host}:${db.port},${db.host}:${standIn.port}`);
    const inserts = standIn.state.receivedStatements.filter((sql) => sql.startsWith('INSERT INTO `tidblab_bulk_load`'));
    // writers take the next batch as they become free, so how many went through each host varies
    assert.ok(inserts.length >= 1 && inserts.length < 8, `${inserts.length} of the 8 statements went through the second host`);
    const summary = cell.run.summary;
    assert.ok((summary.rowsPerSec ?? 0) > 0);
    assert.ok(
      Math.abs((summary.mbPerSec ?? 0) - ((summary.rowsPerSec ?? 0) * BULK_LOAD_ROW_BYTES) / 1e6) < 1e-9,
      "MB/s counts the rows' data",
    );
    assert.ok(summary.latencyMs.p95 !== null && summary.latencyMs.p99 !== null);
  });

  test('more writers than statements is warned about, in the log and the result', async () => {
    const logged: string[] = [];
    const result = await runExperiment(
      { kind: 'bulk-load', name: 'idle writers', rows: 1000, rowsPerInsert: [400], writerThreads: [2, 5], keyOrder: ['ordered'] },
      { host: db.host, port: db.port, user: db.user, password: db.password, database },
      { onLog: (line) => logged.push(line) },
    );
    assert.equal(result.status, 'completed', result.message);
    const warning =
      '5 writers for 3 statement(s) of 400 rows (1000 rows): 2 writer(s) have nothing to send, so that cell measures 3 writer(s).';
    assert.ok(logged.includes(`warning: ${warning}`), logged.join('\n'));
    assert.match(result.message ?? '', new RegExp(warning.replace(/[()]/g, '\\$&')));
    assert.equal(logged.filter((line) => line.startsWith('warning:')).length, 1, 'two writers for three statements is fine');
  });

  test('the CLI prints rows/s, MB/s, p95 and p99 per cell, also for a study with one key order', async () => {
    const file = join(work, 'bulk.json');
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'bulk-load',
        name: 'pool size',
        rows: 3000,
        rowsPerInsert: [1000],
        writerThreads: [1, 2],
        keyOrder: ['ordered'],
      }),
    );
    const outcome = await runProcess(process.execPath, [CLI, 'bench', 'experiment', file, ...connectionArgs(database)]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(
      outcome.stdout,
      /^\[1\/2\] rows_per_insert=1000 writers=1 keys=ordered: \d+ rows\/s, \d+\.\d\d MB\/s, p99 \d+\.\d\d ms \[completed\]$/m,
    );
    const lines = outcome.stdout.split('\n');
    const header = lines.findIndex((line) => /^rows per statement +writers +key order +rows\/s +MB\/s +p95 ms +p99 ms +status$/.test(line));
    assert.ok(header > 0, outcome.stdout);
    assert.match(lines[header + 1], /^ +1000 +1 +ordered +\d+ +\d+\.\d\d +\d+\.\d\d +\d+\.\d\d +completed$/);
    assert.match(lines[header + 2], /^ +1000 +2 +ordered +\d+ +\d+\.\d\d +\d+\.\d\d +\d+\.\d\d +completed$/);
    const json = await runProcess(process.execPath, [CLI, 'bench', 'experiment', file, ...connectionArgs(database), '--json']);
    const result = JSON.parse(json.stdout) as ExperimentResult;
    assert.deepEqual(result.variants, ['ordered']);
  });
});
