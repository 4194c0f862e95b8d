// One SQL session per editor, in the real VS Code (issue 29): USE and SET SESSION run from their
// CodeLenses reach the SELECT run after them in the same editor (each run used to take a pooled
// connection of its own), and the status bar shows the session's database.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { adminQuery } from '../support/adminQuery';
import { testDatabase } from '../support/testDatabase';
import type { Workbench } from './support/workbench';
import { until } from './support/waiting';
import type { WorkbenchSession } from './support/workbenchSession';
import { clickCodeLens, openSqlEditorSession } from './support/sqlEditorSession';

const db = testDatabase();
const HOME = 'tidblab_e2e_session';
const OTHER = 'tidblab_e2e_session_other';
const SQL_FILE = 'queries/session.sql';
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
      DROP DATABASE IF EXISTS ${OTHER}; CREATE DATABASE ${OTHER};
      CREATE TABLE ${OTHER}.t (origin VARCHAR(10)); INSERT INTO ${OTHER}.t VALUES ('other');`);
    session = await openSqlEditorSession({ name: 'Local MariaDB', host: db.host, port: db.port, database: HOME }, { [SQL_FILE]: SQL });
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
    }));
});
