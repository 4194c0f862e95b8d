// Runs the extension-host suite in VS Code desktop with @vscode/test-electron, where one exists:
//   npm run build && npm run build:tests && node out/test/suite/runWithTestElectron.js
// Set TIDB_LAB_VSCODE_EXECUTABLE to a VS Code (Electron) binary to use it; without it test-electron
// downloads VS Code 1.100.3 from Microsoft's update servers (which this project's CI machines
// cannot reach: there the same suite runs in code-server, see test/e2e/extensionHostSuite.test.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { suiteReportEnvironmentVariable, suiteReportPath, type SuiteReport } from './suiteResults';

async function main(): Promise<void> {
  const extensionDevelopmentPath = resolve(__dirname, '..', '..', '..');
  const workspace = mkdtempSync(join(tmpdir(), 'tidb-lab-suite-'));
  const reportPath = suiteReportPath();
  try {
    await runTests({
      version: '1.100.3',
      vscodeExecutablePath: process.env.TIDB_LAB_VSCODE_EXECUTABLE,
      extensionDevelopmentPath,
      extensionTestsPath: resolve(__dirname, 'index'),
      extensionTestsEnv: { [suiteReportEnvironmentVariable]: reportPath },
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as SuiteReport;
  const failed = report.results.filter((result) => !result.passed).length;
  console.log(`${report.results.length - failed} passed, ${failed} failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
