// What a webview tab needs to come back after a window reload, when that is too large for the
// page's own saved state (which is written on every click): one JSON file per tab id in a folder
// of the extension's storage, the newest `limit` of them. The page keeps only the id, so an id or
// a file read back is not trusted: ids are checked before they become a path, contents by a guard.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileWholeAsync } from '../../core/results/writeFileWhole';

const ID_PATTERN = /^[0-9a-f-]{36}$/;

export class KeptJsonFiles<T> {
  constructor(
    private readonly directory: string,
    private readonly guard: (value: unknown) => value is T,
    private readonly limit: number,
  ) {}

  static newId(): string {
    return randomUUID();
  }

  /**
   * Writes the value under the id and drops the oldest files beyond the limit. With `maxBytes`, a
   * value whose JSON is larger is not written and the id's earlier file is dropped: false.
   */
  async save(id: string, value: T, maxBytes = Number.POSITIVE_INFINITY): Promise<boolean> {
    const file = this.fileOf(id);
    if (file === undefined) throw new Error(`Not an id of a kept file: ${JSON.stringify(id)}`);
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    if (bytes.byteLength > maxBytes) {
      await this.delete(id);
      return false;
    }
    await mkdir(this.directory, { recursive: true });
    await writeFileWholeAsync(file, bytes);
    await this.prune();
    return true;
  }

  /** The value kept under the id; undefined when there is none, it cannot be read or the guard refuses it. */
  async load(id: unknown): Promise<T | undefined> {
    const file = this.fileOf(id);
    if (file === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(await readFile(file, 'utf8'));
      return this.guard(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  async delete(id: string): Promise<void> {
    const file = this.fileOf(id);
    if (file !== undefined) await unlink(file).catch(() => undefined);
  }

  private fileOf(id: unknown): string | undefined {
    return typeof id === 'string' && ID_PATTERN.test(id) ? join(this.directory, `${id}.json`) : undefined;
  }

  private async prune(): Promise<void> {
    const entries = await readdir(this.directory, { withFileTypes: true });
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
        .map(async (entry) => {
          const path = join(this.directory, entry.name);
          return { path, mtime: (await stat(path)).mtimeMs };
        }),
    );
    for (const old of files.sort((a, b) => b.mtime - a.mtime).slice(this.limit)) {
      await unlink(old.path).catch(() => undefined);
    }
  }
}
