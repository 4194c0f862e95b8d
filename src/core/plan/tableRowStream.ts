// The rows of a table handed to the tree builder one at a time: blank rows left out, psql's
// continuation rows merged into the row they continue, and each row's cells let go as soon as they
// are read, so a large paste never holds its cells and its operators at once.
import { isWhitespace } from './cellText';
import type { CellSource, PlanRowText } from './planNodeBuilder';

/** A row of a table as it was cut into cells. */
export interface CellRow {
  cells: string[];
  raw: string;
  executionInfoSource?: CellSource | null;
}

/** The rows of a list one at a time, each entry cleared as it is read: the caller hands the list over. */
export function handedOver(rows: (CellRow | undefined)[]): () => CellRow | undefined {
  let next = 0;
  return () => {
    if (next >= rows.length) return undefined;
    const row = rows[next];
    rows[next++] = undefined;
    return row;
  };
}

/** The plan rows of the table rows `nextRow` hands over (undefined after the last). */
export function tableRowStream(names: readonly string[], nextRow: () => CellRow | undefined): () => PlanRowText | undefined {
  const idColumn = names.findIndex((name) => name.trim().toLowerCase() === 'id');
  /** The next row that is not blank. */
  const take = (): PlanRowText | undefined => {
    for (let row = nextRow(); row !== undefined; row = nextRow()) {
      if (!row.cells.some(hasText)) continue;
      return {
        idCell: row.cells[idColumn] ?? '',
        columns: names,
        values: row.cells,
        raw: row.raw,
        executionInfoSource: row.executionInfoSource ?? null,
      };
    }
    return undefined;
  };
  let held = take();
  return () => {
    const row = held;
    if (row === undefined) return undefined;
    held = take();
    if (held === undefined || NOT_BLANK.test(held.idCell)) return row;
    // psql wraps a long value onto rows whose id cell is empty (marking the break with `+`): all the
    // rows continuing this one at once, so the growing values are not copied for each.
    const pieces = row.values.map((value) => [value]);
    const raw = [row.raw];
    for (; held !== undefined && !NOT_BLANK.test(held.idCell); held = take()) {
      for (let j = 0; j < pieces.length; j++) {
        const more = (held.values[j] ?? '').trim();
        if (more === '' || (row.columns[j] === held.columns[j] && row.columns[j].trim().toLowerCase() === 'id')) continue;
        const column = pieces[j];
        // The value so far loses its trailing spaces and psql's ` +` break mark; a lone `+` after a break is that mark.
        if (column.length > 1 && column[column.length - 1] === '+') column.pop();
        else column[column.length - 1] = column[column.length - 1].trimEnd().replace(/\s\+$/, '');
        column.push(more);
      }
      raw.push(held.raw);
    }
    return { ...row, values: pieces.map((column) => column.join(' ')), raw: raw.join('\n'), executionInfoSource: null };
  };
}

const NOT_BLANK = /\S/;

function hasText(cell: string): boolean {
  for (let i = 0; i < cell.length; i++) if (!isWhitespace(cell.charCodeAt(i))) return true;
  return false;
}
