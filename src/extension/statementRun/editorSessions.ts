// One SQL session per SQL editor (issue 29): Run Statement, Explain and Explain Analyze from an
// editor go through its session's one connection, opened at the first statement on the editor's
// connection: the one it was bound to (Change Editor Connection, or the explorer item a New Query
// or Select Top 1000 Rows came from), else the active connection (a new session, with the old
// rolled back, when the active connection changed since). Changing an editor's connection closes
// its session the same way. Bindings are kept per document URI for the window (workspaceState)
// and dropped when the document closes.
// A lost session is reopened with a notice that its state is gone; an editor closed with a
// transaction open has it rolled back, and says so. The status bar shows the session of the
// editor in front: its database and an open transaction. Reset SQL Session closes the session of
// the editor in front (rolling back an open transaction, and saying so): a new one opens at its
// next statement. The status bar item names the editor's connection; a click changes it.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import type { SessionConnection } from '../../core/db/sessionConnection';
import { EditorBindings, editorConnection } from '../../core/sql/editorConnections';
import { EditorSession, type SessionReopened } from '../../core/sql/editorSession';
import { editorSessionTarget, type EditorSessionTarget } from '../../core/sql/editorSessionTarget';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ExtensionLog } from '../log/extensionLog';
import { ExplainCancelled } from '../plans/explainCancelled';
import { RUN_COMMANDS } from './runIds';

const BINDINGS_STATE_KEY = 'tidbLab.editorConnections';
const SQL_LANGUAGES = new Set(['sql', 'mysql']);

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
  private readonly bindings: EditorBindings;

  /** `savedName`: the name of a saved connection, undefined for one that is not (any more) */
  constructor(
    private readonly connections: ConnectionManager,
    private readonly log: ExtensionLog,
    private readonly workspaceState: vscode.Memento,
    private readonly savedName: (profileId: string) => string | undefined,
  ) {
    this.bindings = new EditorBindings(workspaceState.get(BINDINGS_STATE_KEY));
    // after a reload: the bindings of documents whose tabs did not come back go (a new Untitled-1
    // is another document)
    const openUris = new Set(
      vscode.window.tabGroups.all.flatMap((group) =>
        group.tabs.flatMap((tab) => (tab.input instanceof vscode.TabInputText ? [tab.input.uri.toString()] : [])),
      ),
    );
    if (this.bindings.retain((uri) => openUris.has(uri))) this.saveBindings();
    this.item.name = vscode.l10n.t('TiDB Lab SQL Session');
    this.item.command = RUN_COMMANDS.changeEditorConnection;
    this.subscriptions.push(
      vscode.workspace.onDidCloseTextDocument((document) => {
        const key = document.uri.toString();
        if (this.bindings.unbind(key)) this.saveBindings();
        void this.close(key, 'closed');
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      connections.onDidChangeSessions(() => {
        for (const [key, entry] of this.entries) {
          if (this.connections.sessionFor(entry.pool.profile.id) !== entry.pool) void this.close(key, 'disconnected');
        }
      }),
    );
    this.update();
  }

  /**
   * The connection `document` runs on: the one it is bound to, connected when needed (its password
   * asked as for the active connection), else the active one (requireActiveSession). undefined: not
   * connected (failed, or the user cancelled).
   */
  async connectionFor(document: vscode.TextDocument): Promise<DatabaseSession | undefined> {
    const choice = this.editorConnection(document.uri.toString());
    if (!choice.bound) return this.connections.requireActiveSession();
    return this.connections.sessionFor(choice.profileId) ?? this.connections.connect(choice.profileId, { makeActive: false });
  }

  /** The open connection `document` runs on, without connecting (completion): undefined when it is not connected. */
  openConnectionFor(document: vscode.TextDocument): DatabaseSession | undefined {
    const choice = this.editorConnection(document.uri.toString());
    return choice.bound ? this.connections.sessionFor(choice.profileId) : this.connections.activeSession();
  }

  /** The profile id `document` is bound to, for tests and automation (undefined: it runs on the active connection). */
  boundProfileId(uri: string): string | undefined {
    const choice = this.editorConnection(uri);
    return choice.bound ? choice.profileId : undefined;
  }

  /**
   * Binds `document` to the saved connection `profileId`: its statements run there from now on,
   * whatever the active connection. A session it had on another connection is closed (an open
   * transaction rolled back, and said so).
   */
  async bind(document: vscode.TextDocument, profileId: string): Promise<void> {
    const key = document.uri.toString();
    if (this.bindings.bind(key, profileId)) this.saveBindings();
    const current = this.entries.get(key);
    if (current && current.pool.profile.id !== profileId) await this.close(key, 'editorConnectionChanged');
    this.update();
  }

  /**
   * Change Editor Connection: the user picks the connection of the SQL editor in front (or of the
   * one before a results grid in front), connected when needed, and the editor is bound to it.
   * undefined: no SQL editor, or the user cancelled, or it did not connect.
   */
  async changeShown(): Promise<{ uri: string; profileId: string; name: string } | undefined> {
    const t = vscode.l10n.t;
    const front = vscode.window.activeTextEditor?.document;
    const document = front ?? vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === this.shownUri);
    if (!document || !SQL_LANGUAGES.has(document.languageId)) {
      void vscode.window.showInformationMessage(t('Open a SQL editor to choose the connection its statements run on.'));
      return undefined;
    }
    const key = document.uri.toString();
    const name = vscode.workspace.asRelativePath(document.uri);
    const current = this.entries.get(key)?.pool.profile.id ?? this.editorConnection(key).profileId;
    const picked = await this.connections.pickConnection({
      title: t('Connection of {0}', name),
      placeHolder: t("This editor's statements run on the connection picked here; the active connection and other editors keep theirs"),
      first: current,
    });
    if (picked === undefined) return undefined;
    const session = this.connections.sessionFor(picked) ?? (await this.connections.connect(picked, { makeActive: false }));
    if (!session) return undefined;
    await this.bind(document, picked);
    this.log.info(`${name} runs its statements on ${session.profile.name} now.`);
    return { uri: key, profileId: picked, name: session.profile.name };
  }

  /** The session of `document` on `pool` (its connection: connectionFor), opened at its first statement. */
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
  private async close(
    key: string,
    why: 'closed' | 'disconnected' | 'connectionChanged' | 'editorConnectionChanged' | 'reset',
  ): Promise<boolean> {
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
          : why === 'editorConnectionChanged'
            ? t(
                'The connection of {0} was changed while it had a transaction open on {1}: it was rolled back.',
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

  private editorConnection(uri: string) {
    return editorConnection(this.bindings.get(uri), this.connections.activeProfileId(), (id) => this.savedName(id) !== undefined);
  }

  private saveBindings(): void {
    void this.workspaceState.update(BINDINGS_STATE_KEY, this.bindings.toJSON());
  }

  private update(): void {
    // a results grid or plan in front (no text editor) keeps the session of the SQL editor before it
    const document = vscode.window.activeTextEditor?.document;
    if (document) this.shownUri = document.uri.toString();
    const entry = this.shownUri === undefined ? undefined : this.entries.get(this.shownUri);
    const t = vscode.l10n.t;
    if (!entry) {
      // a bound editor with no session yet: where its first statement will run
      const boundId = this.shownUri === undefined ? undefined : this.boundProfileId(this.shownUri);
      const boundName = boundId === undefined ? undefined : this.savedName(boundId);
      if (boundName === undefined) {
        this.item.hide();
        return;
      }
      this.item.text = `$(database) ${boundName}`;
      this.item.tooltip = t(
        "This editor's SQL session on {0} opens at the next statement. Click to change the editor's connection.",
        boundName,
      );
      this.item.show();
      return;
    }
    const state = entry.session.state();
    const database = state.database ?? t('no database');
    const connection = entry.pool.profile.name;
    this.item.text = state.inTransaction
      ? `$(database) ${connection} · ${database} $(git-commit) ${t('transaction open')}`
      : `$(database) ${connection} · ${database}`;
    this.item.tooltip = state.open
      ? t(
          "This editor's SQL session on {0}: database {1}{2}. Click to change the editor's connection.",
          connection,
          database,
          state.inTransaction ? t(', a transaction is open (COMMIT or ROLLBACK ends it)') : '',
        )
      : t("This editor's SQL session on {0} opens at the next statement. Click to change the editor's connection.", connection);
    this.item.show();
  }
}
