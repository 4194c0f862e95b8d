import { timeoutScale, until } from './waiting';
import type { Workbench } from './workbench';

/**
 * Picks a file in VS Code's own file dialog (the one the browser workbench shows): type the path,
 * Enter. The dialog fills in its folder a moment after it opens, so wait for that before replacing it.
 */
export async function pickFileInDialog(workbench: Workbench, path: string): Promise<void> {
  const input = workbench.quickInputBox();
  await input.waitFor({ state: 'visible' });
  let last = '';
  let stableSince = Date.now();
  await until(
    async () => {
      const value = await input.inputValue();
      if (value !== last) {
        last = value;
        stableSince = Date.now();
      }
      return value.startsWith('/') && Date.now() - stableSince > 1000;
    },
    Boolean,
    'the file dialog to settle on its folder',
    30_000 * timeoutScale,
  );
  await until(
    async () => {
      if ((await input.inputValue()) !== path) await input.fill(path);
      await workbench.page.waitForTimeout(300);
      return input.inputValue();
    },
    (value) => value === path,
    'the file dialog to hold the path',
    20_000 * timeoutScale,
  );
  await input.press('Enter');
}
