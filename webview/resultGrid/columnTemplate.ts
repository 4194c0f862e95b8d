// Column widths of the results grid, in ch, from the header and every kept row (at most the
// tidbLab.results.rowLimit setting's 100,000): a sort must not bring longer values into view than
// the widths were made for, as a sample of the first rows did.
import type { ResultCell, ResultColumn } from '../../src/core/sql/resultModel';

const MIN_CH = 4;
const MAX_CH = 48;

export function columnTemplate(columns: readonly ResultColumn[], rows: readonly (readonly ResultCell[])[]): string {
  const numberWidth = `${Math.max(3, String(rows.length).length) + 2}ch`;
  const widths = columns.map((column, index) => {
    let longest = column.name.length + 2;
    for (const row of rows) longest = Math.max(longest, (row[index] ?? 'NULL').length);
    const ch = Math.min(Math.max(longest, MIN_CH), MAX_CH) + 2;
    return `${ch}ch`;
  });
  return [numberWidth, ...widths].join(' ');
}
