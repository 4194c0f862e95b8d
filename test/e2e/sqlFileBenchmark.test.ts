// A user runs the SQL file in the editor as a benchmark (go-tpc's rawsql): right-click in the
// editor, Run SQL File as Benchmark..., password (the only connection, not asked), threads, seconds; the live tab grows,
// the result tab and the Benchmarks view show the run, and the server counted the query.
// Screenshots: test-results/screenshots/sql-file-benchmark-*.png (-client-light: the Client row of the details).
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunResult } from '../../src/core/results/benchmarkResult';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { testDatabase } from '../support/testDatabase';
import { WorkbenchSession } from './support/workbenchSession';
import type { Workbench } from './support/workbench';
import { timeoutScale as scale, until } from './support/waiting';

const db = testDatabase();
const DATABASE = 'tidblab_e2e_rawsql';
const CONNECTION = 'E2E MariaDB';
const FILE = 'top_items.sql';

async function sql<T extends RowDataPacket>(statement: string, values: unknown[] = []): Promise<T[]> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    const [rows] = await connection.query(statement, values);
    return Array.isArray(rows) ? (rows as T[]) : [];
  } finally {
    await connection.end();
  }
}

/** How often the server ran the file's query (performance_schema digests of the test database). */
async function serverExecutions(): Promise<number> {
  const rows = await sql<RowDataPacket & { n: string | number }>(
    `SELECT COALESCE(SUM(COUNT_STAR), 0) AS n FROM performance_schema.events_statements_summary_by_digest
      WHERE SCHEMA_NAME = ? AND DIGEST_TEXT LIKE '%rawsql_items%'`,
    [DATABASE],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The rawsql runs saved under the workspace's .tidb-lab/results/. */
function storedRuns(workspace: string): RunResult[] {
  const dir = join(workspace, '.tidb-lab', 'results');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as RunResult)
    .filter((result) => result.kind === 'run' && result.workload === 'rawsql');
}

async function answer(workbench: Workbench, prompt: RegExp, text: string): Promise<void> {
  await workbench.page
    .locator('.quick-input-widget .quick-input-message, .quick-input-widget .quick-input-title', { hasText: prompt })
    .first()
    .waitFor({ state: 'visible' });
  await workbench.fillQuickInput(text);
}

describe('Run SQL File as Benchmark', () => {
  let session: WorkbenchSession;

  before(async () => {
    await sql(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
    await sql(`CREATE DATABASE \`${DATABASE}\``);
    await sql(`CREATE TABLE \`${DATABASE}\`.\`rawsql_items\` (\`id\` INT PRIMARY KEY, \`name\` VARCHAR(20))`);
    await sql(`INSERT INTO \`${DATABASE}\`.\`rawsql_items\` VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.benchmarks.storeInWorkspace': true,
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: db.port, user: db.user, tls: 'off', database: DATABASE }],
      },
      workspaceFiles: { [FILE]: '-- the two first items\nSELECT `id`, `name` FROM `rawsql_items` WHERE `id` <= 2;\n' },
    });
  });

  after(async () => {
    await session?.close();
    await sql(`DROP DATABASE IF EXISTS \`${DATABASE}\``).catch(() => undefined);
  });

  it("runs the editor's SQL file from its context menu, live, into a result the server's counts agree with", () =>
    session.diagnose('sql-file-benchmark', async (workbench) => {
      const page = workbench.page;
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      const before = await serverExecutions();
      await workbench.openFile(FILE);
      await page.locator('.monaco-editor .view-lines').first().click({ button: 'right' });
      await workbench.clickContextMenuItem('Run SQL File as Benchmark...');
      // the only connection is used without asking: the first question is its password
      await answer(workbench, /Password of/, db.password);
      // one thread: MariaDB's performance_schema adds to a digest's counters without atomics, so two
      // threads running the same statement at thousands a second lose an update now and then (seen:
      // 98,218 counted for 98,221 run); with one thread its count is exact
      await answer(workbench, /Threads/, '1');
      await answer(workbench, /Seconds to run/, '6');

      const live = await workbench.webviewFrame('[data-view="live"] .chart-box[data-chart="throughput"]', 90_000 * scale);
      await until(
        async () => Number(await live.locator('.chart-box[data-chart="throughput"]').getAttribute('data-points')),
        (points) => points >= 2,
        'two live points',
      );
      await workbench.waitForNotification(/rawsql TOP_ITEMS 1 thread · \d+ s \/ 6 s/);
      await workbench.screenshot('sql-file-benchmark-live-light', { whileRunning: true });

      const result = await workbench.webviewFrame('[data-view="run"] .chart-box[data-chart="throughput"]', 60_000 * scale);
      assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'completed');
      assert.equal((await result.locator('#result-title').innerText()).trim(), 'rawsql · 1 thread');
      // the stored result (kept in the workspace) counts exactly what the server ran
      const stored = await until(
        async () => storedRuns(session.workspaceFolder),
        (runs) => runs.length === 1,
        'the stored rawsql result',
      );
      const run = stored[0];
      assert.equal(run.status, 'completed');
      assert.ok(run.summary.events > 0);
      assert.equal((await serverExecutions()) - before, run.summary.events);
      assert.equal(run.labels?.['TOP_ITEMS.count'], run.summary.events);
      assert.equal(run.summary.reads, run.summary.events);
      // the client measured on the main thread, where every connection lives, and said so among the details
      assert.ok(run.client !== undefined && run.intervals.every((interval) => interval.client !== undefined));
      const details = result.locator('table.kv');
      const clientRow = new RegExp(
        `Client\\s+\\d+% CPU of \\d+ cores?, event loop busy \\d+%[^\\n]*` +
          (run.client.runnableShare === undefined ? '' : `, main thread running or waiting for a core \\d+%`) +
          `[^\\n]*· ${run.client.bound ? 'The benchmark client limited this run' : 'the client did not limit this run'}`,
      );
      assert.match(await details.innerText(), clientRow);
      assert.doesNotMatch(await details.innerText(), /worker running/);
      assert.equal(await result.locator('[data-client-bound="true"]').count(), run.client.bound ? 1 : 0);
      await workbench.openViewContainer('TiDB Lab');
      await workbench.treeItem('rawsql · 1 thread', 'Benchmarks').waitFor({ state: 'visible' });
      await workbench.screenshot('sql-file-benchmark-result-light');
      await details.scrollIntoViewIfNeeded();
      await workbench.screenshot('sql-file-benchmark-client-light');
    }));
});
