// Columns separated by spaces only (slow log, `tidb_decode_plan()`, text copied from a
// rendered table). Cells hold single spaces, so runs of two or more spaces separate
// columns; where a cell overflowed its column and left one space, the header positions decide.

export interface AlignedHeader {
  names: string[];
  starts: number[];
}

interface Token {
  text: string;
  start: number;
  end: number;
}

const TOKEN = /\S+(?: \S+)*/g;

function tokens(line: string): Token[] {
  const found: Token[] = [];
  for (const match of line.matchAll(TOKEN)) {
    found.push({ text: match[0], start: match.index ?? 0, end: (match.index ?? 0) + match[0].length });
  }
  return found;
}

/**
 * `splitNames` breaks a token that holds several column names separated by one space
 * (the slow log prints `estRows operator info`) into those names.
 */
export function readAlignedHeader(line: string, splitNames: (text: string) => string[] | null): AlignedHeader {
  const names: string[] = [];
  const starts: number[] = [];
  for (const token of tokens(line.replace(/\t/g, '  '))) {
    let start = token.start;
    for (const name of splitNames(token.text) ?? [token.text]) {
      names.push(name);
      starts.push(start);
      start += name.length + 1;
    }
  }
  return { names, starts };
}

/** Distance in characters a split point may sit from where the header puts the column. */
const SPLIT_TOLERANCE = 10;

/**
 * `offset` is how far the rows sit to the right of the header (the slow log indents
 * rows but not its header).
 */
export function splitAlignedRow(line: string, header: AlignedHeader, offset: number): string[] {
  const width = header.names.length;
  const found = tokens(line.replace(/\t/g, '  '));
  if (found.length === width) return found.map((token) => token.text);
  const targets = header.starts.map((start) => start + offset);
  const cells = new Array<string>(width).fill('');
  const owner = new Array<Token | null>(width).fill(null);
  let column = -1;
  found.forEach((token, k) => {
    const latest = width - (found.length - k);
    let best = Math.min(column + 1, width - 1);
    for (let j = best; j <= Math.max(best, latest); j++) {
      if (Math.abs(token.start - targets[j]) <= Math.abs(token.start - targets[best])) best = j;
    }
    column = best;
    if (owner[column] === null) {
      owner[column] = token;
      cells[column] = token.text;
    } else {
      cells[column] += ` ${token.text}`;
    }
  });
  // A cell that ran past its column leaves one space before the next value: split it there.
  for (let j = 1; j < width; j++) {
    const previous = owner[j - 1];
    if (owner[j] !== null || previous === null || previous.end < targets[j] - SPLIT_TOLERANCE) continue;
    const split = nearestSpace(previous, targets[j]);
    if (split === null) continue;
    cells[j - 1] = previous.text.slice(0, split - previous.start - 1);
    cells[j] = previous.text.slice(split - previous.start);
    owner[j] = { text: cells[j], start: split, end: previous.end };
    owner[j - 1] = { text: cells[j - 1], start: previous.start, end: split - 1 };
  }
  return cells;
}

function nearestSpace(token: Token, target: number): number | null {
  let best: number | null = null;
  for (let i = 1; i < token.text.length; i++) {
    if (token.text[i - 1] !== ' ') continue;
    const position = token.start + i;
    if (Math.abs(position - target) > SPLIT_TOLERANCE) continue;
    if (best === null || Math.abs(position - target) < Math.abs(best - target)) best = position;
  }
  return best;
}
