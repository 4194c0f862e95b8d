// What completion offers at a cursor in SQL text, given a schema snapshot: columns after `t.` or
// `alias.` (and in a SELECT list, WHERE, ON... of the tables the statement names, even after the
// cursor), tables after FROM / JOIN / UPDATE / INTO, tables after `db.`, databases after USE, TiDB's
// optimizer hints inside `/*+ ... */`, system variables after SET or `@@`, and keywords. Nothing
// inside a string or an ordinary comment. The text is read through the lexer's rules (sqlLexer.ts).
import type { CompletionTable, SchemaSnapshot } from './completionSchema';
import { isWordChar, lexToken, newLexState, type SqlToken } from './sqlLexer';
import { SQL_KEYWORDS } from './sqlKeywords';
import { splitStatements } from './statementSplitter';
import { TIDB_OPTIMIZER_HINTS } from '../tidb/optimizerHints';

export type CompletionKind = 'database' | 'table' | 'view' | 'column' | 'alias' | 'hint' | 'variable' | 'keyword';

export interface SqlCompletionItem {
  label: string;
  kind: CompletionKind;
  detail?: string;
  /** VS Code snippet syntax, when the item inserts more than its label */
  snippet?: string;
}

export interface SqlCompletions {
  /** the offset in the text where the word the items replace starts (the cursor when there is none) */
  replaceStart: number;
  items: SqlCompletionItem[];
}

export interface SqlCompletionContext {
  schema: SchemaSnapshot;
  /** the session's database (USE) or the connection's default; unqualified tables are looked up there first */
  defaultDatabase?: string | null;
  /** the server's system variable names (SHOW VARIABLES), when known */
  variables?: readonly string[];
  /** TiDB optimizer hints are offered inside hint comments (TiDB only) */
  tidbHints: boolean;
}

interface Token extends SqlToken {
  /** upper-case text of a word, the unquoted name of an identifier, the symbol itself */
  value: string;
  /** a word as written, the unquoted name of an identifier */
  name: string;
}

interface TableRef {
  table: CompletionTable | undefined;
  name: string;
  alias?: string;
}

const TABLE_KEYWORDS = new Set(['FROM', 'JOIN', 'UPDATE', 'INTO', 'TABLE', 'DESCRIBE', 'DESC', 'STRAIGHT_JOIN']);
const VARIABLE_SCOPES = new Set(['SESSION', 'GLOBAL', 'LOCAL', 'PERSIST']);
/** words that end a table reference instead of being its alias */
const NOT_ALIAS = new Set([
  'WHERE',
  'ON',
  'USING',
  'JOIN',
  'INNER',
  'LEFT',
  'RIGHT',
  'CROSS',
  'NATURAL',
  'STRAIGHT_JOIN',
  'GROUP',
  'ORDER',
  'HAVING',
  'LIMIT',
  'UNION',
  'SET',
  'VALUES',
  'VALUE',
  'SELECT',
  'FOR',
  'LOCK',
  'WINDOW',
  'PARTITION',
  'USE',
  'IGNORE',
  'FORCE',
  'AS',
  'OUTER',
  'FULL',
  'INTO',
  'AND',
  'OR',
  'WITH',
  'DEFAULT',
  'ADD',
  'DROP',
  'MODIFY',
  'CHANGE',
  'RENAME',
  'ALTER',
]);
const EMPTY: SqlCompletionItem[] = [];

export function sqlCompletionsAt(text: string, offset: number, context: SqlCompletionContext): SqlCompletions {
  const { start, source } = statementAround(text, offset);
  const local = offset - start;
  const tokens = tokenize(source);
  const at = tokens.find((token) => token.start < local && local <= token.end);
  const none = { replaceStart: offset, items: EMPTY };

  if (at?.kind === 'comment') {
    if (!context.tidbHints || !source.startsWith('/*+', at.start)) return none;
    const closedAt = source.indexOf('*/', at.start + 3);
    if (closedAt !== -1 && local > closedAt) return none;
    const wordStart = wordStartBefore(source, local);
    return { replaceStart: start + wordStart, items: hintItems(source.slice(at.start + 3, wordStart), tableRefs(tokens, context)) };
  }
  if (at?.kind === 'string' && !(at.closed === true && local === at.end)) return none;

  // the word being typed: letters before the cursor, or a backquoted name not closed yet
  const quotedWord = at?.kind === 'identifier' && !(at.closed === true && local === at.end);
  const wordStart = quotedWord ? at.start : wordStartBefore(source, local);
  const replaceStart = start + wordStart;
  const qualifiers = qualifiersBefore(source, wordStart);
  const previous = lastTokenBefore(tokens, qualifiers.start);
  const refs = () => tableRefs(tokens, context);

  if (source.slice(qualifiers.start - 2, qualifiers.start) === '@@') {
    const names = qualifiers.names;
    if (names.length === 0 || (names.length === 1 && VARIABLE_SCOPES.has(names[0].toUpperCase()))) {
      return { replaceStart, items: variableItems(context) };
    }
    return none;
  }
  if (qualifiers.names.length === 2) {
    const [database, table] = qualifiers.names;
    return { replaceStart, items: columnItems(context.schema.table(database, table)) };
  }
  if (qualifiers.names.length === 1) {
    return { replaceStart, items: qualifiedItems(qualifiers.names[0], refs(), context) };
  }
  if (isSetVariablePosition(tokens, previous)) {
    const items = variableItems(context);
    if (previous?.value === 'SET') items.push(...['SESSION', 'GLOBAL'].map((label): SqlCompletionItem => ({ label, kind: 'keyword' })));
    return { replaceStart, items };
  }
  if (previous?.kind === 'word' && previous.value === 'USE') return { replaceStart, items: databaseItems(context) };
  if (isTablePosition(tokens, previous)) {
    return { replaceStart, items: [...tableItems(context.schema.tablesOf(context.defaultDatabase ?? '')), ...databaseItems(context)] };
  }
  const found = refs();
  const items: SqlCompletionItem[] = [];
  const seen = new Set<string>();
  for (const ref of found) {
    for (const column of ref.table?.columns ?? []) {
      const key = column.name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ label: column.name, kind: 'column', detail: `${column.type} · ${ref.table?.name ?? ref.name}` });
    }
    if (ref.alias) items.push({ label: ref.alias, kind: 'alias', detail: ref.table ? `${ref.table.schema}.${ref.table.name}` : ref.name });
  }
  if (found.length === 0) items.push(...tableItems(context.schema.tablesOf(context.defaultDatabase ?? '')));
  items.push(...keywordItems());
  return { replaceStart, items };
}

/** The statement around the cursor (to its end, so a FROM after the cursor counts) and where it starts. */
function statementAround(text: string, offset: number): { start: number; source: string } {
  let found: { start: number; end: number } | undefined;
  for (const statement of splitStatements(text)) {
    if (statement.start > offset) break;
    found = statement;
  }
  if (!found) return { start: offset, source: '' };
  if (offset <= found.end) return { start: found.start, source: text.slice(found.start, found.end) };
  const between = text.slice(found.end, offset);
  // a `;` after the statement: the cursor starts a new one
  if (between.includes(';')) return { start: offset, source: '' };
  return { start: found.start, source: text.slice(found.start, offset) };
}

function tokenize(source: string): Token[] {
  const state = newLexState();
  const tokens: Token[] = [];
  let pos = 0;
  for (let token = lexToken(source, pos, state); token; token = lexToken(source, pos, state)) {
    pos = token.end;
    if (token.kind === 'space') continue;
    const raw = source.slice(token.start, token.end);
    const name = token.kind === 'identifier' ? raw.slice(1, token.closed ? -1 : undefined).replace(/``/g, '`') : raw;
    tokens.push({ ...token, value: token.kind === 'word' ? raw.toUpperCase() : name, name });
  }
  return tokens;
}

function wordStartBefore(source: string, local: number): number {
  let i = local;
  while (i > 0 && isWordChar(source.charCodeAt(i - 1))) i--;
  return i;
}

/** `db.t.` or `alias.` before the word: the names, outermost first, and where the chain starts. */
function qualifiersBefore(source: string, wordStart: number): { names: string[]; start: number } {
  const names: string[] = [];
  let start = wordStart;
  while (names.length < 2 && source[start - 1] === '.') {
    const dot = start - 1;
    if (source[dot - 1] === '`') {
      const open = source.lastIndexOf('`', dot - 2);
      if (open === -1) break;
      names.unshift(source.slice(open + 1, dot - 1).replace(/``/g, '`'));
      start = open;
    } else {
      const nameStart = wordStartBefore(source, dot);
      if (nameStart === dot) break;
      names.unshift(source.slice(nameStart, dot));
      start = nameStart;
    }
  }
  return { names, start };
}

function lastTokenBefore(tokens: readonly Token[], local: number): Token | undefined {
  let found: Token | undefined;
  for (const token of tokens) {
    if (token.end > local) break;
    if (token.kind !== 'comment') found = token;
  }
  return found;
}

function isSetVariablePosition(tokens: readonly Token[], previous: Token | undefined): boolean {
  const first = tokens.find((token) => token.kind !== 'comment');
  if (first?.kind !== 'word' || first.value !== 'SET' || !previous) return false;
  return (previous.kind === 'word' && (previous.value === 'SET' || VARIABLE_SCOPES.has(previous.value))) || previous.value === ',';
}

function isTablePosition(tokens: readonly Token[], previous: Token | undefined): boolean {
  if (!previous) return false;
  if (previous.kind === 'word' && TABLE_KEYWORDS.has(previous.value)) return true;
  if (previous.value !== ',') return false;
  // `FROM a, |`: the last clause keyword before the comma is FROM
  for (let i = tokens.indexOf(previous) - 1; i >= 0; i--) {
    const token = tokens[i];
    if (token.kind !== 'word') continue;
    if (token.value === 'FROM') return true;
    if (['SELECT', 'WHERE', 'ON', 'SET', 'GROUP', 'ORDER', 'BY', 'HAVING', 'VALUES'].includes(token.value)) return false;
  }
  return false;
}

/** The tables the statement names (FROM, JOIN, UPDATE, INTO), with their aliases. */
function tableRefs(tokens: readonly Token[], context: SqlCompletionContext): TableRef[] {
  const refs: TableRef[] = [];
  const isName = (token: Token | undefined) =>
    token !== undefined &&
    (token.kind === 'identifier' || (token.kind === 'word' && !NOT_ALIAS.has(token.value) && !TABLE_KEYWORDS.has(token.value)));
  for (let i = 0; i < tokens.length; i++) {
    const keyword = tokens[i];
    if (keyword.kind !== 'word' || !TABLE_KEYWORDS.has(keyword.value)) continue;
    let j = i + 1;
    for (;;) {
      const first = tokens[j];
      if (!isName(first)) break;
      let database: string | undefined;
      let name = first.name;
      j++;
      if (tokens[j]?.value === '.' && isName(tokens[j + 1])) {
        database = name;
        name = tokens[j + 1].name;
        j += 2;
      }
      let alias: string | undefined;
      if (tokens[j]?.kind === 'word' && tokens[j].value === 'AS' && isName(tokens[j + 1])) {
        alias = tokens[j + 1].name;
        j += 2;
      } else if (isName(tokens[j]) && tokens[j + 1]?.value !== '.') {
        alias = tokens[j].name;
        j++;
      }
      refs.push({ table: lookUpTable(context, database, name), name, alias });
      if (keyword.value !== 'FROM' || tokens[j]?.value !== ',') break;
      j++;
    }
  }
  return refs;
}

function lookUpTable(context: SqlCompletionContext, database: string | undefined, name: string): CompletionTable | undefined {
  if (database !== undefined) return context.schema.table(database, name);
  if (context.defaultDatabase) {
    const table = context.schema.table(context.defaultDatabase, name);
    if (table) return table;
  }
  const named = context.schema.tablesNamed(name);
  return named.length === 1 ? named[0] : undefined;
}

/** After `x.`: columns of the table or alias x of the statement, else tables of database x, else columns of table x. */
function qualifiedItems(qualifier: string, refs: readonly TableRef[], context: SqlCompletionContext): SqlCompletionItem[] {
  const lower = qualifier.toLowerCase();
  const aliased = refs.find((candidate) => candidate.alias?.toLowerCase() === lower);
  if (aliased) return columnItems(aliased.table);
  const named = refs.find((candidate) => candidate.alias === undefined && candidate.table && candidate.name.toLowerCase() === lower);
  if (named) return columnItems(named.table);
  if (context.schema.databases.some((database) => database.toLowerCase() === lower)) return tableItems(context.schema.tablesOf(qualifier));
  return columnItems(lookUpTable(context, context.defaultDatabase ?? undefined, qualifier) ?? lookUpTable(context, undefined, qualifier));
}

function columnItems(table: CompletionTable | undefined): SqlCompletionItem[] {
  return (table?.columns ?? []).map((column) => ({ label: column.name, kind: 'column', detail: `${column.type} · ${table?.name ?? ''}` }));
}

function tableItems(tables: readonly CompletionTable[]): SqlCompletionItem[] {
  return tables.map((table) => ({ label: table.name, kind: table.isView ? 'view' : 'table', detail: table.schema }));
}

function databaseItems(context: SqlCompletionContext): SqlCompletionItem[] {
  return context.schema.databases.map((database) => ({ label: database, kind: 'database' }));
}

function variableItems(context: SqlCompletionContext): SqlCompletionItem[] {
  return (context.variables ?? []).map((name) => ({ label: name, kind: 'variable' }));
}

let keywordList: SqlCompletionItem[] | undefined;
function keywordItems(): SqlCompletionItem[] {
  keywordList ??= SQL_KEYWORDS.map((label) => ({ label, kind: 'keyword' }));
  return keywordList;
}

/** Inside a hint comment: hints, or inside a hint's parentheses the statement's tables (and TIFLASH / TIKV for READ_FROM_STORAGE). */
function hintItems(before: string, refs: readonly TableRef[]): SqlCompletionItem[] {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < before.length; i++) {
    if (before[i] === '(') {
      if (depth === 0) open = i;
      depth++;
    } else if (before[i] === ')') depth = Math.max(0, depth - 1);
  }
  if (depth === 0) {
    return TIDB_OPTIMIZER_HINTS.map((hint) => ({ label: hint.name, kind: 'hint', detail: hint.summary, snippet: hint.snippet }));
  }
  const hintName = /([A-Za-z_]+)\s*$/.exec(before.slice(0, open))?.[1]?.toUpperCase();
  const items: SqlCompletionItem[] = refs.map((ref) => ({
    label: ref.alias ?? ref.name,
    kind: ref.alias ? 'alias' : 'table',
    detail: ref.table ? `${ref.table.schema}.${ref.table.name}` : ref.name,
  }));
  if (hintName === 'READ_FROM_STORAGE' && !before.slice(open).includes('[')) {
    items.push({ label: 'TIFLASH', kind: 'keyword', snippet: 'TIFLASH[${1}]' }, { label: 'TIKV', kind: 'keyword', snippet: 'TIKV[${1}]' });
  }
  return items;
}
