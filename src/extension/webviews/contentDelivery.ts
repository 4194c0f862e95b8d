// Getting a webview's content message (the one that fills the page, e.g. a plan view's `show`) to
// the page for sure. Messages wait until the page's script says `ready`; each one sent carries a
// delivery number, and the page confirms each message it receives (`received`) with that number.
// Two clocks run: from the page's load until it says `ready`, and from the content's sending until
// the page confirms it. When the first runs out while the tab is visible, the page is loaded again
// (its script says `ready` again and the owner sends the content again). When the second runs out,
// the same message is sent once more (the page ignores a delivery number it already handled, so a
// late confirmation costs nothing), and only if that is not confirmed either is the page loaded
// again: a reload throws away what the page holds, such as a half-filled form.
// Seen in VS Code after a window reload on a busy machine, with two plan views restored side by
// side: one of them stayed blank. Seen in CI at full load: a form whose confirmation took over 5 s
// was reloaded while being filled in.
// Pure logic (no `vscode`): TypedWebviewPanel wires it to a real webview.

export interface WebviewMessage {
  type: string;
  payload: unknown;
  /** set by the delivery when it sends: the page confirms it and ignores a number it has seen */
  delivery?: number;
}

/** What the delivery acts on: the webview of one panel. */
export interface DeliveryTarget {
  send(message: WebviewMessage): void;
  /** loads the page again (sets its HTML anew) */
  reloadPage(): void;
  /** a hidden tab has no page; it is built again, and says `ready`, when shown */
  isVisible(): boolean;
  warn(message: string): void;
}

export interface DeliveryClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DeliveryOptions {
  /** how long a page has, from its load, to say `ready`; doubled after each reload */
  readyWithinMs: number;
  /** how long a ready page has, from the sending, to confirm its content; doubled after each reload */
  confirmWithinMs: number;
  /** reloads of the page for one content message before giving up (and saying so) */
  maxReloads: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = { readyWithinMs: 10_000, confirmWithinMs: 5_000, maxReloads: 3 };

const realClock: DeliveryClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface UnconfirmedContent {
  message: WebviewMessage;
  sentAgain: boolean;
}

export class ContentDelivery {
  private ready = false;
  private readonly queued: WebviewMessage[] = [];
  private timer: unknown;
  /** the content message sent last and not confirmed yet */
  private unconfirmed: UnconfirmedContent | undefined;
  private reloads = 0;
  private nextDelivery = 1;
  private disposed = false;

  constructor(
    private readonly target: DeliveryTarget,
    /** the message type that fills the page; undefined: nothing is watched, messages only wait for `ready` */
    private readonly contentType: string | undefined,
    private readonly options: DeliveryOptions = DEFAULT_DELIVERY_OPTIONS,
    private readonly clock: DeliveryClock = realClock,
  ) {}

  /** A page is being loaded (its HTML was set): it has to say `ready` in time. */
  pageLoading(): void {
    if (this.disposed) return;
    this.ready = false;
    // The owner answers the new page's `ready` with its content again.
    this.unconfirmed = undefined;
    this.watch(this.options.readyWithinMs);
  }

  /** Sends now when the page is ready, else when it says so. */
  post(message: WebviewMessage): void {
    if (this.disposed) return;
    if (!this.ready) {
      this.queued.push(message);
      return;
    }
    this.sendNow(message);
  }

  /** The page's script runs and listens (a new page after a load, a reload or a hidden tab shown again). */
  onReady(): void {
    if (this.disposed) return;
    this.ready = true;
    if (!this.unconfirmed) this.stopWatching();
    for (const message of this.queued.splice(0)) this.sendNow(message);
  }

  /** The page confirmed a message; `delivery` is the number it was sent with. */
  onReceived(type: unknown, delivery: unknown): void {
    if (!this.unconfirmed || type !== this.contentType || delivery !== this.unconfirmed.message.delivery) return;
    this.unconfirmed = undefined;
    this.stopWatching();
    this.reloads = 0;
  }

  dispose(): void {
    this.disposed = true;
    this.stopWatching();
    this.queued.length = 0;
    this.unconfirmed = undefined;
  }

  private sendNow(message: WebviewMessage): void {
    const numbered = { ...message, delivery: this.nextDelivery++ };
    if (this.contentType !== undefined && message.type === this.contentType) {
      this.unconfirmed = { message: numbered, sentAgain: false };
      this.watch(this.options.confirmWithinMs);
    }
    this.target.send(numbered);
  }

  private watch(baseMs: number): void {
    if (this.contentType === undefined) return;
    this.stopWatching();
    this.waitFor(baseMs * 2 ** this.reloads);
  }

  private waitFor(waitMs: number): void {
    this.timer = this.clock.setTimeout(() => this.timedOut(waitMs), waitMs);
  }

  private timedOut(waitedMs: number): void {
    this.timer = undefined;
    if (this.disposed) return;
    // A restored tab can still count as hidden when the wait ends: look again later rather than stop
    // watching, or a page whose script never ran stays blank once it is shown.
    if (!this.target.isVisible()) {
      this.waitFor(waitedMs);
      return;
    }
    const content = this.unconfirmed;
    if (this.ready && content && !content.sentAgain) {
      content.sentAgain = true;
      this.target.warn(`The page did not confirm its content within ${waitedMs} ms; sending it again.`);
      this.waitFor(waitedMs);
      this.target.send(content.message);
      return;
    }
    if (this.ready && !content) return;
    if (this.reloads >= this.options.maxReloads) {
      this.target.warn(`The page did not show its content after ${this.reloads} reloads; it may stay blank until the tab is reopened.`);
      return;
    }
    this.reloads++;
    const missing = this.ready ? 'did not confirm its content, sent twice,' : 'did not say it was ready';
    this.target.warn(`The page ${missing} within ${waitedMs} ms; loading it again (${this.reloads} of ${this.options.maxReloads}).`);
    this.pageLoading();
    this.target.reloadPage();
  }

  private stopWatching(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
