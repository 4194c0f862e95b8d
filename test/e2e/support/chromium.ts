import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from './paths';

/** Debian's Chromium, headless, with the flags from shared/docs/real-vscode-testing.md. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is missing at ${chromiumPath}: run scripts/setup-machine.sh`);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: process.env.TIDB_LAB_E2E_HEADED !== '1',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
