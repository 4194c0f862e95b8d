// New SQL editors from the explorer and Query History: "Select Top 1000 Rows" on a table (its
// SELECT, run at once), "New Query" on a connection, database or table (an empty editor whose
// session is USE'd to the database), and a history entry opened or run again. The editor's session
// runs on the active connection: a command on another connection's item makes that one active
// (the user chose it by its item), and says so in the status bar.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { REDACTED } from '../../core/results/redactSecrets';
import { selectTopRowsSql, useDatabaseSql } from '../../core/sql/explorerQueries';
import type { QueryHistoryEntry } from '../../core/sql/queryHistory';
import type { ConnectionManager } from '../connections/connectionManager';
import type { EditorSessions } from '../statementRun/editorSessions';
import { RUN_COMMANDS } from '../statementRun/runIds';

/** What the explorer passes: a ConnectionNode (profileId), SchemaNode (profileId, schema.name) or TableNode (ref). */
export interface ExplorerTarget {
  profileId: string;
  database?: string;
  table?: string;
}

export function explorerTarget(node: unknown): ExplorerTarget | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const value = node as { profileId?: unknown; schema?: unknown; ref?: { profileId?: unknown; schema?: unknown; table?: unknown } };
  const ref = value.ref;
  if (ref && typeof ref.profileId === 'string' && typeof ref.schema === 'string' && typeof ref.table === 'string') {
    return { profileId: ref.profileId, database: ref.schema, table: ref.table };
  }
  if (typeof value.profileId !== 'string') return undefined;
  const schema = value.schema as { name?: unknown } | undefined;
  return { profileId: value.profileId, database: typeof schema?.name === 'string' ? schema.name : undefined };
}

export class QueryEditors {
  constructor(
    private readonly connections: ConnectionManager,
    private readonly sessions: () => EditorSessions | undefined,
    private readonly isSaved: (profileId: string) => boolean,
  ) {}

  async selectTopRows(node: unknown): Promise<unknown> {
    const target = explorerTarget(node);
    if (!target?.database || !target.table) return undefined;
    const session = await this.useConnection(target.profileId);
    if (!session) return undefined;
    const editor = await openSqlEditor(`${selectTopRowsSql(target.database, target.table)}\n`);
    return vscode.commands.executeCommand(RUN_COMMANDS.runStatement, editor.document.uri, 0);
  }

  async newQuery(node: unknown): Promise<vscode.TextEditor | undefined> {
    const target = explorerTarget(node);
    if (!target) return undefined;
    const session = await this.useConnection(target.profileId);
    if (!session) return undefined;
    const editor = await openSqlEditor('');
    const database = target.database ?? session.profile.database;
    const sessions = this.sessions();
    if (database && sessions) {
      try {
        await sessions.targetFor(editor.document, session).run(useDatabaseSql(database));
      } catch (error) {
        void vscode.window.showErrorMessage(
          vscode.l10n.t('Could not USE {0}: {1}', database, error instanceof Error ? error.message : String(error)),
        );
      }
    }
    return editor;
  }

  async openHistoryEntry(entry: unknown): Promise<vscode.TextEditor | undefined> {
    if (!isHistoryEntry(entry)) return undefined;
    return openSqlEditor(`${entry.statement}\n`);
  }

  /** On the connection it ran on (when it is still saved), in a new editor; a statement whose password was redacted is only opened. */
  async runHistoryEntry(entry: unknown): Promise<unknown> {
    if (!isHistoryEntry(entry)) return undefined;
    if (this.isSaved(entry.connectionId) && !(await this.useConnection(entry.connectionId))) return undefined;
    const editor = await this.openHistoryEntry(entry);
    if (!editor) return undefined;
    if (entry.statement.includes(`'${REDACTED}'`)) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The history does not keep passwords: type the password in place of {0}, then run the statement.', `'${REDACTED}'`),
      );
      return undefined;
    }
    return vscode.commands.executeCommand(RUN_COMMANDS.runStatement, editor.document.uri, 0);
  }

  private async useConnection(profileId: string): Promise<DatabaseSession | undefined> {
    const session = this.connections.sessionFor(profileId) ?? (await this.connections.connect(profileId, { makeActive: false }));
    if (!session) return undefined;
    if (this.connections.activeProfileId() !== profileId) {
      this.connections.setActive(profileId);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Active connection: {0}', session.profile.name), 5000);
    }
    return session;
  }
}

async function openSqlEditor(content: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'sql', content });
  // in the first group: the results grid then opens beside it, as from a SQL file
  return vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.One });
}

function isHistoryEntry(value: unknown): value is QueryHistoryEntry {
  return typeof value === 'object' && value !== null && typeof (value as { statement?: unknown }).statement === 'string';
}
