// Tables drawn with `|`: the mysql client (`+---+` borders), GitHub markdown (`|---|`),
// psql and web SQL editors (no outer borders, `---+---` rules).

/** `+---+---+`, `|---|:--:|`, `----+----`, `====`: a line that only draws the table. */
export function isRuleLine(line: string): boolean {
  return RULE_LINE.test(line) && /[-=]/.test(line) && line.trim().length >= 2;
}

const RULE_LINE = /^[-+|:=\s]+$/;

/** Columns of the `+` (or `|`) joints of a `+---+---+` rule, used to cut rows at exact positions. */
export function ruleJoints(line: string): number[] | null {
  const trimmedStart = line.length - line.trimStart().length;
  if (line[trimmedStart] !== '+' && line[trimmedStart] !== '|') return null;
  const joints: number[] = [];
  for (let i = 0; i < line.length; i++) if (line[i] === '+' || line[i] === '|') joints.push(i);
  return joints.length >= 2 ? joints : null;
}

/**
 * Cuts a bordered row at the rule's joints when every joint falls on a `|`, so a `|` inside
 * a cell (user text in operator info) does not split it. Null when the row does not line up.
 */
export function splitAtJoints(line: string, joints: readonly number[]): string[] | null {
  const end = line.trimEnd().length;
  if (joints[joints.length - 1] !== end - 1) return null;
  for (const joint of joints) if (line[joint] !== '|') return null;
  const cells = new Array<string>(joints.length - 1);
  for (let i = 0; i + 1 < joints.length; i++) cells[i] = line.slice(joints[i] + 1, joints[i + 1]);
  return cells;
}

/** Splits on `|` (markdown's `\|` stays text). With outer borders the first and last `|` are dropped. */
export function splitPipeCells(line: string, outerBorders: boolean): string[] {
  let text = line.trimEnd();
  if (outerBorders) {
    const start = text.length - text.trimStart().length;
    if (text[start] === '|') text = text.slice(start + 1);
    if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  }
  // Each cell is sliced out of the line whole: built up a character at a time, every cell was a fresh
  // copy (kept alive by what is trimmed from it) and a chain of garbage strings as long as the cell.
  const cells: string[] = [];
  let current = '';
  let start = 0;
  for (let bar = text.indexOf('|'); bar !== -1; bar = text.indexOf('|', bar + 1)) {
    if (bar > 0 && text.charCodeAt(bar - 1) === BACKSLASH) {
      current += `${text.slice(start, bar - 1)}|`;
    } else {
      cells.push(current === '' ? text.slice(start, bar) : current + text.slice(start, bar));
      current = '';
    }
    start = bar + 1;
  }
  cells.push(current === '' ? text.slice(start) : current + text.slice(start));
  return cells;
}

const BACKSLASH = 0x5c;

/** Pads or folds a row's cells to `width`; surplus cells came from `|` inside a text cell. */
export function fitCells(cells: readonly string[], width: number, textColumn: number): string[] {
  if (cells.length === width) return cells as string[];
  if (cells.length < width) return [...cells, ...new Array<string>(width - cells.length).fill('')];
  const surplus = cells.length - width;
  const column = textColumn >= 0 && textColumn < width ? textColumn : width - 1;
  return [...cells.slice(0, column), cells.slice(column, column + surplus + 1).join('|'), ...cells.slice(column + surplus + 1)];
}
