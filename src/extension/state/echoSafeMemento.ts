// The extension host's Memento keeps one cached copy of all of the extension's keys and replaces
// that whole copy with every change the main side sends back. The echo of an earlier write (of any
// key) can so arrive after a later write and bring its value back: a connection removed a moment
// ago reappears, and the next save writes it back for good (seen in CI: a connection a test had
// removed was still listed by the next suite). Each write here also stores a revision, and a read
// whose stored revision is older than this window's last write of that key returns that write.
// Writes from other windows carry newer revisions and win.
import type * as vscode from 'vscode';

const REVISION_SUFFIX = '.revision';

interface OwnWrite {
  revision: number;
  value: unknown;
}

export class EchoSafeMemento implements vscode.Memento {
  private readonly ownWrites = new Map<string, OwnWrite>();

  constructor(
    private readonly inner: vscode.Memento,
    private readonly now: () => number = Date.now,
  ) {}

  keys(): readonly string[] {
    const keys = new Set(this.inner.keys().filter((key) => !key.endsWith(REVISION_SUFFIX)));
    for (const [key, write] of this.ownWrites) {
      if (write.value === undefined) keys.delete(key);
      else keys.add(key);
    }
    return [...keys];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const own = this.ownWrites.get(key);
    if (own && this.storedRevision(key) < own.revision) {
      return own.value === undefined ? defaultValue : (copy(own.value) as T);
    }
    return this.inner.get<T>(key, defaultValue as T);
  }

  async update(key: string, value: unknown): Promise<void> {
    const revision = Math.max(this.now(), (this.ownWrites.get(key)?.revision ?? 0) + 1, this.storedRevision(key) + 1);
    this.ownWrites.set(key, { revision, value: copy(value) });
    await Promise.all([this.inner.update(key + REVISION_SUFFIX, revision), this.inner.update(key, value)]);
  }

  private storedRevision(key: string): number {
    const stored = this.inner.get<unknown>(key + REVISION_SUFFIX);
    return typeof stored === 'number' ? stored : 0;
  }
}

/** As the host stores it: a JSON copy, so that a caller changing its object later changes nothing here. */
function copy(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
