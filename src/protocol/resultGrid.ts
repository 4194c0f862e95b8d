// The results grid tab (Run Statement): what the host sends (one statement's run: its rows or
// outcome, or the server's error) and what the page asks for (copy, CSV export, the plan).
import type { ResultSort } from '../core/sql/resultSort';
import type { StatementRunError, StatementRunResult } from '../core/sql/resultModel';
import type { PanelProtocol } from './webviewProtocol';

export interface ResultGridContent {
  /** the statement as it was sent */
  statement: string;
  /** "<connection name> · <server>" */
  connection: string;
  /** ISO time the statement was sent */
  ranAt: string;
  run: { ok: true; result: StatementRunResult } | { ok: false; error: StatementRunError };
  /** TiDB: the page offers "Show Plan" (EXPLAIN of the statement in the plan view) */
  planLink: boolean;
  /** the setting that sets the row limit, named in the page */
  rowLimitSetting: string;
}

export type CopyScope = 'cell' | 'row' | 'selection';

export interface ResultGridToWebview {
  show: ResultGridContent;
}

export interface ResultGridToHost {
  /** text the page built (tab-separated); the host puts it on the clipboard and confirms */
  copy: { text: string; scope: CopyScope; cells: number };
  /** the rows kept, in the grid's order, to a CSV file the user picks */
  exportCsv: { sort: ResultSort | null };
  showPlan: null;
  runAgain: null;
}

export type ResultGridProtocol = PanelProtocol<ResultGridToWebview, ResultGridToHost>;

/** What the page keeps across hiding (VS Code stores it): the sort and the scroll. */
export interface ResultGridState {
  sort: ResultSort | null;
  scrollTop: number;
}

export function isResultSort(value: unknown): value is ResultSort {
  if (typeof value !== 'object' || value === null) return false;
  const { column, direction } = value as { column?: unknown; direction?: unknown };
  return Number.isInteger(column) && (column as number) >= 0 && (direction === 'asc' || direction === 'desc');
}
