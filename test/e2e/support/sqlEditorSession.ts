// How the SQL editor tests (Run Statement, Explain) start: a workbench with their SQL files in the
// workspace and one connection (or several) whose password is asked when it connects (passwordMode "ask"),
// CodeLens on, the light theme, a 1440 x 900 window; and a click on a statement's CodeLens.
import { testDatabase } from '../../support/testDatabase';
import type { Workbench } from './workbench';
import { WorkbenchSession } from './workbenchSession';

export interface SqlEditorConnection {
  name: string;
  host: string;
  port: number;
  database: string;
}

export function openSqlEditorSession(
  connection: SqlEditorConnection | SqlEditorConnection[],
  workspaceFiles: Record<string, string>,
): Promise<WorkbenchSession> {
  return WorkbenchSession.open({
    userSettings: {
      'workbench.colorTheme': 'Default Light Modern',
      'editor.codeLens': true,
      'tidbLab.connections': [connection].flat().map(({ name, host, port, database }) => ({
        name,
        host,
        port,
        user: testDatabase().user,
        database,
        tls: 'off',
        passwordMode: 'ask',
      })),
    },
    workspaceFiles,
    viewport: { width: 1440, height: 900 },
  });
}

/** Clicks the `nth` CodeLens titled `title`; `activeGroup`: only in the active editor group (another may show a SQL file too). */
export async function clickCodeLens(workbench: Workbench, title: string, nth: number, activeGroup = false): Promise<void> {
  const editors = activeGroup ? '.part.editor .editor-group-container.active .monaco-editor' : '.part.editor .monaco-editor';
  const lens = workbench.page.locator(`${editors} .codelens-decoration a`, { hasText: new RegExp(`^${title}$`) }).nth(nth);
  await lens.waitFor({ state: 'visible', timeout: 60_000 });
  await lens.click();
}
