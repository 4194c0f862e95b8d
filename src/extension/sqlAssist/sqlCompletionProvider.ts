// Completion in SQL editors on the connection their session runs on (the active connection): what
// to offer comes from the core (sqlCompletion.ts), the names from CompletionSchemaCache.
import * as vscode from 'vscode';
import { quoteIdentifier } from '../../core/db/sqlIdentifiers';
import { sqlCompletionsAt, type CompletionKind } from '../../core/sql/sqlCompletion';
import type { ConnectionManager } from '../connections/connectionManager';
import type { EditorSessions } from '../statementRun/editorSessions';
import type { CompletionSchemaCache } from './completionSchemaCache';

const KINDS: Record<CompletionKind, vscode.CompletionItemKind> = {
  database: vscode.CompletionItemKind.Module,
  table: vscode.CompletionItemKind.Struct,
  view: vscode.CompletionItemKind.Interface,
  column: vscode.CompletionItemKind.Field,
  alias: vscode.CompletionItemKind.Reference,
  hint: vscode.CompletionItemKind.Function,
  variable: vscode.CompletionItemKind.Variable,
  keyword: vscode.CompletionItemKind.Keyword,
};
const NAMES = new Set<CompletionKind>(['database', 'table', 'view', 'column', 'alias']);
const PLAIN_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export class SqlCompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly connections: ConnectionManager,
    private readonly cache: CompletionSchemaCache,
    private readonly sessions: () => EditorSessions | undefined,
  ) {}

  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[] | undefined> {
    // the editor's connection (its own when bound, else the active one), when it is open
    const sessions = this.sessions();
    const session = sessions ? sessions.openConnectionFor(document) : this.connections.activeSession();
    if (!session) return undefined;
    const [schema, variables] = await Promise.all([this.cache.schema(session), this.cache.variableNames(session)]);
    const defaultDatabase = this.sessions()?.stateOf(document.uri.toString())?.database ?? session.profile.database ?? null;
    const text = document.getText();
    const offset = document.offsetAt(position);
    const answer = sqlCompletionsAt(text, offset, { schema, defaultDatabase, variables, tidbHints: session.identity.flavor === 'tidb' });
    const range = new vscode.Range(document.positionAt(answer.replaceStart), position);
    const quoted = text[answer.replaceStart] === '`';
    return answer.items.map((entry, index) => {
      const item = new vscode.CompletionItem({ label: entry.label, description: entry.detail }, KINDS[entry.kind]);
      item.range = range;
      item.sortText = `${String(sortGroup(entry.kind))}${String(index).padStart(6, '0')}`;
      if (entry.snippet) item.insertText = new vscode.SnippetString(entry.snippet);
      else if (NAMES.has(entry.kind) && (quoted || !PLAIN_NAME.test(entry.label))) {
        item.insertText = quoteIdentifier(entry.label);
        item.filterText = quoted ? `\`${entry.label}` : entry.label;
      }
      return item;
    });
  }
}

function sortGroup(kind: CompletionKind): number {
  return kind === 'column' || kind === 'hint' || kind === 'variable'
    ? 1
    : kind === 'alias' || kind === 'table' || kind === 'view'
      ? 2
      : kind === 'database'
        ? 3
        : 4;
}
