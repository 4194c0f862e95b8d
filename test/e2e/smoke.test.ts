// code-server starts with the packaged TiDB Lab installed, and a user sees its activity-bar
// container with the Connections view and its welcome content, in light and dark themes.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { CodeServer } from './support/codeServer';
import { descendantPids, isAlive } from './support/processTree';
import { WorkbenchSession } from './support/workbenchSession';

describe('smoke: TiDB Lab in code-server', () => {
  let session: WorkbenchSession;

  before(async () => {
    session = await WorkbenchSession.open();
  });

  after(async () => {
    await session?.close();
  });

  it('shows the TiDB Lab container with the Connections view and its welcome content', () =>
    session.diagnose('smoke-connections-welcome', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible' });
      await workbench.openViewContainer('TiDB Lab');
      await workbench.expandView('Connections');
      const welcome = workbench.viewWelcome('Connections');
      await welcome.waitFor({ state: 'visible' });
      const addConnection = welcome.locator('.monaco-button', { hasText: 'Add Connection' });
      await addConnection.waitFor({ state: 'visible' });
      assert.ok((await welcome.innerText()).trim().length > 'Add Connection'.length, 'the welcome content says nothing besides its button');
    }));

  it('opens the Get Started walkthrough with its four steps, each with the command it offers', () =>
    session.diagnose('smoke-walkthrough', async (workbench) => {
      await workbench.runCommand('Welcome: Open Walkthrough...');
      await workbench.pickQuickPickItem('Get Started with TiDB Lab');
      const page = workbench.page;
      const steps = page.locator('.gettingStartedSlideDetails .getting-started-step');
      await steps.first().waitFor({ state: 'visible' });
      const titles = (await steps.locator('.step-title').allInnerTexts()).map((title) => title.trim());
      assert.deepEqual(titles, ['Connect to TiDB', 'Cache a table', 'Run a benchmark', 'Read a plan']);
      // the first step is open: its description and its buttons
      const open = page.locator('.gettingStartedSlideDetails .getting-started-step.expanded');
      assert.match(await open.innerText(), /Add a connection to TiDB, TiDB Cloud, MySQL or MariaDB/);
      await open.locator('.monaco-button', { hasText: 'Add Connection' }).waitFor({ state: 'visible' });
      await workbench.screenshot('smoke-walkthrough-light');
      await workbench.closeAllEditors();
    }));

  for (const theme of ['light', 'dark'] as const) {
    it(`looks right in the ${theme} theme`, () =>
      session.diagnose(`smoke-${theme}`, async (workbench) => {
        await workbench.setColorTheme(theme);
        await workbench.openViewContainer('TiDB Lab');
        await workbench.viewWelcome('Connections').waitFor({ state: 'visible' });
        const path = await workbench.screenshot(`smoke-connections-welcome-${theme}`);
        assert.ok(existsSync(path), `no screenshot at ${path}`);
      }));
  }
});

describe('smoke: the harness cleans up', () => {
  it('stopping code-server ends it and every process it started, and removes its folders', async () => {
    const server = await CodeServer.start();
    const pid = server.pid;
    assert.ok(pid !== undefined, 'code-server has no pid');
    // code-server runs as a wrapper process and a child that serves: both must go.
    const pids = [pid, ...descendantPids(pid)];
    assert.ok(pids.length >= 2, `expected code-server's child processes, found ${pids.join(', ')}`);
    await server.stop();
    assert.deepEqual(pids.filter(isAlive), [], 'processes left running');
    assert.equal(existsSync(server.rootDir), false, 'temporary folders left behind');
  });
});
