// Runs test/suite/*.suite.ts inside code-server's real extension host (the `payload` development
// options of real-vscode-testing.md) with the repo as the development extension, and turns each
// suite test into a test here. Needs `npm run build` (dist/extension.js) and `npm run build:tests`.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { suiteReportEnvironmentVariable, type SuiteReport } from '../suite/suiteResults';
import { repoRoot } from './support/paths';
import { WorkbenchSession } from './support/workbenchSession';

const suiteTimeoutMs = 300_000;

describe('extension-host suite in code-server', () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'tidb-lab-suite-report-'));
  const reportPath = join(reportDir, 'report.json');
  let session: WorkbenchSession | undefined;
  let report: SuiteReport | undefined;

  before(async () => {
    assert.ok(existsSync(join(repoRoot, 'dist', 'extension.js')), 'dist/extension.js is missing: run `npm run build`');
    session = await WorkbenchSession.open({
      installTidbLab: false,
      env: { [suiteReportEnvironmentVariable]: reportPath },
      payload: (server) => [
        ['extensionDevelopmentPath', server.remoteUri(repoRoot)],
        ['extensionTestsPath', server.remoteUri(join(repoRoot, 'out', 'test', 'suite', 'index'))],
      ],
    });
    report = await session.diagnose('extension-host suite', () => waitForFinishedReport(reportPath));
  });

  after(async () => {
    await session?.close();
    rmSync(reportDir, { recursive: true, force: true });
  });

  it('runs at least one suite test and every one passes', async (t) => {
    assert.ok(report, 'no report');
    assert.ok(report.results.length > 0, 'the extension-host suite ran no test');
    for (const result of report.results) {
      await t.test(result.name, () => {
        if (!result.passed) assert.fail(`failed in the extension host (VS Code ${report?.vscodeVersion}):\n${result.error ?? ''}`);
      });
    }
    const failed = report.results.filter((result) => !result.passed).map((result) => result.name);
    assert.deepEqual(failed, [], 'extension-host tests failed');
  });
});

async function waitForFinishedReport(path: string): Promise<SuiteReport> {
  const deadline = Date.now() + suiteTimeoutMs;
  let last: SuiteReport | undefined;
  while (Date.now() < deadline) {
    if (existsSync(path)) {
      try {
        last = JSON.parse(readFileSync(path, 'utf8')) as SuiteReport;
        if (last.finished) return last;
      } catch {
        // Caught mid-write; read again.
      }
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 500));
  }
  throw new Error(
    `the extension-host suite did not finish within ${suiteTimeoutMs / 1000} s` +
      (last ? `; it had run: ${last.results.map((result) => result.name).join(', ')}` : '; it never started (no report)'),
  );
}
