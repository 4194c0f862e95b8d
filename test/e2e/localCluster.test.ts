// A user without a TiDB starts one from the palette in the real VS Code: first without TiUP (the
// install command is shown, not run), then with TiUP (the FAKE tiup of test/fakeTiup/, which prints
// TiUP v1.16.5's texts and serves the TiDB STAND-IN where the playground's TiDB would be): the
// version and TiFlash questions, the progress notification following the playground's output,
// the connection added and connected with its Cluster node open, the log, the window-close question
// (Keep It Running: the playground outlives Reload Window, which finds it again), and Stop from the
// palette. A playground started from a terminal is then found and connected to.
// Screenshots: test-results/screenshots/local-cluster-*.png.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isProcessAlive } from '../../src/core/tiup/runningPlaygrounds';
import { clickDialogButton } from './support/benchmarkTabs';
import { repoRoot } from './support/paths';
import { timeoutScale, until } from './support/waiting';
import { WorkbenchSession } from './support/workbenchSession';

const VIEW = 'Connections';
const CONNECTION = 'TiUP Playground: tidb-lab';
const fakeTiup = join(repoRoot, 'test', 'fakeTiup', 'tiup');
const tiupHome = mkdtempSync(join(tmpdir(), 'tidb-lab-e2e-tiup-home-'));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

// VS Code's server takes the extension host's PATH from the user's login shell, so the test cannot
// hand it a PATH; it gives the server a home of its own instead, without TiUP, and "installs"
// TiUP where TiUP's installer puts it: ~/.tiup/bin/tiup (not yet on a PATH, as right after installing).
const userHome = join(tiupHome, 'user-home');

/** What installing TiUP does for TiDB Lab: ~/.tiup/bin/tiup (here running the fake one). */
function installFakeTiup(): void {
  const bin = join(userHome, '.tiup', 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'tiup'), `#!/bin/sh\nexec '${fakeTiup}' "$@"\n`);
  chmodSync(join(bin, 'tiup'), 0o755);
}

function playgroundPid(tag: string): number {
  return (JSON.parse(readFileSync(join(tiupHome, 'data', tag, 'tiup_process_meta'), 'utf8')) as { pid: number }).pid;
}

describe('local TiDB cluster: TiUP playground from the palette', () => {
  let session: WorkbenchSession;
  let tidbPort: number;
  let terminalPlayground: ChildProcess | undefined;

  before(async () => {
    tidbPort = await freePort();
    mkdirSync(userHome, { recursive: true });
    session = await WorkbenchSession.open({
      env: {
        HOME: userHome,
        TIUP_HOME: tiupHome,
        // Slow enough for a person (and a screenshot) to follow the progress.
        TIDB_LAB_FAKE_TIUP_STEP_MS: '700',
        TIDB_LAB_FAKE_TIUP_TIDB_PORT: String(tidbPort),
      },
    });
    session.page.setDefaultTimeout(45_000 * timeoutScale);
  });

  after(async () => {
    await session?.close();
    terminalPlayground?.kill('SIGKILL');
    rmSync(tiupHome, { recursive: true, force: true });
  });

  it('without tiup: says so and shows the official install command to run yourself', () =>
    session.diagnose('local-cluster-no-tiup', async (workbench) => {
      await workbench.openViewContainer('TiDB Lab');
      await workbench.runCommand('TiDB Lab: Start Local TiDB Cluster...');
      await workbench.waitForNotification(/TiUP is not installed/);
      const toast = session.page
        .locator('.notifications-toasts .notification-toast')
        .filter({ hasText: /TiUP is not installed/ })
        .first();
      assert.match(
        await toast.locator('.notification-list-item-message').innerText(),
        /curl --proto '=https' --tlsv1\.2 -sSf https:\/\/tiup-mirrors\.pingcap\.com\/install\.sh \| sh/,
      );
      for (const button of ['Copy Install Command', 'Open Terminal with It', 'Set tiup Path']) {
        await toast.locator('.monaco-button', { hasText: button }).waitFor({ state: 'visible' });
      }
      await workbench.screenshot('local-cluster-01-no-tiup');
      await workbench.clearNotifications();
    }));

  it('starts from the palette: version and TiFlash questions, progress, then connected with the Cluster node open', () =>
    session.diagnose('local-cluster-start', async (workbench) => {
      installFakeTiup();
      await workbench.clickWelcomeButton(VIEW, 'Start Local TiDB Cluster');
      await session.page.locator('.quick-input-widget .quick-input-title', { hasText: 'TiDB version' }).waitFor({ state: 'visible' });
      await session.page.locator('.quick-input-list .monaco-list-row', { hasText: 'latest release' }).waitFor({ state: 'visible' });
      const labels = (await workbench.quickPickLabels()).map((label) => label.trim());
      assert.equal(labels[0], 'v8.5.1', `the latest release first: ${labels.join(', ')}`);
      assert.ok(labels.includes('nightly'));
      await workbench.screenshot('local-cluster-02-version', { whileRunning: true });
      await workbench.pickQuickPickItem('v8.5.1');
      await session.page.locator('.quick-input-widget .quick-input-title', { hasText: 'TiFlash nodes' }).waitFor({ state: 'visible' });
      await workbench.screenshot('local-cluster-03-tiflash', { whileRunning: true });
      await workbench.pickQuickPickItem('1');

      await workbench.waitForNotification(/Local TiDB cluster tidb-lab.*Downloading/, 60_000 * timeoutScale);
      await workbench.screenshot('local-cluster-04-progress-download', { whileRunning: true });
      // on an idle machine the stand-in answers the first probe at once, and "Waiting for TiDB" gives way to "TiDB answers at" within a poll
      await workbench.waitForNotification(
        /Local TiDB cluster tidb-lab.*(Waiting for TiDB|TiDB 127|TiDB answers at 127)/,
        60_000 * timeoutScale,
      );
      await workbench.screenshot('local-cluster-05-progress-tidb', { whileRunning: true });

      const running = await workbench.waitForNotification(/Local TiDB v8\.5\.1 is running at/, 90_000 * timeoutScale);
      assert.match(running, new RegExp(`at 127\\.0\\.0\\.1:${tidbPort} \\(playground tidb-lab\\)\\. It stops when this window closes\\.`));
      await workbench.treeItem(CONNECTION, VIEW).waitFor({ state: 'visible' });
      await workbench.treeItem('TiDB v8.5.1', VIEW).waitFor({ state: 'visible' });
      for (const component of [`TiDB 127.0.0.1:${tidbPort}`, 'PD 127.0.0.1:2379', 'TiKV 127.0.0.1:20160', 'TiFlash 127.0.0.1:3930']) {
        await workbench.treeItem(component, VIEW).waitFor({ state: 'visible' });
      }
      assert.match(await workbench.treeItemDescription(CONNECTION, VIEW), new RegExp(`127\\.0\\.0\\.1:${tidbPort}`));
      assert.ok(
        (await workbench.statusBarTexts()).some((text) => text.includes(`Local TiDB: tidb-lab 127.0.0.1:${tidbPort}`)),
        (await workbench.statusBarTexts()).join(' | '),
      );
      await workbench.screenshot('local-cluster-06-connected');
    }));

  it('its log is one click away', () =>
    session.diagnose('local-cluster-log', async (workbench) => {
      await workbench.runCommand('TiDB Lab: Show Local TiDB Cluster Log');
      await session.page.locator('.tabs-container .tab', { hasText: 'tidb-lab.log' }).waitFor({ state: 'visible' });
      await session.page
        .locator('.editor-instance .view-lines', { hasText: 'TiDB Playground Cluster is started, enjoy!' })
        .waitFor({ state: 'visible' });
      await workbench.screenshot('local-cluster-07-log');
      await workbench.closeAllEditors();
    }));

  it('the window-close question: kept running, the playground outlives Reload Window and the reloaded window finds it', () =>
    session.diagnose('local-cluster-keep', async (workbench) => {
      const pid = playgroundPid('tidb-lab');
      await workbench.clearNotifications();
      await session.page.locator('.part.statusbar .statusbar-item', { hasText: 'Local TiDB: tidb-lab' }).first().click();
      await workbench.pickQuickPickItem('Keep It Running After This Window Closes');
      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();
      // the reloaded window did not start it: it finds it from TiUP's files and shows it in the status bar
      await session.page
        .locator('.part.statusbar .statusbar-item', { hasText: `Local TiDB: tidb-lab 127.0.0.1:${tidbPort}` })
        .first()
        .waitFor({ state: 'visible', timeout: 60_000 * timeoutScale });
      assert.equal(isProcessAlive(pid), true, 'the playground stopped with the window although it was to keep running');
      await workbench.openViewContainer('TiDB Lab');
      await workbench.screenshot('local-cluster-08-kept-after-reload');
    }));

  it('stops from the palette: asked first (this window did not start it), the playground ends and the connection closes', () =>
    session.diagnose('local-cluster-stop', async (workbench) => {
      const pid = playgroundPid('tidb-lab');
      assert.equal(isProcessAlive(pid), true);
      await workbench.runCommand('TiDB Lab: Stop Local TiDB Cluster');
      await clickDialogButton(session.page, 'Stop', /Stop the playground tidb-lab\? TiDB Lab did not start it\./);
      await workbench.waitForNotification(/The local TiDB cluster tidb-lab is stopped/, 60_000 * timeoutScale);
      assert.equal(isProcessAlive(pid), false);
      await workbench.treeItem('TiDB v8.5.1', VIEW).waitFor({ state: 'hidden' });
      assert.ok(!(await workbench.statusBarTexts()).some((text) => text.includes('Local TiDB: tidb-lab')));
      await workbench.screenshot('local-cluster-09-stopped');
      await workbench.clearNotifications();
    }));

  it('a playground started from a terminal is found and connected to', () =>
    session.diagnose('local-cluster-terminal', async (workbench) => {
      const port = await freePort();
      terminalPlayground = spawn(fakeTiup, ['playground', 'v8.5.0', '--tag', 'from-terminal', '--tiflash', '0'], {
        env: { ...process.env, TIUP_HOME: tiupHome, TIDB_LAB_FAKE_TIUP_STEP_MS: '10', TIDB_LAB_FAKE_TIUP_TIDB_PORT: String(port) },
        stdio: 'ignore',
      });
      const dsn = join(tiupHome, 'data', 'from-terminal', 'dsn');
      await until(async () => existsSync(dsn), Boolean, 'the terminal playground writes its dsn file');
      await workbench.runCommand('TiDB Lab: Connect to Running Local TiDB Cluster...');
      await workbench.treeItem('TiUP Playground: from-terminal', VIEW).waitFor({ state: 'visible' });
      await workbench.treeItem('TiDB v8.5.0', VIEW).waitFor({ state: 'visible' });
      await workbench.screenshot('local-cluster-10-terminal-playground');
    }));
});
