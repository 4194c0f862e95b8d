// The report the extension-host suite writes for the process that launched it
// (test/e2e/extensionHostSuite.test.ts or test/suite/runWithTestElectron.ts). No vscode import here.
import { resolve } from 'node:path';

export interface SuiteTestResult {
  /** "suite › test" */
  name: string;
  passed: boolean;
  durationMs: number;
  /** Message and stack of the failure. */
  error?: string;
}

export interface SuiteReport {
  finished: boolean;
  startedAt: string;
  vscodeVersion: string;
  results: SuiteTestResult[];
}

export const suiteReportEnvironmentVariable = 'TIDB_LAB_SUITE_RESULTS';

/** Where the report goes: the path in TIDB_LAB_SUITE_RESULTS, else test-results/extension-host-suite.json. */
export function suiteReportPath(): string {
  // Compiled, this file is out/test/suite/suiteResults.js.
  return process.env[suiteReportEnvironmentVariable] ?? resolve(__dirname, '..', '..', '..', 'test-results', 'extension-host-suite.json');
}

/** Runs only the suite tests whose "suite › test" name contains this text (narrow runs while developing; CI sets nothing). */
export const suiteFilterEnvironmentVariable = 'TIDB_LAB_SUITE_FILTER';
