// Which columns of the plan table fit the width it has: the most useful first (each column's
// priority), so a narrow editor group (the default beside the SQL file) shows whole columns, not
// a clipped Estimate column at its edge. What a hidden column says is in the details pane.

export interface FittedColumn {
  key: string;
  /** 0 is always shown; higher numbers are dropped first */
  priority: number;
  /** the least width the column is drawn at */
  minPx: number;
}

/**
 * The keys of the columns to draw: by priority while they fit, stopping at the first that does not
 * (a narrow column of less use never takes the place of a wider, more useful one).
 */
export function fitColumns(columns: readonly FittedColumn[], widthPx: number): Set<string> {
  const shown = new Set<string>();
  let used = 0;
  for (const column of [...columns].sort((a, b) => a.priority - b.priority)) {
    if (column.priority !== 0 && used + column.minPx > widthPx) break;
    shown.add(column.key);
    used += column.minPx;
  }
  return shown;
}
