// New SQL editors from the explorer and Query History: "Select Top 1000 Rows" on a table (its
// SELECT, run at once), "New Query" on a connection, database or table (an empty editor whose
// session is USE'd to the database), and a history entry opened or run again. The new editor is
// bound to the item's connection (the history entry's, while it is saved), connected when needed:
// the active connection does not change (issue 29); the status bar item shows the editor's connection.
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
    await this.bind(editor, target.profileId);
    return vscode.commands.executeCommand(RUN_COMMANDS.runStatement, editor.document.uri, 0);
  }

  async newQuery(node: unknown): Promise<vscode.TextEditor | undefined> {
    const target = explorerTarget(node);
    if (!target) return undefined;
    const session = await this.useConnection(target.profileId);
    if (!session) return undefined;
    const editor = await openSqlEditor('');
    await this.bind(editor, target.profileId);
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
    const saved = this.isSaved(entry.connectionId);
    if (saved && !(await this.useConnection(entry.connectionId))) return undefined;
    const editor = await this.openHistoryEntry(entry);
    if (!editor) return undefined;
    if (saved) await this.bind(editor, entry.connectionId);
    if (entry.statement.includes(`'${REDACTED}'`)) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The history does not keep passwords: type the password in place of {0}, then run the statement.', `'${REDACTED}'`),
      );
      return undefined;
    }
    return vscode.commands.executeCommand(RUN_COMMANDS.runStatement, editor.document.uri, 0);
  }

  /** The item's connection, connected (its password asked when needed); the active connection stays as it is. */
  private async useConnection(profileId: string): Promise<DatabaseSession | undefined> {
    return this.connections.sessionFor(profileId) ?? (await this.connections.connect(profileId, { makeActive: false }));
  }

  private async bind(editor: vscode.TextEditor, profileId: string): Promise<void> {
    await this.sessions()?.bind(editor.document, profileId);
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
