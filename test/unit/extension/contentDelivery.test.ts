// The webview handshake: content waits for a page that is not ready yet; a page that does not say
// `ready` is loaded again; content that is not confirmed is sent again (the page handles a delivery
// number once), and only if that is lost too is the page loaded again (the owner answers each
// `ready` with the content).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ContentDelivery, type DeliveryClock, type WebviewMessage } from '../../../src/extension/webviews/contentDelivery';
import { HandledDeliveries } from '../../../webview/shared/handledDeliveries';

class FakeClock implements DeliveryClock {
  now = 0;
  private timers: { at: number; callback: () => void; handle: number }[] = [];
  private nextHandle = 1;

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.push({ at: this.now + ms, callback, handle });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.now = due.at;
      due.callback();
    }
    this.now = until;
  }
}

/**
 * A webview panel as VS Code gives it after a reload: its page loads on its own time, says
 * `ready`, and may lose what is sent to it (`losing` messages are dropped, as a restored page
 * that never became the active frame drops them). Its owner sends the plan on every `ready`.
 */
class FakePanel {
  readonly clock = new FakeClock();
  readonly delivered: WebviewMessage[] = [];
  readonly warnings: string[] = [];
  reloads = 0;
  visible = true;
  losing = 0;
  confirmAfterMs = 10;
  readonly delivery: ContentDelivery;

  constructor() {
    this.delivery = new ContentDelivery(
      {
        send: (message) => {
          if (this.losing > 0) {
            this.losing--;
            return;
          }
          this.delivered.push(message);
          // The page confirms what reaches it, a moment later.
          this.clock.setTimeout(() => this.delivery.onReceived(message.type, message.delivery), this.confirmAfterMs);
        },
        reloadPage: () => this.reloads++,
        isVisible: () => this.visible,
        warn: (message) => this.warnings.push(message),
      },
      'show',
      { readyWithinMs: 2_000, confirmWithinMs: 1_000, maxReloads: 3 },
      this.clock,
    );
    // As TypedWebviewPanel does when it sets the page's HTML.
    this.delivery.pageLoading();
  }

  /** The page's script runs; the owner answers `ready` with the plan. */
  pageReady(): void {
    this.delivery.onReady();
    this.delivery.post({ type: 'show', payload: { viewId: 'v1' } });
  }
}

describe('getting the content to a webview page', () => {
  test('a message posted before the page is ready waits for it, then arrives once, numbered', () => {
    const panel = new FakePanel();
    panel.delivery.post({ type: 'reveal', payload: { index: 3 } });
    assert.equal(panel.delivered.length, 0, 'nothing is sent to a page that does not listen yet');
    panel.delivery.onReady();
    assert.deepEqual(
      panel.delivered.map((message) => message.type),
      ['reveal'],
    );
    panel.delivery.post({ type: 'show', payload: { viewId: 'v1' } });
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 0, 'the page confirmed its content');
    assert.deepEqual(
      panel.delivered.map((message) => [message.type, message.delivery]),
      [
        ['reveal', 1],
        ['show', 2],
      ],
    );
    assert.deepEqual(panel.warnings, []);
  });

  test('a restored page that never says it is ready is loaded again', () => {
    const panel = new FakePanel();
    panel.clock.advance(1_999);
    assert.equal(panel.reloads, 0, 'not before the time to say ready is up');
    panel.clock.advance(1);
    assert.equal(panel.reloads, 1);
    assert.match(panel.warnings[0], /did not say it was ready within 2000 ms; loading it again \(1 of 3\)/);
    panel.pageReady();
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 1, 'the new page said ready and confirmed its content');
    assert.deepEqual(
      panel.delivered.map((message) => message.type),
      ['show'],
    );
  });

  test('a page that is slow to say ready still has the full time to confirm its content from when it is sent', () => {
    const panel = new FakePanel();
    panel.clock.advance(1_900);
    panel.confirmAfterMs = 900;
    panel.pageReady();
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 0);
    assert.deepEqual(panel.warnings, []);
  });

  test('a confirmation that comes late gets the same message once more, never a reload', () => {
    const panel = new FakePanel();
    panel.confirmAfterMs = 1_500;
    panel.pageReady();
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 0, 'a reload would throw away what the page holds, such as a form being filled in');
    assert.deepEqual(
      panel.delivered.map((message) => [message.type, message.delivery]),
      [
        ['show', 1],
        ['show', 1],
      ],
      'sent again with the same number, which the page ignores when it has it already',
    );
    assert.deepEqual(panel.warnings, ['The page did not confirm its content within 1000 ms; sending it again.']);
  });

  test('a lost content message is sent again, and the page shows it without being reloaded', () => {
    const panel = new FakePanel();
    panel.losing = 1;
    panel.pageReady();
    assert.equal(panel.delivered.length, 0, 'the first show was lost');
    panel.clock.advance(999);
    assert.equal(panel.delivered.length, 0, 'not before the time to confirm is up');
    panel.clock.advance(1);
    assert.deepEqual(
      panel.delivered.map((message) => message.type),
      ['show'],
    );
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 0);
  });

  test('new content in a tab that showed the last one has to be confirmed too', () => {
    const panel = new FakePanel();
    panel.pageReady();
    panel.clock.advance(10_000);
    panel.losing = 2;
    panel.delivery.post({ type: 'show', payload: { viewId: 'v2' } });
    panel.clock.advance(1_000);
    assert.equal(panel.reloads, 0, 'first it is sent again');
    panel.clock.advance(1_000);
    assert.equal(panel.reloads, 1, 'lost twice: the page is loaded again');
  });

  test('a confirmation of earlier content does not count for the content sent after it', () => {
    const panel = new FakePanel();
    panel.confirmAfterMs = 500;
    panel.pageReady();
    panel.losing = 2;
    panel.delivery.post({ type: 'show', payload: { viewId: 'v2' } });
    panel.clock.advance(2_000);
    assert.equal(panel.reloads, 1, "v1's confirmation arrived after v2 was sent; v2 was lost twice");
  });

  test('a restored page that never gets its content is loaded again, and then shows it', () => {
    const panel = new FakePanel();
    panel.losing = 2;
    panel.pageReady();
    panel.clock.advance(1_999);
    assert.equal(panel.reloads, 0, 'sent again at 1 s, not reloaded before that is unconfirmed too');
    panel.clock.advance(1);
    assert.equal(panel.reloads, 1, 'the page is loaded again');
    assert.match(panel.warnings[1], /did not confirm its content, sent twice, within 1000 ms; loading it again \(1 of 3\)/);
    // Until the new page says ready, nothing is sent to it.
    panel.delivery.post({ type: 'reveal', payload: { index: 1 } });
    assert.equal(panel.delivered.length, 0);
    panel.pageReady();
    assert.deepEqual(
      panel.delivered.map((message) => message.type),
      ['reveal', 'show'],
    );
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 1, 'a confirmed page is left alone');
  });

  test('a page that confirms its content is never reloaded, however long it then takes to draw', () => {
    const panel = new FakePanel();
    panel.pageReady();
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 0);
    assert.deepEqual(panel.warnings, []);
  });

  test('reloads wait longer each time and stop after the last one, saying so', () => {
    const panel = new FakePanel();
    panel.losing = 100;
    panel.pageReady();
    const reloadTimes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const before = panel.reloads;
      panel.clock.advance(500);
      if (panel.reloads > before) {
        reloadTimes.push(panel.clock.now);
        panel.pageReady();
      }
    }
    assert.deepEqual(reloadTimes, [2_000, 6_000, 14_000], 'sent twice 1 s apart, then 2 s, then 4 s, after each new page said ready');
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 3);
    assert.match(panel.warnings.at(-1) ?? '', /did not show its content after 3 reloads/);
  });

  test('a hidden tab is not reloaded: it asks again when it is shown', () => {
    const panel = new FakePanel();
    panel.losing = 1;
    panel.pageReady();
    panel.visible = false;
    panel.clock.advance(60_000);
    assert.equal(panel.reloads, 0);
    panel.visible = true;
    panel.pageReady();
    assert.deepEqual(
      panel.delivered.map((message) => message.type),
      ['show'],
    );
  });

  test('a restored tab that counts as hidden when the first wait ends, and whose script never runs, is loaded again once shown', () => {
    const panel = new FakePanel();
    panel.visible = false;
    panel.clock.advance(2_000);
    assert.equal(panel.reloads, 0, 'a hidden tab is not reloaded');
    panel.visible = true;
    panel.clock.advance(2_000);
    assert.equal(panel.reloads, 1, 'shown and still silent: it is loaded again');
    panel.pageReady();
    panel.clock.advance(60_000);
    assert.deepEqual(
      panel.delivered.map((message) => message.type),
      ['show'],
    );
  });

  test('nothing is sent or reloaded after the panel is closed', () => {
    const panel = new FakePanel();
    panel.losing = 1;
    panel.pageReady();
    panel.delivery.dispose();
    panel.clock.advance(60_000);
    panel.delivery.post({ type: 'show', payload: null });
    assert.equal(panel.reloads, 0);
    assert.equal(panel.delivered.length, 0);
  });
});

describe('a page handling what the host sends', () => {
  test('handles each delivery number once, and every message without one', () => {
    const handled = new HandledDeliveries();
    assert.equal(handled.isFirst(1), true);
    assert.equal(handled.isFirst(1), false, 'the same content sent again after a late confirmation');
    assert.equal(handled.isFirst(2), true);
    assert.equal(handled.isFirst(undefined), true);
    assert.equal(handled.isFirst(undefined), true);
  });
});
