// Getting a webview's content message (the one that fills the page, e.g. a plan view's `show`) to
// the page for sure. Messages wait until the page's script says `ready`. The page confirms each
// message it receives (`received`). From the moment a page is loaded until it confirms its content,
// a clock runs: when it runs out while the tab is visible (the page never said `ready`, or the
// content never reached it), the page is loaded again; its script says `ready` again and the owner
// sends the content again. Seen in VS Code after a window reload on a busy machine, with two plan
// views restored side by side: one of them stayed blank.
// Pure logic (no `vscode`): TypedWebviewPanel wires it to a real webview.

export interface WebviewMessage {
  type: string;
  payload: unknown;
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
  /** how long a page has, from its load, to confirm the content the first time; doubled after each reload */
  confirmWithinMs: number;
  /** reloads of the page for one content message before giving up (and saying so) */
  maxReloads: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = { confirmWithinMs: 5_000, maxReloads: 3 };

const realClock: DeliveryClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class ContentDelivery {
  private ready = false;
  private readonly queued: WebviewMessage[] = [];
  private timer: unknown;
  private reloads = 0;
  private disposed = false;

  constructor(
    private readonly target: DeliveryTarget,
    /** the message type that fills the page; undefined: nothing is watched, messages only wait for `ready` */
    private readonly contentType: string | undefined,
    private readonly options: DeliveryOptions = DEFAULT_DELIVERY_OPTIONS,
    private readonly clock: DeliveryClock = realClock,
  ) {}

  /** A page is being loaded (its HTML was set): it has to say `ready` and confirm its content in time. */
  pageLoading(): void {
    if (this.disposed) return;
    this.ready = false;
    this.watch();
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
    this.ready = true;
    for (const message of this.queued.splice(0)) this.sendNow(message);
  }

  /** The page confirmed a message of this type. */
  onReceived(type: unknown): void {
    if (type !== this.contentType || this.timer === undefined) return;
    this.stopWatching();
    this.reloads = 0;
  }

  dispose(): void {
    this.disposed = true;
    this.stopWatching();
    this.queued.length = 0;
  }

  private sendNow(message: WebviewMessage): void {
    // New content for a page that confirmed the last one: it has to confirm this one too.
    if (message.type === this.contentType && this.timer === undefined) this.watch();
    this.target.send(message);
  }

  private watch(): void {
    if (this.contentType === undefined) return;
    this.stopWatching();
    const waitMs = this.options.confirmWithinMs * 2 ** this.reloads;
    this.timer = this.clock.setTimeout(() => this.unconfirmed(waitMs), waitMs);
  }

  private unconfirmed(waitedMs: number): void {
    this.timer = undefined;
    if (this.disposed) return;
    // A restored tab can still count as hidden when the first wait ends: look again later rather
    // than stop watching, or a page whose script never ran stays blank once it is shown.
    if (!this.target.isVisible()) {
      this.watch();
      return;
    }
    if (this.reloads >= this.options.maxReloads) {
      this.target.warn(`The page did not show its content after ${this.reloads} reloads; it may stay blank until the tab is reopened.`);
      return;
    }
    this.reloads++;
    const missing = this.ready ? 'did not confirm its content' : 'did not say it was ready';
    this.target.warn(`The page ${missing} within ${waitedMs} ms; loading it again (${this.reloads} of ${this.options.maxReloads}).`);
    this.pageLoading();
    this.target.reloadPage();
  }

  private stopWatching(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
