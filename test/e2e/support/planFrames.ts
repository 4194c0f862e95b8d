import type { Frame } from 'playwright-core';
import type { Workbench } from './workbench';

/** The plan view frame whose gist matches (there may be several plan views open). */
export async function planFrame(workbench: Workbench, gist: RegExp, timeout = 60_000): Promise<Frame> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const frame of workbench.page.frames()) {
      if (frame.isDetached()) continue;
      const text = await frame
        .locator('[data-testid="plan-gist"]')
        .first()
        .textContent({ timeout: 200 })
        .catch(() => null);
      if (text !== null && gist.test(text)) return frame;
    }
    await workbench.page.waitForTimeout(250);
  }
  throw new Error(`no plan view shows a gist matching ${gist} after ${timeout} ms`);
}
