// One SQL session per editor, in the real VS Code (issue 29): USE and SET SESSION run from their
// CodeLenses reach the SELECT run after them in the same editor (each run used to take a pooled
// connection of its own), and the status bar shows the session's database; Ctrl+Enter runs the
// statement under the cursor, and a row INSERTed in an open transaction is seen by its editor's next
// SELECT and not by another editor's session until it is committed; SET SESSION changes the plan
// Explain shows next in that editor. Two editors on two
// connections: one bound to another connection with its status bar item (Change Editor
// Connection) runs there, the other and the active connection stay where they were.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { adminQuery } from '../support/adminQuery';
import { testDatabase } from '../support/testDatabase';
import type { Workbench } from './support/workbench';
import { until } from './support/waiting';
import type { WorkbenchSession } from './support/workbenchSession';
import { answer, clickDialogButton, runBenchmarkFromPalette } from './support/benchmarkTabs';
import { clickCodeLens, openSqlEditorSession } from './support/sqlEditorSession';

const db = testDatabase();
const HOME = 'tidblab_e2e_session';
const OTHER = 'tidblab_e2e_session_other';
const SQL_FILE = 'queries/session.sql';
const BATCH_FILE = 'queries/batch.sql';
// Run File: two SELECTs on one line, a CALL with two result sets, a statement that fails, and one
// that does not run after it (tidbLab.sql.onError is "stop" by default)
const BATCH_SQL = `SELECT 1 AS a; SELECT 2 AS b, 'x' AS c;
CALL two_sets();
SELECT no_such_column FROM two_sets_t;
SELECT 4 AS d;
`;
const TX_FILE = 'queries/transaction.sql';
const PEEK_FILE = 'queries/peek.sql';
// one statement a line: the cursor goes to a line, Ctrl+Enter runs the statement under it
const TX_SQL = `START TRANSACTION;
INSERT INTO ${OTHER}.t VALUES ('tx');
SELECT 'tx' AS editor, COUNT(*) AS n FROM ${OTHER}.t WHERE origin = 'tx';
ROLLBACK;
`;
const PLAN_FILE = 'queries/plan.sql';
// MariaDB's plan of this SELECT says "Using index condition" while index_condition_pushdown is on
// (the server's default; pad keeps the index from covering the row) and "Using where" once the session
// turns it off
const PLAN_SELECT = `SELECT * FROM ${OTHER}.icp WHERE a < 20 AND b LIKE '%7';`;
const PLAN_SQL = `${PLAN_SELECT}
SET SESSION optimizer_switch = 'index_condition_pushdown=off';
${PLAN_SELECT}
`;
const PEEK_SQL = `SELECT 'peek' AS editor, COUNT(*) AS n FROM ${OTHER}.t WHERE origin = 'tx';
`;
const SQL = `USE ${OTHER};

SET SESSION max_join_size = 4242;

SELECT origin, @@SESSION.max_join_size AS v FROM t;
`;

async function gridCells(workbench: Workbench): Promise<string[]> {
  const frame = (await until(
    async () => {
      for (const candidate of workbench.page.frames()) {
        if (candidate.isDetached()) continue;
        const count = await candidate
          .locator('.grid-rows .grid-row[data-row="0"]')
          .count()
          .catch(() => 0);
        if (count > 0) return candidate;
      }
      return undefined;
    },
    (found) => found !== undefined,
    'a results grid with a row',
    60_000,
  )) as Frame;
  return frame.locator('.grid-row[data-row="0"] .grid-cell').allInnerTexts();
}

async function confirmRun(workbench: Workbench): Promise<void> {
  const dialog = workbench.page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  await dialog.locator('.monaco-button', { hasText: /^Run$/ }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}

describe('editor session: state carries over between statements', () => {
  let session: WorkbenchSession;

  before(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${HOME}; CREATE DATABASE ${HOME};
      CREATE PROCEDURE ${HOME}.two_sets() BEGIN SELECT 1 AS a; SELECT 2 AS b, 'x' AS c; END;
      CREATE TABLE ${HOME}.two_sets_t (id INT);
      DROP DATABASE IF EXISTS ${OTHER}; CREATE DATABASE ${OTHER};
      CREATE TABLE ${OTHER}.t (origin VARCHAR(10)); INSERT INTO ${OTHER}.t VALUES ('other');
      CREATE TABLE ${OTHER}.icp (id INT PRIMARY KEY, a INT, b VARCHAR(20), pad CHAR(20), KEY ab (a, b));`);
    session = await openSqlEditorSession(
      { name: 'Local MariaDB', host: db.host, port: db.port, database: HOME },
      { [SQL_FILE]: SQL, [BATCH_FILE]: BATCH_SQL, [TX_FILE]: TX_SQL, [PEEK_FILE]: PEEK_SQL, [PLAN_FILE]: PLAN_SQL },
    );
  });

  after(async () => {
    await session?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${HOME}; DROP DATABASE IF EXISTS ${OTHER}`).catch(() => undefined);
  });

  it('USE, then SET SESSION, then an unqualified SELECT in the same editor reads other_db and the variable', () =>
    session.diagnose('editor-session-use-set', async (workbench) => {
      await workbench.openFile(SQL_FILE);
      await clickCodeLens(workbench, 'Run', 0);
      await workbench.waitForQuickInput(60_000);
      await workbench.fillQuickInput(db.password);
      await confirmRun(workbench);
      await workbench.page.locator('.statusbar-item', { hasText: OTHER }).first().waitFor({ state: 'visible', timeout: 30_000 });
      await clickCodeLens(workbench, 'Run', 1);
      await confirmRun(workbench);
      await clickCodeLens(workbench, 'Run', 2);
      assert.deepEqual((await gridCells(workbench)).slice(-2), ['other', '4242']);
      // Reset SQL Session (the results grid in front): the session closes, its USE is gone
      await workbench.runCommand('TiDB Lab: Reset SQL Session');
      await workbench.waitForNotification(/The SQL session of queries\/session\.sql on Local MariaDB was closed/);
      await workbench.page.locator('.statusbar-item', { hasText: OTHER }).first().waitFor({ state: 'hidden', timeout: 30_000 });
      await clickCodeLens(workbench, 'Run', 2);
      const grid = await workbench.webviewFrame('#error', 60_000);
      assert.match(await grid.locator('#error').innerText(), /Table '[\w]*\.?t' doesn't exist|1146/);
    }));

  it('Ctrl+Enter runs the statement under the cursor; a row INSERTed in an open transaction is seen by the next SELECT of its editor, not by another editor', () =>
    session.diagnose('editor-session-transaction', async (workbench) => {
      await workbench.closeAllEditors();
      const dialog = workbench.page.locator('.monaco-dialog-box');
      /** Puts the cursor on `line` of `file` (Go to Line) and presses Ctrl+Enter until `done` (a key pressed while the editor settles can be lost). */
      const runLine = async (file: string, line: number, done: () => Promise<boolean>, what: string) => {
        await workbench.openFile(file);
        await workbench.runCommand('Go to Line/Column...');
        await workbench.fillQuickInput(`:${line}`);
        await until(
          async () => {
            await workbench.page.keyboard.press('Control+Enter');
            return done();
          },
          Boolean,
          what,
          60_000,
        );
      };
      const asked = () =>
        dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(
          () => true,
          () => false,
        );
      const answerDialog = async (button: RegExp) => {
        await dialog.locator('.monaco-button', { hasText: button }).click();
        await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      };
      const shows = (cells: string[]) => () =>
        gridRow(workbench, cells, 10_000).then(
          () => true,
          () => false,
        );

      await runLine(TX_FILE, 1, asked, 'the question before START TRANSACTION');
      await answerDialog(/^Run$/);
      await statusItem(workbench, /transaction open/).waitFor({ state: 'visible', timeout: 30_000 });
      await runLine(TX_FILE, 2, asked, 'the question before the INSERT');
      assert.match(await dialog.innerText(), /INSERT INTO tidblab_e2e_session_other\.t VALUES \('tx'\)/);
      await answerDialog(/^Run and Keep Changes$/);
      await runLine(TX_FILE, 3, shows(['tx', '1']), "the transaction's own SELECT seeing its row");
      // another editor, another session: the row is not committed
      await runLine(PEEK_FILE, 1, shows(['peek', '0']), "another editor's SELECT not seeing it");
      await workbench.screenshot('editor-session-transaction');
      await runLine(TX_FILE, 4, asked, 'the question before ROLLBACK');
      await answerDialog(/^Run$/);
      await statusItem(workbench, /transaction open/).waitFor({ state: 'hidden', timeout: 30_000 });
      await runLine(TX_FILE, 3, shows(['tx', '0']), 'the row gone after ROLLBACK');
    }));

  it("SET SESSION changes the plan that Explain shows next in the same editor: the session's plan, not a pooled connection's", () =>
    session.diagnose('editor-session-explain', async (workbench) => {
      await workbench.closeAllEditors();
      const planText = async (): Promise<string> => {
        const frame = await workbench.webviewFrame('.foreign-table', 60_000);
        return frame.locator('.foreign-table').innerText();
      };
      await workbench.openFile(PLAN_FILE);
      await clickCodeLens(workbench, 'Explain', 0, true);
      await until(planText, (text) => /Using index condition/.test(text), 'the plan with index condition pushdown on', 60_000);
      await workbench.openFile(PLAN_FILE);
      await clickCodeLens(workbench, 'Run', 1, true);
      const dialog = workbench.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      await dialog.locator('.monaco-button', { hasText: /^Run$/ }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      await workbench.openFile(PLAN_FILE);
      await clickCodeLens(workbench, 'Explain', 1, true);
      const after = await until(planText, (text) => /Using where/.test(text), "the session's plan, index condition pushdown off", 60_000);
      assert.doesNotMatch(after, /Using index condition/);
      await workbench.screenshot('editor-session-explain');
    }));

  it("Run File (Ctrl+Shift+Enter) runs every statement in order, shows every result set (the CALL's two), and stops at the failing statement", () =>
    session.diagnose('editor-session-run-file', async (workbench) => {
      await workbench.openFile(BATCH_FILE);
      // the file opened by Quick Open has the keyboard; a key pressed while the editor is still
      // settling can be lost, so it is pressed again until the question comes
      // (CALL is not a read: one question for the file)
      const dialog = workbench.page.locator('.monaco-dialog-box');
      await until(
        async () => {
          await workbench.page.keyboard.press('Control+Shift+Enter');
          return dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(
            () => true,
            () => false,
          );
        },
        (shown) => shown,
        'the Run File question after Ctrl+Shift+Enter',
        60_000,
      );
      await dialog.locator('.monaco-button', { hasText: /^Run All$/ }).click();
      // watched from now: VS Code hides an error toast after 20 s, and the grid's checks below can take longer
      const notified = workbench.waitForNotification(
        /Statement 4 of 5 failed: “SELECT no_such_column FROM two_sets_t”; the statements after it \(1\) did not run\. Unknown column/,
        60_000,
      );
      notified.catch(() => undefined);
      const grid = await workbench.webviewFrame('#not-run', 60_000);
      assert.equal(await grid.locator('#summary').innerText(), '1 row');
      assert.match(await grid.locator('#statement-2').innerText(), /Statement 2 of 5[\s\S]*SELECT 2 AS b, 'x' AS c/);
      assert.deepEqual(await grid.locator('#statement-3 ~ .result-set').allInnerTexts(), ['Result 1 of 2', 'Result 2 of 2']);
      assert.equal(await grid.locator('#summary-3-2').innerText(), '1 row');
      assert.match(await grid.locator('#error-4-1').innerText(), /Error 1054[\s\S]*no_such_column/);
      assert.equal(await grid.locator('#statement-5').count(), 0, 'the statement after the failure did not run');
      assert.match(await grid.locator('#not-run').innerText(), /Statement 4 failed and the statements after it \(1\) did not run/);
      await notified;
    }));
});

const CONN_ONE = 'tidblab_e2e_conn_one';
const CONN_TWO = 'tidblab_e2e_conn_two';
const FIRST = 'Local MariaDB';
const SECOND = 'Second MariaDB';

/** Waits for a results grid whose first row is `cells` (each run may leave a grid of its own). */
async function gridRow(workbench: Workbench, cells: string[], timeoutMs = 60_000): Promise<void> {
  await until(
    async () => {
      for (const frame of workbench.page.frames()) {
        if (frame.isDetached()) continue;
        const texts = await frame
          .locator('.grid-rows .grid-row[data-row="0"] .grid-cell')
          .allInnerTexts()
          .catch(() => []);
        if (texts.slice(-cells.length).join('|') === cells.join('|')) return true;
      }
      return false;
    },
    (found) => found,
    `a results grid with the row ${cells.join(', ')}`,
    timeoutMs,
  );
}

function statusItem(workbench: Workbench, text: RegExp) {
  return workbench.page.locator('.part.statusbar .statusbar-item', { hasText: text }).first();
}

describe('editor session: each editor on its own connection', () => {
  let session: WorkbenchSession;

  before(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${CONN_ONE}; CREATE DATABASE ${CONN_ONE};
      DROP DATABASE IF EXISTS ${CONN_TWO}; CREATE DATABASE ${CONN_TWO};`);
    session = await openSqlEditorSession(
      [
        { name: FIRST, host: db.host, port: db.port, database: CONN_ONE },
        { name: SECOND, host: db.host, port: db.port, database: CONN_TWO },
      ],
      {
        'queries/first.sql': "SELECT 'first' AS editor, DATABASE() AS db;\n",
        'queries/second.sql': "SELECT 'second' AS editor, DATABASE() AS db;\n",
      },
    );
  });

  after(async () => {
    await session?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${CONN_ONE}; DROP DATABASE IF EXISTS ${CONN_TWO}`).catch(() => undefined);
  });

  it("an editor bound to another connection with its status bar item runs there; the other editor and the active connection don't move", () =>
    session.diagnose('editor-session-own-connection', async (workbench) => {
      // the first run: no active connection yet, so TiDB Lab asks which (and its password)
      await workbench.openFile('queries/first.sql');
      await clickCodeLens(workbench, 'Run', 0);
      await workbench.pickQuickPickItem(FIRST);
      await answer(workbench, /Password of/, db.password);
      await gridRow(workbench, ['first', CONN_ONE]);
      await statusItem(workbench, new RegExp(`${FIRST} · ${CONN_ONE}`)).waitFor({ state: 'visible', timeout: 30_000 });

      // the second editor starts on the active connection, then is bound to the second one (each
      // run's grid opens beside and takes the focus: the statement under the cursor of the editor
      // opened again is run from the palette)
      await workbench.openFile('queries/second.sql');
      await workbench.runCommand('TiDB Lab: Run Statement');
      await gridRow(workbench, ['second', CONN_ONE]);
      await workbench.openFile('queries/second.sql');
      await statusItem(workbench, new RegExp(`${FIRST} · ${CONN_ONE}`)).click();
      await workbench.pickQuickPickItem(SECOND);
      await answer(workbench, /Password of/, db.password);
      // bound, no session yet: the item says where the next statement runs
      await statusItem(workbench, new RegExp(`^\\W*${SECOND}\\s*$`)).waitFor({ state: 'visible', timeout: 30_000 });
      await workbench.runCommand('TiDB Lab: Run Statement');
      await gridRow(workbench, ['second', CONN_TWO]);
      await workbench.openFile('queries/second.sql');
      await statusItem(workbench, new RegExp(`${SECOND} · ${CONN_TWO}`)).waitFor({ state: 'visible', timeout: 30_000 });

      // the first editor is still on the active connection, which is still the first one
      await workbench.openFile('queries/first.sql');
      await statusItem(workbench, new RegExp(`${FIRST} · ${CONN_ONE}`)).waitFor({ state: 'visible', timeout: 30_000 });
      await workbench.runCommand('TiDB Lab: Run Statement');
      await gridRow(workbench, ['first', CONN_ONE]);
      const texts = await workbench.statusBarTexts();
      assert.ok(
        texts.some((text) => new RegExp(`^${FIRST} · MariaDB`).test(text)),
        `the active connection is still ${FIRST}: ${texts.join(' | ')}`,
      );
      assert.ok(!texts.some((text) => new RegExp(`^${SECOND} · MariaDB`).test(text)), texts.join(' | '));

      // a benchmark on the second connection leaves the active connection where it is (its pick made it active once)
      await runBenchmarkFromPalette(workbench, { password: db.password, connection: SECOND }, 'oltp_point_select', [
        ['Time', /--time/, '2'],
        ['Table size', /--table-size/, '100'],
        ['Database', /--mysql-db/, CONN_TWO],
      ]);
      await clickDialogButton(workbench.page, 'Prepare', /100 rows/);
      const password = workbench.page.locator('.quick-input-widget .quick-input-message', { hasText: /Password of/ });
      if (
        await password.waitFor({ state: 'visible', timeout: 10_000 }).then(
          () => true,
          () => false,
        )
      )
        await workbench.fillQuickInput(db.password);
      await workbench.webviewFrame('[data-view="run"] [data-status="completed"]', 120_000);
      const afterBenchmark = await workbench.statusBarTexts();
      assert.ok(
        afterBenchmark.some((text) => new RegExp(`^${FIRST} · MariaDB`).test(text)),
        `after a benchmark on ${SECOND}, the active connection is still ${FIRST}: ${afterBenchmark.join(' | ')}`,
      );
      await workbench.screenshot('editor-session-own-connection');
    }));
});
