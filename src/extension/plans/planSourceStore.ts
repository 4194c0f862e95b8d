// Where the host keeps what each plan view tab shows (its PlanViewSource), one JSON file per tab in
// the extension's storage, so that a tab comes back after a window reload. The webview keeps only
// the tab's id: its state is saved on every click and must stay small. Old files are pruned.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { isPlanViewSource, type PlanViewSource } from '../../protocol/planView';

/** Tabs whose plans are kept; an older one that comes back after a reload says it is gone. */
const KEPT_SOURCES = 40;
const ID_PATTERN = /^[0-9a-f-]{36}$/;

export class PlanSourceStore {
  private readonly directory: vscode.Uri;

  constructor(storage: vscode.Uri) {
    this.directory = vscode.Uri.joinPath(storage, 'plan-views');
  }

  static newId(): string {
    return randomUUID();
  }

  async save(id: string, source: PlanViewSource): Promise<void> {
    await vscode.workspace.fs.createDirectory(this.directory);
    await vscode.workspace.fs.writeFile(this.fileOf(id), new TextEncoder().encode(JSON.stringify(source)));
    await this.prune();
  }

  async load(id: unknown): Promise<PlanViewSource | undefined> {
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) return undefined;
    try {
      const source: unknown = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.fileOf(id))));
      return isPlanViewSource(source) ? source : undefined;
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
    for (const old of files.sort((a, b) => b.mtime - a.mtime).slice(KEPT_SOURCES)) {
      await vscode.workspace.fs.delete(old.uri).then(undefined, () => undefined);
    }
  }
}
