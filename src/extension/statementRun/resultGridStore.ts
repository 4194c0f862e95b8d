// Where the host keeps what each results grid tab shows (the statement's run, its rows included),
// one JSON file per tab in the extension's storage, so that the tab comes back with its rows after
// a window reload. The rows are at most tidbLab.results.rowLimit; a run larger than MAX_KEPT_BYTES
// is not kept, nor are tabs older than the last KEPT_GRIDS: their tab comes back saying so, with
// Run Again. The page keeps only the tab's id (and the statement, for Run Again).
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type { ResultGridContent } from '../../protocol/resultGrid';
import { KeptJsonFiles } from '../webviews/keptJsonFiles';

export const KEPT_GRIDS = 20;
export const MAX_KEPT_BYTES = 16 * 1024 * 1024;

/** What a tab needs to come back: its reuse key, the SQL document and the run. */
export interface KeptGrid {
  key: string;
  documentUri: string | undefined;
  content: ResultGridContent;
}

export class ResultGridStore extends KeptJsonFiles<KeptGrid> {
  constructor(storage: vscode.Uri) {
    super(join(storage.fsPath, 'result-grids'), isKeptGrid, KEPT_GRIDS);
  }

  /** false when the run is too large to keep (any earlier run of the tab is dropped). */
  override save(id: string, kept: KeptGrid): Promise<boolean> {
    return super.save(id, kept, MAX_KEPT_BYTES);
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
