// The history of runs and experiments: one JSON file per result (the engine's result model, the
// same file `tidb-lab bench --out` writes), in the extension's global storage, or in the workspace
// under .tidb-lab/results/ when tidbLab.benchmarks.storeInWorkspace is on. Files are read through
// the result validator and kept in a cache keyed by modification time, so listing stays cheap.
import * as vscode from 'vscode';
import { writeUriWhole } from '../state/writeUriWhole';
import { randomUUID } from 'node:crypto';
import type { BenchmarkResult, ExperimentResult } from '../../core/results/benchmarkResult';
import { resultToJson } from '../../core/results/exportJson';
import { parseBenchmarkResult } from '../../core/results/resultValidation';
import type { ExtensionLog } from '../log/extensionLog';
import { BENCHMARK_SETTINGS } from './benchmarkIds';

export const WORKSPACE_RESULTS_FOLDER = ['.tidb-lab', 'results'];

export type StoredResult =
  | { kind: 'result'; id: string; uri: vscode.Uri; result: BenchmarkResult; warnings: string[] }
  | { kind: 'unreadable'; id: string; uri: vscode.Uri; problems: string[] };

interface CacheEntry {
  mtime: number;
  size: number;
  stored: StoredResult;
}

export class BenchmarkResultStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  private watcher: vscode.FileSystemWatcher | undefined;

  constructor(
    private readonly globalStorageUri: vscode.Uri,
    private readonly log: ExtensionLog,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(BENCHMARK_SETTINGS.storeInWorkspace)) this.locationChanged();
      }),
    );
    this.subscriptions.push(vscode.workspace.onDidChangeWorkspaceFolders(() => this.locationChanged()));
    this.watchLocation();
  }

  /** The folder results are written to and listed from now. */
  location(): vscode.Uri {
    const inWorkspace = vscode.workspace.getConfiguration().get<boolean>(BENCHMARK_SETTINGS.storeInWorkspace, false);
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (inWorkspace && folder) return vscode.Uri.joinPath(folder.uri, ...WORKSPACE_RESULTS_FOLDER);
    return vscode.Uri.joinPath(this.globalStorageUri, 'results');
  }

  /** Every stored result, newest first (by start time); unreadable files last. */
  async list(): Promise<StoredResult[]> {
    const folder = this.location();
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(folder);
    } catch {
      return [];
    }
    const files = entries
      .filter(([name, type]) => type === vscode.FileType.File && name.endsWith('.json'))
      .map(([name]) => vscode.Uri.joinPath(folder, name));
    const stored = await Promise.all(files.map((uri) => this.read(uri)));
    const live = new Set(files.map((uri) => uri.toString()));
    for (const key of [...this.cache.keys()]) if (!live.has(key)) this.cache.delete(key);
    return stored.sort(compareStored);
  }

  async get(id: string): Promise<StoredResult | undefined> {
    return (await this.list()).find((stored) => stored.id === id);
  }

  /** Writes a new result; a result whose id is taken already (an import of a saved result) gets a new id. */
  async save(result: BenchmarkResult): Promise<StoredResult> {
    const existing = await this.list();
    const toSave = existing.some((stored) => stored.id === result.id) ? { ...result, id: randomUUID() } : result;
    const folder = this.location();
    await vscode.workspace.fs.createDirectory(folder);
    const uri = vscode.Uri.joinPath(folder, fileNameFor(toSave));
    await this.write(uri, toSave);
    this.log.info(`Saved benchmark result ${toSave.id} to ${uri.fsPath}.`);
    this.changed.fire();
    const stored = await this.read(uri);
    return stored;
  }

  async rename(id: string, name: string): Promise<void> {
    const stored = await this.get(id);
    if (stored?.kind !== 'result') throw new Error('This benchmark result is not stored any more, or cannot be read.');
    const trimmed = name.trim();
    const renamed: BenchmarkResult = { ...stored.result };
    if (trimmed === '') delete renamed.name;
    else renamed.name = trimmed;
    await this.write(stored.uri, renamed);
    this.changed.fire();
  }

  /** Renames one run of an experiment (empty: back to the name made from what varies). */
  async renameCell(id: string, cellIndex: number, name: string): Promise<void> {
    await this.updateExperiment(id, (experiment) => {
      const cells = experiment.cells.map((cell, index) => {
        if (index !== cellIndex) return cell;
        const run = { ...cell.run };
        if (name.trim() === '') delete run.name;
        else run.name = name.trim();
        return { ...cell, run };
      });
      return { ...experiment, cells };
    });
  }

  /** Removes one run from an experiment; the runs after it move up by one. */
  async deleteCell(id: string, cellIndex: number): Promise<void> {
    await this.updateExperiment(id, (experiment) => ({
      ...experiment,
      cells: experiment.cells.filter((_cell, index) => index !== cellIndex),
    }));
    this.log.info(`Deleted run ${cellIndex + 1} of benchmark experiment ${id}.`);
  }

  async delete(id: string): Promise<void> {
    const stored = await this.get(id);
    if (!stored) return;
    await vscode.workspace.fs.delete(stored.uri, { useTrash: false });
    this.cache.delete(stored.uri.toString());
    this.log.info(`Deleted benchmark result ${id} (${stored.uri.fsPath}).`);
    this.changed.fire();
  }

  private async updateExperiment(id: string, change: (experiment: ExperimentResult) => ExperimentResult): Promise<void> {
    const stored = await this.get(id);
    if (stored?.kind !== 'result' || stored.result.kind !== 'experiment') throw new Error('This experiment is not stored any more.');
    await this.write(stored.uri, change(stored.result));
    this.changed.fire();
  }

  refresh(): void {
    this.cache.clear();
    this.changed.fire();
  }

  dispose(): void {
    this.watcher?.dispose();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  private async write(uri: vscode.Uri, result: BenchmarkResult): Promise<void> {
    await writeUriWhole(uri, Buffer.from(resultToJson(result), 'utf8'));
    this.cache.delete(uri.toString());
  }

  private async read(uri: vscode.Uri): Promise<StoredResult> {
    const key = uri.toString();
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch (error) {
      return { kind: 'unreadable', id: key, uri, problems: [String(error)] };
    }
    const cached = this.cache.get(key);
    if (cached && cached.mtime === stat.mtime && cached.size === stat.size) return cached.stored;
    let stored: StoredResult;
    try {
      const text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
      const parsed = parseBenchmarkResult(text);
      stored = parsed.ok
        ? { kind: 'result', id: parsed.result.id, uri, result: parsed.result, warnings: parsed.warnings }
        : { kind: 'unreadable', id: key, uri, problems: parsed.errors };
    } catch (error) {
      stored = { kind: 'unreadable', id: key, uri, problems: [error instanceof Error ? error.message : String(error)] };
    }
    this.cache.set(key, { mtime: stat.mtime, size: stat.size, stored });
    return stored;
  }

  private locationChanged(): void {
    this.cache.clear();
    this.watchLocation();
    this.changed.fire();
  }

  /** Results written by others (the CLI's --out, a teammate's commit) show up without a refresh. */
  private watchLocation(): void {
    this.watcher?.dispose();
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.location(), '*.json'));
    const fire = () => this.changed.fire();
    this.watcher.onDidCreate(fire);
    this.watcher.onDidChange(fire);
    this.watcher.onDidDelete(fire);
  }
}

/** e.g. 2025-05-01T10-00-00_oltp_point_select_1a2b3c4d.json */
export function fileNameFor(result: BenchmarkResult): string {
  const time = (Number.isNaN(Date.parse(result.startTime)) ? new Date() : new Date(result.startTime))
    .toISOString()
    .slice(0, 19)
    .replace(/:/g, '-');
  const what = result.kind === 'run' ? result.workload : `experiment_${result.name}`;
  const safe =
    what
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || result.kind;
  const id = result.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 'result';
  return `${time}_${safe}_${id}.json`;
}

function compareStored(a: StoredResult, b: StoredResult): number {
  if (a.kind !== b.kind) return a.kind === 'result' ? -1 : 1;
  if (a.kind === 'result' && b.kind === 'result')
    return (Date.parse(b.result.startTime) || 0) - (Date.parse(a.result.startTime) || 0) || a.id.localeCompare(b.id);
  return a.uri.toString().localeCompare(b.uri.toString());
}
