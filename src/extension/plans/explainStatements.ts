// Which statements of a SQL file can be explained, which one the cursor or selection means, and
// the EXPLAIN statement each server takes. No vscode here: offsets in, SQL out.
import type { ServerFlavor } from '../../core/db/serverFlavor';
import { splitStatements, statementAt, stripLeadingComments, type SqlStatement } from '../../core/sql/statementSplitter';
import { isExplainable, statementKind, type StatementKind } from '../../core/sql/statementKind';

export interface ExplainTarget {
  /**
   * the statement as written, without its delimiter and without the comments above it (a note
   * about the statement is not part of what runs, of the plan's title or of its hover)
   */
  text: string;
  /** offsets of the statement (from its SQL, after leading comments) in the document */
  start: number;
  end: number;
  /** where the SQL itself starts, after leading comments: the CodeLens line (= start) */
  codeStart: number;
  kind: StatementKind;
}

export type ExplainMode = 'explain' | 'analyze';

export interface ExplainPlanRequest {
  sql: string;
  /** the statement runs (EXPLAIN ANALYZE, MariaDB's ANALYZE) */
  executes: boolean;
  /** it runs and it is INSERT / UPDATE / DELETE / REPLACE: it changes data */
  changesData: boolean;
}

export function explainTargets(source: string): ExplainTarget[] {
  return splitStatements(source).map((statement) => target(statement));
}

/** The statements that get "Explain" / "Explain Analyze" CodeLenses. */
export function explainableTargets(source: string): ExplainTarget[] {
  return explainTargets(source).filter((candidate) => isExplainable(candidate.text));
}

/**
 * The statement a command means: the one under the cursor, or, with a selection, the first
 * statement of the selected text (offsets still point into the document).
 */
export function targetAt(source: string, selectionStart: number, selectionEnd: number): ExplainTarget | undefined {
  if (selectionEnd > selectionStart) {
    const selected = splitStatements(source.slice(selectionStart, selectionEnd))[0];
    if (selected) return target({ text: selected.text, start: selected.start + selectionStart, end: selected.end + selectionStart });
  }
  const statement = statementAt(splitStatements(source), selectionStart);
  return statement ? target(statement) : undefined;
}

/** Every statement of the selected text (Run Selection), offsets into the document. */
export function targetsIn(source: string, selectionStart: number, selectionEnd: number): ExplainTarget[] {
  return splitStatements(source.slice(selectionStart, selectionEnd)).map((statement) =>
    target({ text: statement.text, start: statement.start + selectionStart, end: statement.end + selectionStart }),
  );
}

/** The statement that finds the target's plan on this server; an EXPLAIN the user wrote runs as written. */
export function explainRequest(target: Pick<ExplainTarget, 'text' | 'kind'>, mode: ExplainMode, flavor: ServerFlavor): ExplainPlanRequest {
  const body = stripLeadingComments(target.text);
  if (target.kind === 'explain') {
    const analyzed = /^(?:EXPLAIN|DESC|DESCRIBE)\s+ANALYZE\b/i.exec(body);
    const inner = analyzed ? body.slice(analyzed[0].length) : '';
    return {
      sql: body,
      executes: analyzed !== null,
      changesData: analyzed !== null && statementKind(inner.replace(/^\s*FORMAT\s*=\s*\S+/i, '')) === 'dml',
    };
  }
  const changesData = mode === 'analyze' && target.kind === 'dml';
  if (mode === 'explain') return { sql: `EXPLAIN ${body}`, executes: false, changesData: false };
  // MariaDB's EXPLAIN ANALYZE is spelled ANALYZE <statement>; TiDB and MySQL 8 say EXPLAIN ANALYZE.
  const sql = flavor === 'mariadb' ? `ANALYZE ${body}` : `EXPLAIN ANALYZE ${body}`;
  return { sql, executes: true, changesData };
}

function target(statement: SqlStatement): ExplainTarget {
  const body = stripLeadingComments(statement.text);
  const codeStart = statement.end - body.length;
  return { text: body, start: codeStart, end: statement.end, codeStart, kind: statementKind(body) };
}
