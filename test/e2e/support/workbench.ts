import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as resolveAfter } from 'node:timers/promises';
import type { Frame, Locator, Page } from 'playwright-core';
import { screenshotsDir } from './paths';

export type ColorThemeKind = 'light' | 'dark' | 'high-contrast' | 'high-contrast-light';

// The built-in themes VS Code 1.100 ships, and the class the workbench element carries for each.
const colorThemes: Record<ColorThemeKind, { label: string; workbenchClass: string }> = {
  light: { label: 'Light Modern', workbenchClass: 'vs' },
  dark: { label: 'Dark Modern', workbenchClass: 'vs-dark' },
  'high-contrast': { label: 'Dark High Contrast', workbenchClass: 'hc-black' },
  'high-contrast-light': { label: 'Light High Contrast', workbenchClass: 'hc-light' },
};

// Generous because the machines are small and shared; TIDB_LAB_E2E_TIMEOUT_SCALE stretches every wait.
const timeoutScale = Number(process.env.TIDB_LAB_E2E_TIMEOUT_SCALE) || 1;
const defaultTimeout = 45_000 * timeoutScale;
const FRAME_PROBE_MS = 3000;

/**
 * Drives the VS Code workbench in a page through what a user sees and clicks.
 * Selectors follow VS Code 1.100's DOM; each one lives here so an upgrade is fixed in one file.
 */
export class Workbench {
  constructor(readonly page: Page) {}

  async waitUntilReady(timeout = 120_000 * timeoutScale): Promise<void> {
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout });
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout });
  }

  // ---- command palette and quick input ----

  /**
   * Runs a command through the palette by its title as shown there ("TiDB Lab: Add Connection").
   * On a busy machine a webview or a closing dialog can take the focus back just after F1, which
   * closes the palette before the title is typed; as a user would, press F1 again.
   */
  async runCommand(title: string): Promise<void> {
    const attempts = 3;
    for (let attempt = 1; ; attempt++) {
      await this.page
        .locator('.monaco-workbench')
        .focus()
        .catch(() => undefined);
      await this.page.keyboard.press('F1');
      const input = this.quickInputBox();
      try {
        await input.waitFor({ state: 'visible', timeout: attempt < attempts ? 15_000 * timeoutScale : defaultTimeout });
        await input.fill(`>${title}`, { timeout: attempt < attempts ? 10_000 * timeoutScale : defaultTimeout });
        await this.quickPickRow(title).waitFor({ state: 'visible', timeout: defaultTimeout });
      } catch (error) {
        const paletteClosed = !(await input.isVisible().catch(() => false));
        if (attempt >= attempts || !paletteClosed) throw error;
        continue;
      }
      await this.quickPickRow(title).click();
      return;
    }
  }

  quickInputBox(): Locator {
    return this.page.locator('.quick-input-widget .quick-input-box input');
  }

  /** Waits for an input box (showInputBox) or quick pick and returns its prompt/placeholder text. */
  async waitForQuickInput(timeout = defaultTimeout): Promise<{ placeholder: string; message: string }> {
    await this.quickInputBox().waitFor({ state: 'visible', timeout });
    const placeholder = (await this.quickInputBox().getAttribute('placeholder')) ?? '';
    const message =
      (await this.page
        .locator('.quick-input-widget .quick-input-message')
        .textContent()
        .catch(() => '')) ?? '';
    return { placeholder, message: message.trim() };
  }

  /** Types into the open input box (replacing what is there) and presses Enter. */
  async fillQuickInput(text: string, timeout = defaultTimeout): Promise<void> {
    const input = this.quickInputBox();
    await input.waitFor({ state: 'visible', timeout });
    await input.fill(text);
    await input.press('Enter');
  }

  /** Picks the item whose label is `label` in the open quick pick. */
  async pickQuickPickItem(label: string, timeout = defaultTimeout): Promise<void> {
    const row = this.quickPickRow(label);
    await row.waitFor({ state: 'visible', timeout });
    // The pointer left on another item can keep that item's hover (its detail) over this row, and
    // on a busy machine it stays there: move the pointer away first, and if a hover still covers
    // the row, pick it with the keyboard as a user would.
    await this.page.mouse.move(0, 0);
    try {
      await row.click({ timeout: 5_000 });
    } catch {
      await this.pickQuickPickRowWithKeyboard(row, timeout);
    }
  }

  /** Moves the quick pick's active item to `row` with the arrow keys, then presses Enter. */
  private async pickQuickPickRowWithKeyboard(row: Locator, timeout: number): Promise<void> {
    const target = Number(await row.getAttribute('aria-posinset'));
    const input = this.quickInputBox();
    const deadline = Date.now() + timeout;
    for (;;) {
      const active = Number(
        await this.page
          .locator('.quick-input-list .monaco-list-row.focused')
          .first()
          .getAttribute('aria-posinset', { timeout: 1_000 })
          .catch(() => '0'),
      );
      if (active === target) break;
      if (Date.now() > deadline) throw new Error(`could not move the quick pick to item ${target} (at ${active})`);
      await input.press(active < target ? 'ArrowDown' : 'ArrowUp');
    }
    await input.press('Enter');
  }

  /** The labels of the visible items in the open quick pick. */
  async quickPickLabels(): Promise<string[]> {
    await this.quickInputBox().waitFor({ state: 'visible', timeout: defaultTimeout });
    return this.page.locator('.quick-input-list .monaco-list-row .quick-input-list-label .label-name').allTextContents();
  }

  async dismissQuickInput(): Promise<void> {
    if (await this.quickInputBox().isVisible()) await this.quickInputBox().press('Escape');
  }

  private quickPickRow(label: string): Locator {
    return this.page
      .locator('.quick-input-list .monaco-list-row')
      .filter({
        has: this.page.locator('.quick-input-list-label .label-name', { hasText: exactText(label) }),
      })
      .first();
  }

  // ---- activity bar, views and trees ----

  /** Opens a view container from the activity bar (left alone when already open). */
  async openViewContainer(title: string): Promise<void> {
    const item = this.page.locator('.part.activitybar li.action-item').filter({
      has: this.page.locator(`a.action-label[aria-label^="${cssString(title)}"]`),
    });
    await item.waitFor({ state: 'visible', timeout: defaultTimeout });
    if (!(await item.evaluate((element) => element.classList.contains('checked')))) await item.click();
    // A container with a single view merges the titles: "TiDB Lab: Connections".
    await this.page
      .locator('.part.sidebar .composite.title h2', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}(:|\\s*$)`) })
      .waitFor({ state: 'visible', timeout: defaultTimeout });
  }

  activityBarItem(title: string): Locator {
    return this.page.locator(`.part.activitybar a.action-label[aria-label^="${cssString(title)}"]`);
  }

  /** A view (pane) in the side bar, by its title. */
  view(title: string): Locator {
    return this.page.locator('.part.sidebar .pane').filter({
      has: this.page.locator('.pane-header h3.title', { hasText: exactText(title) }),
    });
  }

  /** Expands a collapsed view in the side bar. */
  async expandView(title: string): Promise<void> {
    const header = this.view(title).locator('.pane-header');
    await header.waitFor({ state: 'attached', timeout: defaultTimeout });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  }

  /** The welcome content (viewsWelcome) a view shows while it is empty. */
  viewWelcome(viewTitle: string): Locator {
    return this.view(viewTitle).locator('.welcome-view-content');
  }

  /** Clicks a button (a command link) of a view's welcome content, e.g. "Add Connection". */
  async clickWelcomeButton(viewTitle: string, label: string): Promise<void> {
    await this.viewWelcome(viewTitle)
      .locator('.monaco-button', { hasText: exactText(label) })
      .click();
  }

  /** Clicks an action in a view's title bar (e.g. "Add Connection"), by its title. */
  async clickViewTitleAction(viewTitle: string, actionTitle: string): Promise<void> {
    const view = this.view(viewTitle);
    const actionSelector = `a.action-label[aria-label^="${cssString(actionTitle)}"]`;
    // The only view of a container has its header merged into the container's title bar.
    if (await view.evaluate((pane) => pane.classList.contains('merged-header'))) {
      await this.page.locator(`.part.sidebar .composite.title .title-actions ${actionSelector}`).click();
      return;
    }
    await view.locator('.pane-header').hover();
    await view.locator(`.pane-header .actions ${actionSelector}`).click();
  }

  /** A tree item by its label, optionally only within one view. */
  treeItem(label: string, viewTitle?: string): Locator {
    const scope = viewTitle ? this.view(viewTitle) : this.page.locator('.part.sidebar');
    return scope
      .locator('.monaco-list-row[role="treeitem"]')
      .filter({
        has: this.page.locator('.monaco-icon-label .label-name', { hasText: exactText(label) }),
      })
      .first();
  }

  /** The labels of the visible tree items of a view, top to bottom. */
  async treeItemLabels(viewTitle: string): Promise<string[]> {
    return this.view(viewTitle).locator('.monaco-list-row[role="treeitem"] .monaco-icon-label .label-name').allTextContents();
  }

  /** The description (grey text after the label) of a tree item. */
  async treeItemDescription(label: string, viewTitle?: string): Promise<string> {
    return ((await this.treeItem(label, viewTitle).locator('.label-description').textContent()) ?? '').trim();
  }

  async expandTreeItem(label: string, viewTitle?: string, timeout = defaultTimeout): Promise<void> {
    const row = this.treeItem(label, viewTitle);
    await row.waitFor({ state: 'visible', timeout });
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.locator('.monaco-tl-twistie').click();
    await this.page.waitForFunction((element) => element?.getAttribute('aria-expanded') === 'true', await row.elementHandle(), { timeout });
  }

  /** Clicks an inline action (the icons shown on hover) of a tree item. */
  async clickTreeItemInlineAction(label: string, actionTitle: string, viewTitle?: string): Promise<void> {
    await this.clickRowInlineAction(this.treeItem(label, viewTitle), actionTitle);
  }

  private async clickRowInlineAction(row: Locator, actionTitle: string): Promise<void> {
    await row.hover();
    await row.locator(`.actions a.action-label[aria-label^="${cssString(actionTitle)}"]`).click();
  }

  /**
   * Hovers a row and clicks one of its inline actions until `opened` shows. A tree still
   * re-rendering (a refresh landing) can swallow a click on the row it replaces; that click did
   * nothing, so clicking again is safe.
   */
  async clickRowActionUntil(row: Locator, actionTitle: string, opened: Locator, attempts = 3): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.clickRowInlineAction(row, actionTitle);
      try {
        await opened.waitFor({ state: 'visible', timeout: (attempt < attempts ? 10_000 : 45_000) * timeoutScale });
        return;
      } catch (error) {
        if (attempt >= attempts) throw error;
        if (await opened.isVisible()) return;
      }
    }
  }

  /** Right-clicks a tree item and picks `actionTitle` from its context menu. */
  async clickTreeItemContextAction(label: string, actionTitle: string, viewTitle?: string): Promise<void> {
    await this.treeItem(label, viewTitle).click({ button: 'right' });
    await this.clickContextMenuItem(actionTitle);
  }

  /** The titles in the open context menu. */
  async contextMenuItems(): Promise<string[]> {
    await this.contextMenu().waitFor({ state: 'visible', timeout: defaultTimeout });
    const labels = await this.contextMenu().locator('.action-item .action-label').allTextContents();
    return labels.map((label) => label.trim()).filter((label) => label.length > 0);
  }

  /**
   * Picks an item of the open context menu. A click right after the menu opens can go unnoticed
   * (seen: the item highlighted, the menu still open 30 s later), so it hovers until the menu marks
   * the item focused, then clicks.
   */
  async clickContextMenuItem(actionTitle: string): Promise<void> {
    const item = this.contextMenu().locator('.action-item .action-label', { hasText: exactText(actionTitle) });
    await item.waitFor({ state: 'visible', timeout: defaultTimeout });
    await item.hover();
    await this.contextMenu()
      .locator('.action-item.focused .action-label', { hasText: exactText(actionTitle) })
      .waitFor({ state: 'visible', timeout: defaultTimeout });
    await item.click();
  }

  // The workbench draws menus inside a shadow root; playwright's CSS selectors pierce it.
  private contextMenu(): Locator {
    return this.page.locator('.context-view .monaco-menu').first();
  }

  // ---- notifications, status bar, editors ----

  /** The messages of the notification toasts now on screen. */
  async notificationMessages(): Promise<string[]> {
    return (await this.page.locator('.notifications-toasts .notification-toast .notification-list-item-message').allTextContents()).map(
      (message) => message.trim(),
    );
  }

  /** Waits for a notification toast whose message matches and returns its text. */
  async waitForNotification(message: string | RegExp, timeout = defaultTimeout): Promise<string> {
    const toast = this.page
      .locator('.notifications-toasts .notification-toast .notification-list-item-message', { hasText: message })
      .first();
    await toast.waitFor({ state: 'visible', timeout });
    return ((await toast.textContent()) ?? '').trim();
  }

  /** Clicks a button (e.g. "Retry") on the notification whose message matches. */
  async clickNotificationButton(message: string | RegExp, buttonLabel: string): Promise<void> {
    const toast = this.page
      .locator('.notifications-toasts .notification-toast')
      .filter({
        has: this.page.locator('.notification-list-item-message', { hasText: message }),
      })
      .first();
    await toast.locator('.monaco-button', { hasText: exactText(buttonLabel) }).click();
  }

  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  /** Status bar entries' texts, left to right. */
  async statusBarTexts(): Promise<string[]> {
    return (await this.page.locator('.part.statusbar .statusbar-item').allTextContents()).map((text) => text.trim()).filter(Boolean);
  }

  /** Opens a workspace file through Quick Open, as a user typing its path would. */
  async openFile(relativePath: string): Promise<void> {
    await this.page
      .locator('.monaco-workbench')
      .focus()
      .catch(() => undefined);
    await this.page.keyboard.press('Control+P');
    const input = this.quickInputBox();
    await input.waitFor({ state: 'visible', timeout: defaultTimeout });
    await input.fill(relativePath);
    const fileName = relativePath.split('/').pop() ?? relativePath;
    // File search answers after a moment; Enter before that opens nothing.
    await this.pickQuickPickItem(fileName);
    await this.activeEditorTab()
      .locator('.label-name', { hasText: exactText(fileName) })
      .waitFor({ state: 'visible', timeout: defaultTimeout });
  }

  async closeAllEditors(): Promise<void> {
    await this.runCommand('View: Close All Editors');
  }

  /** The title of the active editor tab. */
  async activeEditorTitle(): Promise<string> {
    return ((await this.activeEditorTab().locator('.label-name').textContent()) ?? '').trim();
  }

  /** The active tab of the active editor group (each group has an active tab once split). */
  activeEditorTab(): Locator {
    return this.page.locator('.part.editor .editor-group-container.active .tab.active').first();
  }

  // ---- themes, webviews, screenshots ----

  /** Switches the colour theme through the theme picker, as a user would. */
  async setColorTheme(kind: ColorThemeKind): Promise<void> {
    const theme = colorThemes[kind];
    await this.runCommand('Preferences: Color Theme');
    await this.quickInputBox().fill(theme.label);
    await this.pickQuickPickItem(theme.label);
    await this.page.locator(`.monaco-workbench.${theme.workbenchClass}`).waitFor({ timeout: defaultTimeout });
  }

  /**
   * The frame of a webview whose document holds `selector`. Webviews are nested iframes
   * (an outer host frame and an inner `active-frame`); this searches every frame of the page.
   */
  async webviewFrame(selector: string, timeout = defaultTimeout): Promise<Frame> {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      for (const frame of this.page.frames()) {
        if (frame === this.page.mainFrame() || frame.isDetached()) continue;
        try {
          // A frame whose page never loads (a webview left pending) would hold a count() until it is
          // detached: each frame gets a few seconds, and the others are looked at meanwhile.
          const count = await Promise.race([frame.locator(selector).count(), resolveAfter(FRAME_PROBE_MS, 0)]);
          if (count > 0) return frame;
        } catch {
          // The frame navigated or went away while we looked.
        }
      }
      await this.page.waitForTimeout(200);
    }
    throw new Error(`no webview frame holds ${selector} after ${timeout} ms`);
  }

  /**
   * Waits until extensions have activated and no progress bar runs, so that a screenshot shows
   * the finished state rather than "Activating Extensions...". Gives up quietly after `timeout`.
   */
  async waitUntilSettled(timeout = 15_000): Promise<void> {
    await this.page
      .waitForFunction(
        () => {
          const busyStatus = [...document.querySelectorAll('.part.statusbar .statusbar-item')].some((item) =>
            /Activating Extensions/i.test(item.textContent ?? ''),
          );
          const runningProgress = [...document.querySelectorAll('.monaco-progress-container.active')].some(
            (bar) => (bar as HTMLElement).offsetParent !== null,
          );
          return !busyStatus && !runningProgress;
        },
        undefined,
        { timeout, polling: 200 },
      )
      .catch(() => undefined);
  }

  /**
   * Waits until nothing on the page is moving: no CSS animation or transition that ends is running
   * (a menu fading in, a notification sliding in), after two painted frames so that one just set off
   * has started. Endless ones (progress bars, spinners) do not count.
   */
  async waitUntilStill(timeout = defaultTimeout): Promise<void> {
    await this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await this.page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout, polling: 'raf' },
    );
  }

  /**
   * Saves a PNG of the whole window under test-results/screenshots/ and returns its path.
   * `whileRunning`: the picture is of something in progress (a progress notification), so it does
   * not wait for progress bars to stop first.
   */
  async screenshot(name: string, options: { whileRunning?: boolean } = {}): Promise<string> {
    mkdirSync(screenshotsDir, { recursive: true });
    const path = join(screenshotsDir, `${safeFileName(name)}.png`);
    if (!options.whileRunning) await this.waitUntilSettled();
    await this.page.mouse.move(0, 0).catch(() => undefined);
    await this.page.screenshot({ path });
    return path;
  }
}

export function safeFileName(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'screenshot'
  );
}

function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cssString(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
