// Reads a plan from any text a user may paste: the mysql client table, borderless and
// psql-style tables, markdown, tab-separated, space-aligned (slow log, tidb_decode_plan),
// `\G` vertical output, FORMAT='tidb_json', FORMAT='dot' and TiDB Dashboard's visual plan JSON.
// Never throws: whatever cannot be read becomes a warning.
import { readAlignedHeader, splitAlignedRow, type AlignedHeader } from './alignedColumns';
import { isWhitespace } from './cellText';
import { looksLikeDashboardPlan, readDashboardPlan } from './dashboardVisualPlan';
import { readDotPlan, looksLikeDot } from './dotPlan';
import { fieldForColumn, guessColumns, layoutOfColumns, looksLikePlanHeader, splitColumnNames } from './planColumns';
import type { ParsedPlan, PlanColumnLayout, PlanFormat } from './planModel';
import type { CellSource, PlanRowText } from './planNodeBuilder';
import { finishParsedPlan, emptyPlan } from './parsedPlan';
import { fitCells, isRuleLine, ruleJoints, splitAtJoints, splitPipeCells } from './pipeTable';
import { buildPlanTree } from './planTreeBuilder';
import { joinWrapped, WrappedText } from './wrappedText';
import { handedOver, tableRowStream, type CellRow } from './tableRowStream';
import { readTidbJsonPlan, looksLikeTidbJson } from './tidbJsonPlan';
import { isVerticalOutput, readVerticalRecords } from './verticalOutput';

/** A `\G` record holding a whole plan (tidb_decode_plan) is read again as text, once. */
const MAX_NESTED_READS = 2;

/**
 * The longest text read as a plan, in characters. The largest real plans are a few MB; reading one
 * takes some 12 times its length in memory at its peak (short rows, mostly the operators themselves),
 * so a text much larger would take gigabytes of the editor's memory for a plan no one can read.
 */
export const MAX_PLAN_TEXT_CHARS = 64 * 1024 * 1024;

export function parsePlanText(text: string): ParsedPlan {
  try {
    const input = typeof text === 'string' ? text : String(text);
    if (input.length > MAX_PLAN_TEXT_CHARS) {
      return emptyPlan([
        `The plan text is ${megabytes(input.length)} MB, more than the ${megabytes(MAX_PLAN_TEXT_CHARS)} MB a plan is read up to; ` +
          'it was not read. Give the plan alone (the EXPLAIN output, without what surrounds it).',
      ]);
    }
    return readPlanText(input, 0);
  } catch (error) {
    return emptyPlan([`Internal error while reading the plan: ${error instanceof Error ? error.message : String(error)}`]);
  }
}

/** Characters as MB (of 2^20), one decimal. */
function megabytes(chars: number): string {
  return (chars / (1024 * 1024)).toFixed(1);
}

function readPlanText(input: string, nesting: number): ParsedPlan {
  let text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  if (text.trim() === '') return emptyPlan(['The plan text is empty.']);
  const warnings: string[] = [];
  if (looksLikeDot(text)) return finishParsedPlan('dot', 'dot', readDotPlan(text, warnings), warnings);
  if (looksLikeDashboardPlan(text)) {
    const visual = readDashboardPlan(text, warnings);
    if (visual !== null) return finishParsedPlan('dashboard-visual-plan', 'binary-plan', visual.roots, warnings);
  }
  if (looksLikeTidbJson(text)) {
    const roots = readTidbJsonPlan(text, warnings);
    if (roots !== null) return finishParsedPlan('tidb_json', 'tidb_json', roots, warnings);
    warnings.push("The text looks like FORMAT='tidb_json' but is not valid JSON; it was read as a table.");
  }
  const table = tableLines(text);
  if (isVerticalOutput(table.lines)) return readVertical(table.lines, nesting, warnings);
  return readTable(table, warnings);
}

/** The lines of a table (prompts, footers and blank lines left out), where each starts in the text and its line number. */
interface TableText {
  text: string;
  lines: readonly string[];
  lineStarts: readonly number[];
  lineNumbers: readonly number[];
}

/**
 * The lines of the text that are not noise, with where each starts and its line number: text.split('\n')
 * filtered, in one pass. The newlines are found by indexOf(): split() walks a string holding tree
 * glyphs (two bytes a character) one character at a time, indexOf() several times faster.
 */
function tableLines(text: string): TableText {
  const lines: string[] = [];
  const lineStarts: number[] = [];
  const lineNumbers: number[] = [];
  for (let start = 0, number = 1; start <= text.length; number++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    if (!isNoiseLine(line)) {
      lines.push(line);
      lineStarts.push(start);
      lineNumbers.push(number);
    }
    start = end + 1;
  }
  return { text, lines, lineStarts, lineNumbers };
}

const NOISE_START = /^\s*(?:$|--|mysql|tidb|MySQL|\d|\(|Query|Empty|Warning)/i;

/** Prompts, SQL comments, footers and blank lines around a pasted plan. */
function isNoiseLine(line: string): boolean {
  if (!NOISE_START.test(line)) return false;
  const trimmed = line.trim();
  return (
    trimmed === '' ||
    /^--(?:\s|$)/.test(trimmed) ||
    /^(?:mysql|tidb|MySQL \[[^\]]*\])>/i.test(trimmed) ||
    /^\d+ rows? in set\b/i.test(trimmed) ||
    /^\(\d+ rows?\)$/i.test(trimmed) ||
    /^(?:Query OK|Empty set|Warnings?:)/i.test(trimmed)
  );
}

function readVertical(lines: readonly string[], nesting: number, warnings: string[]): ParsedPlan {
  const rows: PlanRowText[] = [];
  const names: string[] = [];
  for (const record of readVerticalRecords(lines)) {
    const idField = record.fields.find(([key]) => key.toLowerCase() === 'id');
    if (idField === undefined) {
      const [only] = record.fields;
      if (record.fields.length === 1 && only[1].includes('\n') && nesting < MAX_NESTED_READS) {
        const inner = readPlanText(only[1], nesting + 1);
        return { ...inner, format: 'vertical', warnings: [...warnings, ...inner.warnings] };
      }
      warnings.push('Skipped a \\G record without an id field.');
      continue;
    }
    for (const [key] of record.fields) if (!names.includes(key)) names.push(key);
    rows.push({
      idCell: idField[1],
      columns: record.fields.map(([key]) => (key === idField[0] ? 'id' : key)),
      // A value broken over lines by the tool it was copied from is one cell: join it back.
      values: record.fields.map(([, value]) => joinedLines(value)),
      raw: record.fields.map(([key, value]) => `${key}: ${value}`).join('\n'),
    });
  }
  return finishParsedPlan('vertical', layoutOfColumns(names), buildPlanTree(rows, warnings), warnings);
}

/** A value broken over lines, joined back into one line. */
function joinedLines(value: string): string {
  if (!value.includes('\n')) return value;
  const [first, ...rest] = value.split('\n');
  const joined = new WrappedText(first);
  for (const line of rest) joined.append(line);
  return joined.toString();
}

type Delimiter = 'pipe' | 'tab' | 'aligned';

interface TableHeader {
  line: number;
  delimiter: Delimiter;
  names: string[];
  outerBorders: boolean;
  aligned: AlignedHeader | null;
  /** tidb_decode_plan() starts every line with a tab. */
  leadingTabs?: number;
}

function readTable(table: TableText, warnings: string[]): ParsedPlan {
  const { lines } = table;
  const header = findHeader(lines);
  if (header === null) return readHeaderlessTable(lines, warnings);
  const bodyStart = header.line + 1;
  const format = tableFormat(header, lines);
  let nextRow: () => CellRow | undefined;
  let ended: TableEnd = { end: null };
  if (header.delimiter === 'pipe') {
    // Read as the operators are made: the cells of a row die young, instead of all the rows' cells
    // living beside all the operators (a large paste's peak memory was both).
    const reading = pipeRows(table, header);
    nextRow = () => {
      const step = reading.next();
      if (step.done !== true) return step.value;
      ended = step.value;
      return undefined;
    };
  } else {
    const read =
      header.delimiter === 'tab'
        ? tabRows(lines.slice(bodyStart), header.names.length, header.leadingTabs ?? 0)
        : alignedRows(lines.slice(bodyStart), header.aligned as AlignedHeader);
    ended = read;
    nextRow = handedOver(read.rows);
  }
  const rowWarnings: string[] = [];
  const roots = buildPlanTree(tableRowStream(header.names, nextRow), rowWarnings);
  // Where the plan ended comes before what its rows said, as when the rows were read first.
  const { end, unterminatedRow } = ended;
  if (end !== null)
    warnings.push(ignoredLinesNote(table, bodyStart + end, unterminatedRow === undefined ? null : bodyStart + unterminatedRow));
  for (const warning of rowWarnings) warnings.push(warning);
  return finishParsedPlan(format, layoutOfColumns(header.names), roots, warnings);
}

/** Where the plan stopped when text that is not plan rows follows it. */
interface TableEnd {
  /** Index in the body of the first line after the plan, null when the plan runs to the end. */
  end: number | null;
  /** Index in the body of a row that was never closed with `|`: the lines after it were not read into it. */
  unterminatedRow?: number;
}

/** The rows of a table, and where the plan stopped. */
interface TableRows extends TableEnd {
  rows: CellRow[];
}

/** The parse note for the lines from `lineIndex` on, which are not part of the plan. */
function ignoredLinesNote(table: TableText, lineIndex: number, unterminatedRow: number | null): string {
  const count = table.lines.length - lineIndex;
  const lines = `${count.toLocaleString('en-US')} line${count === 1 ? '' : 's'}`;
  const from = table.lineNumbers[lineIndex];
  if (unterminatedRow !== null) {
    return (
      `Ignored ${lines} after the plan (from line ${from}): the row on line ${table.lineNumbers[unterminatedRow]} has no ` +
      "closing '|', so they were not read into its last cell."
    );
  }
  return `Ignored ${lines} after the plan (from line ${from}): they are not plan rows.`;
}

function findHeader(lines: readonly string[]): TableHeader | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (isRuleLine(line)) continue;
    if (line.includes('|')) {
      const outerBorders = line.trimStart().startsWith('|');
      const names = splitPipeCells(line, outerBorders).map((name) => name.trim());
      if (looksLikePlanHeader(names)) return { line: i, delimiter: 'pipe', names, outerBorders, aligned: null };
    }
    const unframed = line.replace(/^\s*\|/, '').replace(/\|\s*$/, '');
    if (unframed.includes('\t')) {
      const names = unframed.split('\t').map((name) => name.trim());
      let leadingTabs = 0;
      while (names.length > 0 && names[0] === '') {
        names.shift();
        leadingTabs++;
      }
      while (names.length > 0 && names[names.length - 1] === '') names.pop();
      if (looksLikePlanHeader(names)) return { line: i, delimiter: 'tab', names, outerBorders: false, aligned: null, leadingTabs };
    }
    const aligned = readAlignedHeader(unframed, splitColumnNames);
    if (looksLikePlanHeader(aligned.names)) {
      return { line: i, delimiter: 'aligned', names: aligned.names, outerBorders: false, aligned };
    }
  }
  return null;
}

function tableFormat(header: TableHeader, lines: readonly string[]): PlanFormat {
  if (header.delimiter === 'tab') return 'tab-separated';
  if (header.delimiter === 'aligned') return 'space-aligned';
  const rule = lines[header.line + 1] ?? '';
  if (/^\s*\|?\s*:?-{2,}/.test(rule) && rule.includes('|') && !rule.includes('+')) return 'markdown-table';
  const before = lines[header.line - 1] ?? '';
  return header.outerBorders && (isRuleLine(before) || isRuleLine(rule)) && rule.trim().startsWith('+')
    ? 'mysql-table'
    : header.outerBorders
      ? 'markdown-table'
      : 'pipe-table';
}

function* pipeRows(table: TableText, header: TableHeader): Generator<CellRow, TableEnd, undefined> {
  const allLines = table.lines;
  const bodyStart = header.line + 1;
  const body = allLines.slice(bodyStart);
  const width = header.names.length;
  const { outerBorders } = header;
  const executionInfoColumn = header.names.findIndex((name) => fieldForColumn(name) === 'executionInfo');
  const textColumn = header.names.findIndex((name) => name.toLowerCase() === 'operator info');
  const idColumn = header.names.findIndex((name) => name.trim().toLowerCase() === 'id');
  const ruleLine = [allLines[header.line - 1], allLines[header.line + 1]].find((line) => line !== undefined && isRuleLine(line));
  const joints = outerBorders && ruleLine !== undefined ? ruleJoints(ruleLine) : null;
  let rowCount = 0;
  for (let i = 0; i < body.length; i++) {
    const first = body[i];
    if (isRuleLine(first)) continue;
    // Text after the table (notes, a query, a log): a bordered row starts with `|`, an unbordered one has one.
    if (rowCount > 0 && !(outerBorders ? first.trimStart().startsWith('|') : first.includes('|'))) return { end: i };
    // A row broken over several lines (a wrapped paste or a cell holding a newline). Without outer borders the
    // row is complete once it has all its cells.
    let last = i;
    let cellCount = outerBorders ? width : splitPipeCells(first, false).length;
    if (outerBorders ? !endsWithPipe(first) : cellCount < width) {
      for (; last + 1 < body.length; last++) {
        const next = body[last + 1];
        if (outerBorders ? !continuesRow(next, true) || endsWithPipe(body[last]) : isRuleLine(next) || cellCount >= width) break;
        if (outerBorders || !next.includes('|')) continue;
        // Without outer borders, a raw line break inside a middle cell leaves the rest of the row, `|` and all,
        // on the next line: it belongs to this row when it is no row of its own and fills the row up to its width.
        const more = splitPipeCells(next, false);
        if (cellCount + more.length - 1 > width || startsOperatorRow(more[0])) break;
        cellCount += more.length - 1;
      }
      if (last + 1 === body.length && last > i && (outerBorders ? !endsWithPipe(body[last]) : cellCount < width)) {
        // The row never ends: the lines after it are other text, not the rest of its last cell.
        yield pipeRow(table, header, first, first, joints, width, textColumn, idColumn, executionInfoColumn, bodyStart + i);
        return { end: i + 1, unterminatedRow: i };
      }
    }
    let line = first;
    if (last > i) {
      const wrapped = new WrappedText(first);
      for (let k = i + 1; k <= last; k++) wrapped.append(body[k]);
      line = wrapped.toString();
    }
    yield pipeRow(table, header, line, last === i ? first : null, joints, width, textColumn, idColumn, executionInfoColumn, bodyStart + i);
    rowCount++;
    i = last;
  }
  return { end: null };
}

function endsWithPipe(line: string): boolean {
  return line.trimEnd().endsWith('|');
}

/** A line that may continue a row broken over several lines. */
function continuesRow(next: string, outerBorders: boolean): boolean {
  return outerBorders ? !next.trimStart().startsWith('|') && !isRuleLine(next) : !isRuleLine(next) && !next.includes('|');
}

/** The cells of one row; `unbrokenLine` is its line in the text when the row is not broken over several. */
function pipeRow(
  table: TableText,
  header: TableHeader,
  line: string,
  unbrokenLine: string | null,
  joints: number[] | null,
  width: number,
  textColumn: number,
  idColumn: number,
  executionInfoColumn: number,
  lineIndex: number,
): CellRow {
  const jointCells = joints !== null ? splitAtJoints(line, joints) : null;
  const lineCells = jointCells ?? splitPipeCells(line, header.outerBorders);
  const cells = fitCells(lineCells, width, textColumn);
  // Every reader of a value trims it anyway; trimmed now, the padded copies die at once instead of
  // staying alive (and being copied by the garbage collector) until the whole table is read.
  // The id cell keeps its indentation: it carries the tree depth.
  for (let j = 0; j < cells.length; j++) if (j !== idColumn) cells[j] = cells[j].trim();
  // An execution info cell cut out of an unbroken line at the rule's joints stands unchanged in the text.
  const unchanged =
    jointCells !== null &&
    jointCells.length === width &&
    unbrokenLine !== null &&
    executionInfoColumn >= 0 &&
    executionInfoColumn !== idColumn;
  const executionInfoSource = unchanged
    ? cellSource(table, lineIndex, (joints as number[])[executionInfoColumn] + 1, executionInfoColumn)
    : null;
  return { cells, raw: line, executionInfoSource };
}

/** The cell of `column` that starts after `cellStart` of line `lineIndex`, trimmed as trim() does, in the whole text. */
function cellSource(table: TableText, lineIndex: number, cellStart: number, column: number): CellSource {
  const line = table.lines[lineIndex];
  let start = cellStart;
  while (isWhitespace(line.charCodeAt(start))) start++;
  return { text: table.text, column, start: table.lineStarts[lineIndex] + start };
}

function tabRows(body: readonly string[], width: number, leadingTabs: number): TableRows {
  const rows: CellRow[] = [];
  for (let i = 0; i < body.length; i++) {
    const line = body[i];
    if (isRuleLine(line)) continue;
    const cells = line.split('\t');
    for (let k = 0; k < leadingTabs && cells.length > width && cells[0].trim() === ''; k++) cells.shift();
    if (rows.length > 0 && endsPlan(cells[0])) return { rows, end: i };
    // A raw line break inside a cell: the rest of the row is on the next line(s). Spreadsheets and GUI
    // clients copy such a cell in double quotes; a tool that only wrapped it leaves the row short.
    const raw = [line];
    for (let quotedLines = 0; i + 1 < body.length; i++) {
      const open = opensQuotedCell(cells[cells.length - 1]);
      if (open ? ++quotedLines > MAX_QUOTED_CELL_LINES : cells.length >= width) break;
      const next = body[i + 1];
      const more = next.split('\t');
      if (!open && (isRuleLine(next) || cells.length + more.length - 1 > width || startsOperatorRow(more[0]))) break;
      cells[cells.length - 1] = open ? `${cells[cells.length - 1]}\n${more[0]}` : joinWrapped(cells[cells.length - 1], more[0]);
      for (let k = 1; k < more.length; k++) cells.push(more[k]);
      raw.push(next);
    }
    rows.push({ cells: fitCells(cells.map(unquotedCell), width, width - 1), raw: raw.join('\n') });
  }
  return { rows, end: null };
}

/** Lines a quoted cell may run over before the quote is taken to be part of the text. */
const MAX_QUOTED_CELL_LINES = 20;

/** A cell that starts with `"` and has not closed it yet: its text runs on over the next line. */
function opensQuotedCell(cell: string): boolean {
  if (!cell.startsWith('"')) return false;
  let quotes = 0;
  for (let i = 0; i < cell.length; i++) if (cell.charCodeAt(i) === 0x22) quotes++;
  return quotes % 2 === 1;
}

/** A quoted cell that held line breaks: its text without the quotes, the lines joined back. */
function unquotedCell(cell: string): string {
  if (!cell.startsWith('"') || !cell.includes('\n')) return cell;
  return joinedLines(cell.slice(1, cell.endsWith('"') && cell.length > 1 ? -1 : undefined).replace(/""/g, '"'));
}

function alignedRows(body: readonly string[], header: AlignedHeader): TableRows {
  const rows: CellRow[] = [];
  // The last row's cells and raw text while lines wrapped under their columns are added to it.
  let wrapped: { cells: (WrappedText | null)[]; raw: string[] } | null = null;
  const finishWrapped = () => {
    if (wrapped === null) return;
    const last = rows[rows.length - 1];
    wrapped.cells.forEach((cell, j) => {
      if (cell !== null) last.cells[j] = cell.toString();
    });
    last.raw = wrapped.raw.join('\n');
    wrapped = null;
  };
  let offset: number | null = null;
  for (let i = 0; i < body.length; i++) {
    const rawLine = body[i];
    if (isRuleLine(rawLine)) continue;
    const line = rawLine.replace(/^(\s*)\|/, '$1 ').replace(/\s*\|\s*$/, '');
    const start = line.length - line.trimStart().length;
    offset ??= start - header.starts[0];
    if (rows.length > 0 && header.starts.length > 1 && start - offset >= header.starts[1] - 1) {
      // A wrapped cell continued under its column.
      const continued = splitAlignedRow(line, header, offset);
      const last = rows[rows.length - 1];
      wrapped ??= { cells: last.cells.map(() => null), raw: [last.raw] };
      const cells = wrapped.cells;
      continued.forEach((cell, j) => {
        if (cell.trim() === '') return;
        (cells[j] ??= new WrappedText(last.cells[j] ?? '')).append(cell);
      });
      wrapped.raw.push(rawLine);
      continue;
    }
    const cells = splitAlignedRow(line, header, offset);
    // Keep the id cell's indentation: it carries the tree depth.
    cells[0] = line.slice(0, start) + cells[0];
    if (rows.length > 0 && endsPlan(cells[0])) {
      finishWrapped();
      return { rows, end: i };
    }
    finishWrapped();
    rows.push({ cells, raw: rawLine });
  }
  finishWrapped();
  return { rows, end: null };
}

/** A cell that starts a plan row of its own: an operator id, with or without its tree prefix. */
function startsOperatorRow(idCell: string | undefined): boolean {
  return idCell !== undefined && NOT_BLANK.test(idCell) && OPERATOR_ID.test(idCell);
}

/** A row whose id cell holds text that is no operator id: the plan has ended (notes, a query, a log follow). */
function endsPlan(idCell: string | undefined): boolean {
  return idCell !== undefined && NOT_BLANK.test(idCell) && !OPERATOR_ID.test(idCell);
}

const OPERATOR_ID = /^[\s│├└─]*[A-Z][A-Za-z]*(?:_[A-Za-z]+)*(?:_\d+)?\s*(?:\((?:Build|Probe|Seed Part|Recursive Part)\))?\s*$/;

function readHeaderlessTable(lines: readonly string[], warnings: string[]): ParsedPlan {
  const content = lines.filter((line) => !isRuleLine(line));
  if (content.length === 0) return emptyPlan(['No plan rows were found in the text.']);
  const pipes = content.filter((line) => line.includes('|')).length;
  const tabs = content.filter((line) => line.includes('\t')).length;
  const split = (line: string): string[] => {
    if (pipes * 2 > content.length) return splitPipeCells(line, line.trimStart().startsWith('|'));
    if (tabs * 2 > content.length) return line.split('\t');
    return line.trim().split(/\s{2,}|\t/);
  };
  const allRows = content.map((line) => ({ cells: split(line), raw: line }));
  // Without a header only rows that start with an operator id are plan rows.
  const cellRows = allRows.filter((row) => OPERATOR_ID.test(row.cells[0]?.trim() === '' ? (row.cells[1] ?? '') : (row.cells[0] ?? '')));
  if (cellRows.length === 0) {
    return emptyPlan(['No plan was found: the text has no EXPLAIN header row (id, estRows, task, ...) and no operator rows.']);
  }
  if (cellRows.length < allRows.length) {
    warnings.push(`Skipped ${allRows.length - cellRows.length} line(s) that are not plan rows.`);
  }
  const guessed = guessColumns(cellRows.slice(0, 50).map((row) => row.cells.map((cell) => cell.trim())));
  let widest = 0;
  for (const row of cellRows) widest = Math.max(widest, row.cells.length);
  const width = guessed?.length ?? widest;
  const names = guessed ?? Array.from({ length: width }, (_, i) => (i === 0 ? 'id' : `column ${i + 1}`));
  warnings.push(
    guessed === null
      ? 'The plan has no header row and its columns match no EXPLAIN layout; only operator ids were read.'
      : `The plan has no header row; its columns were taken to be: ${guessed.join(', ')}.`,
  );
  const format: PlanFormat = pipes * 2 > content.length ? 'pipe-table' : tabs * 2 > content.length ? 'tab-separated' : 'space-aligned';
  return finishTable(
    format,
    names,
    cellRows.map((row) => ({ ...row, cells: fitCells(row.cells, width, width - 1) })),
    warnings,
  );
}

function finishTable(format: PlanFormat, names: readonly string[], rows: CellRow[], warnings: string[]): ParsedPlan {
  const layout: PlanColumnLayout = layoutOfColumns(names);
  return finishParsedPlan(format, layout, buildPlanTree(tableRowStream(names, handedOver(rows)), warnings), warnings);
}

const NOT_BLANK = /\S/;
