// Steps of the benchmark flows the e2e tests share: answering the launch flow, the modal dialogs,
// finding a result tab by its title, and opening a result from the Benchmarks view.
import * as assert from 'node:assert/strict';
import type { Frame, Locator, Page } from 'playwright-core';
import { pickFileInDialog } from './fileDialog';
import type { Workbench } from './workbench';
import { timeoutScale as scale, until } from './waiting';

export const BENCHMARKS_VIEW = 'Benchmarks';

/** Clicks `label` on the modal dialog whose text matches `message`; returns the dialog's text. */
export async function clickDialogButton(page: Page, label: string, message: RegExp): Promise<string> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 60_000 * scale });
  const text = await dialog.innerText();
  assert.match(text, message);
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: label }).click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

/** Waits for the quick input whose prompt matches (the step changed), then types and presses Enter. */
export async function answer(workbench: Workbench, prompt: RegExp, text: string): Promise<void> {
  await workbench.page.locator('.quick-input-widget .quick-input-message', { hasText: prompt }).waitFor({ state: 'visible' });
  await workbench.fillQuickInput(text);
}

/** The launch flow's second step: change settings one after another, then run. */
export async function runWithSettings(workbench: Workbench, settings: [string, RegExp, string][]): Promise<void> {
  for (const [item, prompt, value] of settings) {
    await workbench.pickQuickPickItem(item);
    await answer(workbench, prompt, value);
  }
  await workbench.pickQuickPickItem('Run Benchmark');
}

/** Takes the keyboard focus from a webview back to the workbench (F1 typed into a webview opens nothing). */
export async function focusWorkbench(workbench: Workbench): Promise<void> {
  await workbench.page.locator('.part.sidebar .composite.title').click();
}

/** The webview of the result titled `title` (tabs come and go while results open: look again until it is there). */
export async function resultFrame(workbench: Workbench, title: string | RegExp, timeoutMs = 60_000 * scale): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of workbench.page.frames()) {
      if (frame.isDetached()) continue;
      const text = await frame
        .locator('#result-title')
        .innerText({ timeout: 500 })
        .catch(() => undefined);
      if (text !== undefined && (typeof title === 'string' ? text.trim() === title : title.test(text.trim()))) return frame;
    }
    if (Date.now() > deadline) assert.fail(`no result tab titled '${String(title)}' after ${timeoutMs} ms`);
    await workbench.page.waitForTimeout(250);
  }
}

/** Clicks a result in the Benchmarks view and returns its tab. A click that lands while the view redraws is lost, as for a user, who clicks again. */
export async function openFromView(workbench: Workbench, label: string, tabTitle: string | RegExp = label): Promise<Frame> {
  for (let attempt = 1; ; attempt++) {
    await workbench.treeItem(label, BENCHMARKS_VIEW).click();
    try {
      return await resultFrame(workbench, tabTitle, 10_000 * scale);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Folds every view of the side bar but `keep`, so that one has the height to show its rows (the trees render only rows in view). */
export async function foldOtherViews(workbench: Workbench, keep: string): Promise<void> {
  const headers = workbench.page.locator('.part.sidebar .pane .pane-header');
  for (let index = 0; index < (await headers.count()); index++) {
    const header = headers.nth(index);
    const title = ((await header.locator('h3.title').textContent()) ?? '').trim();
    const expanded = (await header.getAttribute('aria-expanded')) === 'true';
    // on the title: the middle of a header can be one of the view's actions (Run Benchmark...)
    if ((title === keep) !== expanded) await header.locator('h3.title').click();
  }
}

/**
 * Answers what a command asks before `next` shows: which connection (when it asks: with one
 * connection it does not), and each password prompt (a connection asked for each time: once to
 * connect, once more for the benchmark's own connections).
 */
export async function answerPasswordsUntil(workbench: Workbench, password: string, next: Locator, connection?: string): Promise<void> {
  const message = workbench.page.locator('.quick-input-widget .quick-input-message', { hasText: /Password of/ });
  const connectionRow = workbench.page
    .locator('.quick-input-list .monaco-list-row')
    .filter({
      has: workbench.page.locator('.quick-input-list-label .label-name', { hasText: new RegExp(`^\\s*${connection ?? '\u0000'}\\s*$`) }),
    })
    .first();
  for (let answered = 0; ; answered++) {
    await message
      .or(next)
      .or(connectionRow)
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 * scale });
    if (await next.isVisible()) return;
    if (answered === 4) assert.fail('asked a fifth question before the next step');
    if (connection !== undefined && (await connectionRow.isVisible())) {
      await workbench.pickQuickPickItem(connection);
      await connectionRow.waitFor({ state: 'hidden', timeout: 60_000 * scale }).catch(() => undefined);
      continue;
    }
    const asked = await message.innerText();
    await workbench.fillQuickInput(password);
    await until(
      async () => ((await message.isVisible()) ? await message.innerText() : '') !== asked || (await next.isVisible()),
      Boolean,
      'the password prompt to be answered',
    );
  }
}

/** Run Benchmark... from the palette: the connection and passwords it asks for, the workload, then the settings and Run. */
export async function runBenchmarkFromPalette(
  workbench: Workbench,
  answers: { password: string; connection: string },
  workload: string,
  settings: [string, RegExp, string][],
): Promise<void> {
  await workbench.runCommand('TiDB Lab: Run Benchmark...');
  await answerPasswordsUntil(
    workbench,
    answers.password,
    workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: workload }),
    answers.connection,
  );
  await workbench.pickQuickPickItem(workload);
  await runWithSettings(workbench, settings);
}

/** Run Experiment... > From File... from the palette: the connection and passwords it asks for, then the file picked. */
export async function runExperimentFromFile(
  workbench: Workbench,
  answers: { password: string; connection: string },
  file: string,
): Promise<void> {
  await workbench.runCommand('TiDB Lab: Run Experiment...');
  await answerPasswordsUntil(
    workbench,
    answers.password,
    workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: 'From File...' }),
    answers.connection,
  );
  await workbench.pickQuickPickItem('From File...');
  await pickFileInDialog(workbench, file);
}
