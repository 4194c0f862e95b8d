// Column widths of the results grid, in ch, from the header and every kept row (at most the
// tidbLab.results.rowLimit setting's 100,000): a sort must not bring longer values into view than
// the widths were made for, as a sample of the first rows did. A number is never cut (its column
// is as wide as its longest value); a text column is capped, so one long text does not take the
// width. Each track holds the value, the cell's padding (1ch each side, main.css) and 1ch for its
// border: a track of just the value's length cut a 6-digit `k` to "50…".
import type { ResultCell, ResultColumn } from '../../src/core/sql/resultModel';

const MIN_CH = 4;
/** the widest a text column gets; longer values end in "…" (the whole value is in the cell's tooltip) */
export const MAX_TEXT_CH = 48;
/** padding (1ch each side) and the border (1px, rounded up to 1ch) */
const CELL_EXTRA_CH = 3;

export function columnTemplate(columns: readonly ResultColumn[], rows: readonly (readonly ResultCell[])[]): string {
  const numberWidth = `${Math.max(3, String(rows.length).length) + CELL_EXTRA_CH}ch`;
  const widths = columns.map((column, index) => {
    let longest = column.name.length + 2;
    for (const row of rows) longest = Math.max(longest, (row[index] ?? 'NULL').length);
    const content = Math.max(longest, MIN_CH);
    return `${(column.numeric ? content : Math.min(content, MAX_TEXT_CH)) + CELL_EXTRA_CH}ch`;
  });
  return [numberWidth, ...widths].join(' ');
}
