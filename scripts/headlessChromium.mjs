// A built webview (dist/webview/<panel>.js and .css) in Debian's Chromium, headless, through
// playwright-core, for the render benchmarks: a test page that loads the bundle as VS Code would and
// fakes acquireVsCodeApi (what the webview posts to the host collects in window.hostMessages).
// The Chromium is /usr/bin/chromium, or the one TIDB_LAB_CHROMIUM names.
/* global window -- the function passed to page.waitForFunction runs in the page */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const webviewDir = join(repoRoot, 'dist', 'webview');
const chromiumPath = process.env.TIDB_LAB_CHROMIUM ?? '/usr/bin/chromium';

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files', '--disable-dev-shm-usage'];

/** Throws, in the words of `caller`, when the webview `panel` is not built or Chromium is missing. */
export function requireWebviewAndChromium(caller, panel) {
  for (const file of [`${panel}.js`, `${panel}.css`, 'shared-base.css']) {
    if (!existsSync(join(webviewDir, file))) throw new Error(`${caller}: dist/webview/${file} is missing; run \`npm run build\` first`);
  }
  if (!existsSync(chromiumPath)) throw new Error(`${caller}: Chromium is missing at ${chromiumPath}`);
}

/** The page: the webview's styles, `themeCss` (the --vscode-* variables a theme sets), the fake API, the bundle. */
function testPage(panel, themeCss, bodyClass) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<link rel="stylesheet" href="${pathToFileURL(join(webviewDir, 'shared-base.css'))}">
<link rel="stylesheet" href="${pathToFileURL(join(webviewDir, `${panel}.css`))}">
<style>
${themeCss}
</style>
<script>
  window.hostMessages = [];
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => window.hostMessages.push(message),
    getState: () => undefined,
    setState: () => undefined,
  });
</script>
</head>
<body${bodyClass ? ` class="${bodyClass}"` : ''}><main id="app" aria-busy="true"></main>
<script src="${pathToFileURL(join(webviewDir, `${panel}.js`))}"></script>
</body>
</html>`;
}

/**
 * Opens the webview `panel` in `pages` fresh pages of one headless Chromium, one after the other,
 * and calls `visit(page, i)` with each once the webview has posted `ready`; closes the page after
 * the visit and, at the end or on an error, the browser, and removes the test page.
 */
export async function visitWebviewPages({ panel, themeCss, bodyClass = '', pages }, visit) {
  const directory = mkdtempSync(join(tmpdir(), `tidb-lab-${panel}-render-`));
  const pagePath = join(directory, `${panel}.html`);
  writeFileSync(pagePath, testPage(panel, themeCss, bodyClass));
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: LAUNCH_ARGS });
  try {
    for (let i = 0; i < pages; i++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(pathToFileURL(pagePath).toString());
      await page.waitForFunction(() => window.hostMessages.some((m) => m.type === 'ready'));
      await visit(page, i);
      await page.close();
    }
  } finally {
    await browser.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
