// The delivery numbers of the host messages a page has handled. The host sends its content message
// again, with the same number, when the page's confirmation is late (src/extension/webviews/
// contentDelivery.ts); handling it twice would, for example, reset a form being filled in.
export class HandledDeliveries {
  private readonly seen = new Set<number>();

  /** True the first time a number comes; a message without one (an older host) always counts as new. */
  isFirst(delivery: unknown): boolean {
    if (typeof delivery !== 'number') return true;
    if (this.seen.has(delivery)) return false;
    this.seen.add(delivery);
    return true;
  }
}
