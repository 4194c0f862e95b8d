import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { CodeServer, type CodeServerOptions } from './codeServer';
import { failuresDir, vsixPath } from './paths';
import { safeFileName, Workbench } from './workbench';

export interface WorkbenchSessionOptions extends CodeServerOptions {
  /** Install dist-vsix/tidb-lab.vsix (built by `npm run package`). Default true. */
  installTidbLab?: boolean;
  /** Development options for the workbench URL (see CodeServer.workbenchUrl). */
  payload?: (server: CodeServer) => Array<[string, string]>;
  viewport?: { width: number; height: number };
}

/**
 * A code-server with TiDB Lab installed and a Chromium page showing its workbench.
 *
 *   let session: WorkbenchSession;
 *   before(async () => { session = await WorkbenchSession.open(); });
 *   after(() => session?.close());
 *   it('does X', () => session.diagnose('does X', async (workbench) => { ... }));
 *
 * `diagnose` saves a screenshot, the code-server and extension-host log tails and the page's
 * console errors under test-results/failures/ when the step fails, and adds them to the error.
 */
export class WorkbenchSession {
  private readonly consoleErrors: string[] = [];
  private readonly cspMessages: string[] = [];

  private constructor(
    readonly server: CodeServer,
    readonly browser: Browser,
    readonly page: Page,
    readonly workbench: Workbench,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
      if (/Content Security Policy/i.test(message.text())) this.cspMessages.push(`${message.location().url}: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.consoleErrors.push(String(error)));
  }

  static async open(options: WorkbenchSessionOptions = {}): Promise<WorkbenchSession> {
    const extensions = [...(options.installTidbLab === false ? [] : [vsixPath]), ...(options.extensions ?? [])];
    const server = await CodeServer.start({ ...options, extensions });
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 800 } });
      // Every frame (webviews included) records the CSP violations it meets, for cspViolations().
      await page.addInitScript(() => {
        const record = (event: SecurityPolicyViolationEvent) => {
          const target = window as unknown as { tidbLabCspViolations?: string[] };
          (target.tidbLabCspViolations ??= []).push(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
          );
        };
        window.addEventListener('securitypolicyviolation', record, true);
      });
      const session = new WorkbenchSession(server, browser, page, new Workbench(page));
      await session.diagnose('open workbench', async (workbench) => {
        await page.goto(server.workbenchUrl(options.payload?.(server)));
        await workbench.waitUntilReady();
      });
      return session;
    } catch (error) {
      await browser?.close().catch(() => undefined);
      await server.stop();
      throw error;
    }
  }

  /**
   * The Content Security Policy violations met so far: those the browser logged to the console of
   * any frame, and those the frame `frame` (e.g. a webview's) recorded itself.
   */
  async cspViolations(frame?: Frame): Promise<string[]> {
    const recorded =
      frame === undefined || frame.isDetached()
        ? []
        : await frame.evaluate(() => (window as unknown as { tidbLabCspViolations?: string[] }).tidbLabCspViolations ?? []).catch(() => []);
    return [...this.cspMessages, ...recorded];
  }

  get workspaceFolder(): string {
    return this.server.workspaceFolder;
  }

  /** Runs one step of a test; when it throws, keeps what is needed to see why. */
  async diagnose<T>(name: string, step: (workbench: Workbench) => Promise<T>): Promise<T> {
    try {
      return await step(this.workbench);
    } catch (error) {
      const report = await this.saveFailureReport(name);
      if (error instanceof Error) {
        error.message += `\n${report}`;
        throw error;
      }
      throw new Error(`${String(error)}\n${report}`);
    }
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
  }

  private async saveFailureReport(name: string): Promise<string> {
    mkdirSync(failuresDir, { recursive: true });
    const base = join(failuresDir, safeFileName(name));
    const screenshot = `${base}.png`;
    const screenshotNote = await this.page.screenshot({ path: screenshot, timeout: 10_000 }).then(
      () => `screenshot: ${screenshot}`,
      (error: unknown) => `no screenshot (${String(error)})`,
    );
    const logs = [this.server.logTail(), '--- page console errors ---', this.consoleErrors.slice(-30).join('\n') || '(none)'].join('\n');
    writeFileSync(`${base}.log`, logs);
    return `${screenshotNote}\nlogs: ${base}.log\n${logs}`;
  }
}
