// Where the host keeps what each results grid tab shows (the statement's run, its rows included),
// one JSON file per tab in the extension's storage, so that the tab comes back with its rows after
// a window reload. The rows are at most tidbLab.results.rowLimit; a run larger than MAX_KEPT_BYTES
// is not kept, nor are tabs older than the last KEPT_GRIDS: their tab comes back saying so, with
// Run Again. The page keeps only the tab's id (and the statement, for Run Again).
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { ResultGridContent } from '../../protocol/resultGrid';

export const KEPT_GRIDS = 20;
export const MAX_KEPT_BYTES = 16 * 1024 * 1024;
const ID_PATTERN = /^[0-9a-f-]{36}$/;

/** What a tab needs to come back: its reuse key, the SQL document and the run. */
export interface KeptGrid {
  key: string;
  documentUri: string | undefined;
  content: ResultGridContent;
}

export class ResultGridStore {
  private readonly directory: vscode.Uri;

  constructor(storage: vscode.Uri) {
    this.directory = vscode.Uri.joinPath(storage, 'result-grids');
  }

  static newId(): string {
    return randomUUID();
  }

  /** false when the run is too large to keep (any earlier run of the tab is dropped). */
  async save(id: string, kept: KeptGrid): Promise<boolean> {
    const bytes = new TextEncoder().encode(JSON.stringify(kept));
    if (bytes.byteLength > MAX_KEPT_BYTES) {
      await this.delete(id);
      return false;
    }
    await vscode.workspace.fs.createDirectory(this.directory);
    await vscode.workspace.fs.writeFile(this.fileOf(id), bytes);
    await this.prune();
    return true;
  }

  async load(id: unknown): Promise<KeptGrid | undefined> {
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) return undefined;
    try {
      const kept: unknown = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.fileOf(id))));
      return isKeptGrid(kept) ? kept : undefined;
    } catch {
      return undefined;
    }
  }

  async delete(id: string): Promise<void> {
    await vscode.workspace.fs.delete(this.fileOf(id)).then(undefined, () => undefined);
  }

  private fileOf(id: string): vscode.Uri {
    return vscode.Uri.joinPath(this.directory, `${id}.json`);
  }

  private async prune(): Promise<void> {
    const entries = await vscode.workspace.fs.readDirectory(this.directory);
    const files = await Promise.all(
      entries
        .filter(([name, type]) => type === vscode.FileType.File && name.endsWith('.json'))
        .map(async ([name]) => ({
          uri: vscode.Uri.joinPath(this.directory, name),
          mtime: (await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.directory, name))).mtime,
        })),
    );
    for (const old of files.sort((a, b) => b.mtime - a.mtime).slice(KEPT_GRIDS)) {
      await vscode.workspace.fs.delete(old.uri).then(undefined, () => undefined);
    }
  }
}

function isKeptGrid(value: unknown): value is KeptGrid {
  if (typeof value !== 'object' || value === null) return false;
  const { key, documentUri, content } = value as Record<string, unknown>;
  if (typeof key !== 'string' || (documentUri !== undefined && typeof documentUri !== 'string')) return false;
  if (typeof content !== 'object' || content === null) return false;
  const { statement, connection, ranAt, run } = content as Record<string, unknown>;
  return (
    typeof statement === 'string' &&
    typeof connection === 'string' &&
    typeof ranAt === 'string' &&
    typeof run === 'object' &&
    run !== null &&
    typeof (run as { ok?: unknown }).ok === 'boolean'
  );
}
