// Entry point of the extension-host suite (`extensionTestsPath` = out/test/suite/index): VS Code
// requires this module inside the real extension host and calls run(). It loads every *.suite.js
// file beside it, runs their tests (see harness.ts), writes a SuiteReport (suiteResults.ts) and
// rejects when a test failed or none ran, so the host exits non-zero.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { takeRegisteredTests, type RegisteredTest } from './harness';
import { suiteFilterEnvironmentVariable, suiteReportPath, type SuiteReport, type SuiteTestResult } from './suiteResults';

export async function run(): Promise<void> {
  const report: SuiteReport = { finished: false, startedAt: new Date().toISOString(), vscodeVersion: vscode.version, results: [] };
  const reportPath = suiteReportPath();
  const save = (): void => {
    mkdirSync(dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, JSON.stringify(report, null, 2));
  };
  save();

  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.suite.js'))
    .sort()) {
    try {
      await import(join(__dirname, file));
    } catch (error) {
      report.results.push({ name: `load ${file}`, passed: false, durationMs: 0, error: describe(error) });
    }
  }
  const filter = process.env[suiteFilterEnvironmentVariable];
  for (const registered of takeRegisteredTests().filter((candidate) => !filter || candidate.name.includes(filter))) {
    const result = await runOne(registered);
    report.results.push(result);
    console.log(`${result.passed ? 'ok' : 'FAILED'} ${result.name} (${result.durationMs} ms)${result.error ? `\n${result.error}` : ''}`);
    save();
  }
  report.finished = true;
  save();

  const failed = report.results.filter((result) => !result.passed).length;
  console.log(`extension-host suite: ${report.results.length - failed} passed, ${failed} failed`);
  if (report.results.length === 0) throw new Error('the extension-host suite ran no test');
  if (failed > 0) throw new Error(`${failed} extension-host test(s) failed`);
}

async function runOne(registered: RegisteredTest): Promise<SuiteTestResult> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(registered.run),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${registered.timeoutMs} ms`)), registered.timeoutMs);
      }),
    ]);
    return { name: registered.name, passed: true, durationMs: Date.now() - started };
  } catch (error) {
    return { name: registered.name, passed: false, durationMs: Date.now() - started, error: describe(error) };
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
