// Query History kept in the workspace (workspaceState), redacted and bounded by the core (queryHistory.ts).
// Run Statement records each run here (its `history` hook).
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { addToHistory, readHistory, removeFromHistory, type QueryHistoryEntry, type QueryRun } from '../../core/sql/queryHistory';
import type { ResultGridContent } from '../../protocol/resultGrid';
import { QUERY_HISTORY_STATE_KEY } from './sqlAssistIds';

/** What Run Statement tells the history of one run. */
export interface StatementRan {
  statement: string;
  profile: { id: string; name: string };
  database: string | null;
  ranAt: string;
  run: ResultGridContent['run'];
}

export class QueryHistoryStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  entries(): QueryHistoryEntry[] {
    return readHistory(this.state.get<unknown>(QUERY_HISTORY_STATE_KEY));
  }

  record(ran: StatementRan): void {
    const answer = ran.run.ok ? ran.run.result.answer : undefined;
    const run: QueryRun = {
      statement: ran.statement,
      connectionId: ran.profile.id,
      connectionName: ran.profile.name,
      database: ran.database,
      ranAt: ran.ranAt,
      durationMs: ran.run.ok ? Math.round(ran.run.result.elapsedMs) : null,
      rows: answer === undefined ? null : answer.kind === 'rows' ? answer.totalRows : answer.affectedRows,
      error: ran.run.ok ? null : ran.run.error.message,
    };
    void this.save(addToHistory(this.entries(), run, randomUUID()));
  }

  remove(id: string): Promise<void> {
    return this.save(removeFromHistory(this.entries(), id));
  }

  clear(): Promise<void> {
    return this.save([]);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async save(entries: QueryHistoryEntry[]): Promise<void> {
    await this.state.update(QUERY_HISTORY_STATE_KEY, entries);
    this.changed.fire();
  }
}
