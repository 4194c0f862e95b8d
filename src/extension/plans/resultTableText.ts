// A result set as the mysql client prints it (`+----+` borders, `| cell |` rows): the raw text of
// a plan that arrived as rows, for the Raw tab and for copying. Multi-line cells (FORMAT='dot')
// keep their lines inside one cell, as the client does.

export function resultTableText(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const table = [columns, ...rows].map((row) => columns.map((_, i) => row[i] ?? ''));
  const widths = columns.map((_, i) =>
    table.reduce((widest, row) => row[i].split('\n').reduce((w, part) => Math.max(w, displayWidth(part)), widest), 0),
  );
  const border = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  const line = (row: readonly string[]) => {
    const cellLines = row.map((cell) => cell.split('\n'));
    const height = Math.max(...cellLines.map((cell) => cell.length));
    return Array.from({ length: height }, (_, k) => `| ${cellLines.map((cell, i) => pad(cell[k] ?? '', widths[i])).join(' | ')} |`).join(
      '\n',
    );
  };
  return [border, line(table[0]), border, ...table.slice(1).map(line), border].join('\n');
}

/** The tree glyphs and µ are one column wide, like every other character the plans hold. */
function displayWidth(text: string): number {
  return [...text].length;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
