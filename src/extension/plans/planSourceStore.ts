// Where the host keeps what each plan view tab shows (its PlanViewSource), so that a tab comes back
// after a window reload: the webview keeps only the tab's id, as its state is saved on every click
// and must stay small.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { isPlanViewSource, type PlanViewSource } from '../../protocol/planView';
import { KeptJsonFiles } from '../webviews/keptJsonFiles';

/** Tabs whose plans are kept; an older one that comes back after a reload says it is gone. */
const KEPT_SOURCES = 40;

export class PlanSourceStore extends KeptJsonFiles<PlanViewSource> {
  constructor(storage: vscode.Uri) {
    super(join(storage.fsPath, 'plan-views'), isPlanViewSource, KEPT_SOURCES);
  }
}
