// Enough of the DOM for webview/shared/dom.ts's element(): tag, class, attributes, dataset and text
// children, so a unit test can render a webview part without a browser.

export class FakeElement {
  id = '';
  className = '';
  hidden = false;
  readonly attributes = new Map<string, string>();
  readonly dataset: Record<string, string> = {};
  readonly children: (FakeElement | string)[] = [];
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  append(...nodes: (FakeElement | string)[]): void {
    this.children.push(...nodes);
  }
  get textContent(): string {
    return this.children.map((child) => (typeof child === 'string' ? child : child.textContent)).join('');
  }
  /** this element and every element under it, depth first */
  all(): FakeElement[] {
    return [this, ...this.children.flatMap((child) => (typeof child === 'string' ? [] : child.all()))];
  }
}

/** Runs `render` with a fake `document` in place, restoring the one before. */
export function withFakeDocument<T>(render: () => T): T {
  const globals = globalThis as { document?: unknown };
  const saved = globals.document;
  globals.document = { createElement: (tag: string) => new FakeElement(tag) };
  try {
    return render();
  } finally {
    globals.document = saved;
  }
}
