// The results grid tab (Run Statement): what the host sends (a statement's run: every result set
// it returned, or its outcome, or the server's error; after it, the other statements of a Run
// Selection or Run File) and what the page asks for (copy, CSV export, the plan, run again).
import type { ResultSort } from '../core/sql/resultSort';
import type { StatementRunError, StatementRunResult } from '../core/sql/resultModel';
import type { PanelProtocol } from './webviewProtocol';

export type ResultGridRun = { ok: true; result: StatementRunResult } | { ok: false; error: StatementRunError };

/** One statement of the tab and what it returned. */
export interface ResultGridStatementRun {
  /** the statement as it was sent */
  statement: string;
  /** ISO time the statement was sent */
  ranAt: string;
  run: ResultGridRun;
}

export interface ResultGridContent extends ResultGridStatementRun {
  /** "<connection name> · <server>" */
  connection: string;
  /** the statements run after the first (Run Selection, Run File), in order; absent for one */
  more?: ResultGridStatementRun[];
  /** the statements of a selection or of the whole file ran (Run Again runs the file again; a selection is not kept) */
  batch?: 'selection' | 'file';
  /** statements not run after a failure ("stop") or a cancel, and the note that says so */
  notRun?: { count: number; note: string };
  /** TiDB: the page offers "Show Plan" (EXPLAIN of the statement in the plan view) */
  planLink: boolean;
  /** the setting that sets the row limit, named in the page */
  rowLimitSetting: string;
}

export type CopyScope = 'cell' | 'row' | 'selection';

/** What the page keeps (setState) so that its tab comes back after a window reload: small, no rows. */
export interface ResultGridTabState {
  /** the id the host keeps the tab's run under */
  tabId: string;
  /** the SQL document the statement came from */
  documentUri?: string;
  /** the statement, for Run Again when the rows were not kept (left out when very long) */
  statement?: string;
}

/** Every text the results grid shows besides the run's data, localized by the host (no vscode.l10n in a webview); `{0}`… are filled by the page. */
export interface ResultGridStrings {
  restored: string;
  /** "{0} rows affected" */
  rowsAffected: string;
  rowsAffectedOne: string;
  /** "last insert id {0}" */
  lastInsertId: string;
  rolledBack: string;
  /** what a tab restored without its statement shows in its place */
  aStatement: string;
  selectCellFirst: string;
  copiedCell: string;
  copiedRow: string;
  /** "Copied {0} cells." */
  copiedCells: string;
  copyCell: string;
  copyRow: string;
  copySelection: string;
  /** "{0} rows" */
  rows: string;
  rowsOne: string;
  /** "more than {0} (counting stopped)", {0} being a row count */
  moreThan: string;
  /** "Showing the first {0} of {1}. The row limit is the setting {2} ({3})." */
  showingFirst: string;
  exportCsv: string;
  showPlan: string;
  runAgain: string;
  warningsLabel: string;
  /** "{0} warnings (SHOW WARNINGS)" */
  warnings: string;
  warningsOne: string;
  /** "Error {0}", {0} being the server's error number */
  errorNumber: string;
  error: string;
  /** "Result {0} of {1}": a result set of a statement that returned several */
  resultSet: string;
  /** "Statement {0} of {1}" */
  statementNumber: string;
  /** the grid's accessible name */
  gridLabel: string;
  /** a column header's tooltip: "{0} ({1}) — click to sort", name and type */
  sortTitle: string;
}

/** What a results grid tab shows: a run, or (a tab restored after a reload) a note that its rows were not kept. */
export type ResultGridShow =
  | {
      kind: 'run';
      keep: ResultGridTabState;
      /** the statement's SQL document is known: the page offers Run Again */
      canRunAgain: boolean;
      content: ResultGridContent;
      /** the tab came back after a window reload: the rows are those of the time it ran */
      restored?: boolean;
      strings: ResultGridStrings;
    }
  | { kind: 'notKept'; keep: ResultGridTabState; canRunAgain: boolean; statement: string; message: string; strings: ResultGridStrings };

export interface ResultGridToWebview {
  show: ResultGridShow;
}

export interface ResultGridToHost {
  /** text the page built (tab-separated); the host puts it on the clipboard and confirms */
  copy: { text: string; scope: CopyScope; cells: number };
  /** the rows kept, in the grid's order, to a CSV file the user picks */
  exportCsv: { sort: ResultSort | null; statement?: number; answer?: number };
  showPlan: null;
  /** runs the statement again, where it is now in its SQL document */
  runAgain: null;
}

export type ResultGridProtocol = PanelProtocol<ResultGridToWebview, ResultGridToHost>;

export function isResultSort(value: unknown): value is ResultSort {
  if (typeof value !== 'object' || value === null) return false;
  const { column, direction } = value as { column?: unknown; direction?: unknown };
  return Number.isInteger(column) && (column as number) >= 0 && (direction === 'asc' || direction === 'desc');
}
