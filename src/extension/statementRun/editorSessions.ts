// One SQL session per SQL editor (issue 29): Run Statement, Explain and Explain Analyze from an
// editor go through its session's one connection, opened on the active connection at the first
// statement (a new one, with the old rolled back, when the active connection changed since).
// A lost session is reopened with a notice that its state is gone; an editor closed with a
// transaction open has it rolled back, and says so. The status bar shows the session of the
// editor in front: its database and an open transaction. Reset SQL Session closes the session of
// the editor in front (rolling back an open transaction, and saying so): a new one opens at its
// next statement.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import type { SessionConnection } from '../../core/db/sessionConnection';
import { EditorSession, type SessionReopened } from '../../core/sql/editorSession';
import { editorSessionTarget, type EditorSessionTarget } from '../../core/sql/editorSessionTarget';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ExtensionLog } from '../log/extensionLog';
import { ExplainCancelled } from '../plans/explainCancelled';

interface Entry {
  pool: DatabaseSession;
  name: string;
  session: EditorSession<SessionConnection>;
  target: EditorSessionTarget;
}

export class EditorSessions implements vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly item = vscode.window.createStatusBarItem('tidbLab.editorSession', vscode.StatusBarAlignment.Left, 49);
  private readonly subscriptions: vscode.Disposable[] = [this.item];
  private shownUri: string | undefined;

  constructor(
    private readonly connections: ConnectionManager,
    private readonly log: ExtensionLog,
  ) {
    this.item.name = vscode.l10n.t('TiDB Lab SQL Session');
    this.subscriptions.push(
      vscode.workspace.onDidCloseTextDocument((document) => void this.close(document.uri.toString(), 'closed')),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      connections.onDidChangeSessions(() => {
        for (const [key, entry] of this.entries) {
          if (this.connections.sessionFor(entry.pool.profile.id) !== entry.pool) void this.close(key, 'disconnected');
        }
      }),
    );
    this.update();
  }

  /** The session of `document` on `pool` (the active connection), opened at its first statement. */
  targetFor(document: vscode.TextDocument, pool: DatabaseSession): EditorSessionTarget {
    const key = document.uri.toString();
    const current = this.entries.get(key);
    if (current?.pool === pool) return current.target;
    if (current) void this.close(key, 'connectionChanged');
    const name = vscode.workspace.asRelativePath(document.uri);
    const session = new EditorSession<SessionConnection>(() => pool.openSessionConnection(), {
      onStateChange: () => this.update(),
      onReopened: (notice) => this.tellReopened(name, pool.profile.name, notice),
    });
    const target = editorSessionTarget(session, pool, (error) => error instanceof ExplainCancelled && error.run.statement === 'abandoned');
    this.entries.set(key, { pool, name, session, target });
    return target;
  }

  /** The session's state of the editor, for tests and automation. */
  stateOf(uri: string): { database: string | null; inTransaction: boolean; open: boolean } | undefined {
    return this.entries.get(uri)?.session.state();
  }

  /**
   * Closes the session of the SQL editor in front (or of the one before a results grid in front);
   * the next statement opens a new one. undefined: that editor has no session.
   */
  async resetShown(): Promise<{ name: string; rolledBack: boolean } | undefined> {
    const key = vscode.window.activeTextEditor?.document.uri.toString() ?? this.shownUri;
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (key === undefined || !entry) return undefined;
    const rolledBack = await this.close(key, 'reset');
    if (!rolledBack)
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'The SQL session of {0} on {1} was closed: its database (USE), session variables and user variables are gone; a new session opens at the next statement.',
          entry.name,
          entry.pool.profile.name,
        ),
      );
    return { name: entry.name, rolledBack };
  }

  dispose(): void {
    for (const key of [...this.entries.keys()]) void this.close(key, 'closed');
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  /** whether an open transaction was rolled back (and the user told so) */
  private async close(key: string, why: 'closed' | 'disconnected' | 'connectionChanged' | 'reset'): Promise<boolean> {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.update();
    const closed = await entry.session.close().catch(() => ({ rolledBack: false, rollbackError: undefined }));
    if (!closed.rolledBack) return false;
    const t = vscode.l10n.t;
    const reason =
      why === 'closed'
        ? t('{0} was closed with a transaction open on {1}: it was rolled back.', entry.name, entry.pool.profile.name)
        : why === 'connectionChanged'
          ? t(
              'The active connection changed while {0} had a transaction open on {1}: it was rolled back.',
              entry.name,
              entry.pool.profile.name,
            )
          : why === 'reset'
            ? t(
                'The SQL session of {0} on {1} was reset: its open transaction was rolled back, and a new session opens at the next statement.',
                entry.name,
                entry.pool.profile.name,
              )
            : t('{0} had a transaction open on {1}, which was disconnected: it was rolled back.', entry.name, entry.pool.profile.name);
    this.log.warn(`SQL session of ${entry.name} on ${entry.pool.profile.name}: open transaction rolled back (${why}).`);
    void vscode.window.showWarningMessage(reason);
    return true;
  }

  private tellReopened(name: string, connection: string, notice: SessionReopened): void {
    const t = vscode.l10n.t;
    this.log.warn(`SQL session of ${name} on ${connection} was lost (${notice.reason}) and opened again.`);
    void vscode.window.showWarningMessage(
      notice.lostState.inTransaction
        ? t(
            'The SQL session of {0} on {1} was lost ({2}) and a new one was opened: its open transaction was rolled back, and its database (USE), session variables and user variables are gone.',
            name,
            connection,
            notice.reason,
          )
        : t(
            'The SQL session of {0} on {1} was lost ({2}) and a new one was opened: its database (USE), session variables and user variables are gone.',
            name,
            connection,
            notice.reason,
          ),
    );
  }

  private update(): void {
    // a results grid or plan in front (no text editor) keeps the session of the SQL editor before it
    const document = vscode.window.activeTextEditor?.document;
    if (document) this.shownUri = document.uri.toString();
    const entry = this.shownUri === undefined ? undefined : this.entries.get(this.shownUri);
    if (!entry) {
      this.item.hide();
      return;
    }
    const t = vscode.l10n.t;
    const state = entry.session.state();
    const database = state.database ?? t('no database');
    this.item.text = state.inTransaction ? `$(database) ${database} $(git-commit) ${t('transaction open')}` : `$(database) ${database}`;
    this.item.tooltip = state.open
      ? t(
          "This editor's SQL session on {0}: database {1}{2}",
          entry.pool.profile.name,
          database,
          state.inTransaction ? t(', a transaction is open (COMMIT or ROLLBACK ends it)') : '',
        )
      : t("This editor's SQL session on {0} opens at the next statement.", entry.pool.profile.name);
    this.item.show();
  }
}
