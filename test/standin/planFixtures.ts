// EXPLAIN / EXPLAIN ANALYZE answers for the TiDB stand-in (test code): real TiDB plans from
// test/fixtures/tidb-plans/, chosen by a simple rule and sent back as a result set.
// Reading the fixture text here is test code; the extension's plan parser lives in src/core/plan.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { realPlanDir } from '../support/fixtureFolders';
import { synthesizedColumn, textCell } from './mysqlPackets';
import { notInTheFacts, type RowsResult } from './statementResult';

export interface PlanFixtureOptions {
  /** default: test/fixtures/tidb-plans in the repository */
  directory?: string;
  /** the first rule whose `match` is in the explained statement (case-insensitive) wins */
  rules?: PlanFixtureRule[];
  /** plain EXPLAIN when no rule matches */
  explainDefault?: string;
  /** EXPLAIN ANALYZE when no rule matches */
  analyzeDefault?: string;
}

export interface PlanFixtureRule {
  match: string;
  file: string;
}

export interface PlanRequest {
  /** the statement after EXPLAIN [ANALYZE] [FORMAT = ...] */
  statement: string;
  analyze: boolean;
  format?: string;
  readsCachedTable: boolean;
}

export const DEFAULT_EXPLAIN_FIXTURE = 'explain-merge-join.txt';
export const DEFAULT_ANALYZE_FIXTURE = 'tablereader-fullscan-pseudo-stats.txt';
const CACHED_TABLE_FIXTURE = 'explain-unionscan-cached-table.txt';
const FORMAT_FIXTURES: Record<string, string> = {
  dot: 'explain-format-dot.txt',
  brief: 'explain-brief-delete-no-id-suffix.txt',
  ru: 'explain-analyze-format-ru.txt',
  verbose: 'markdown-verbose-partition-global-index.txt',
};

export function choosePlanFixture(options: PlanFixtureOptions, request: PlanRequest): string {
  const statement = request.statement.toLowerCase();
  const rule = (options.rules ?? []).find((candidate) => statement.includes(candidate.match.toLowerCase()));
  if (rule) return rule.file;
  const format = request.format?.toLowerCase();
  if (format && format !== 'row') {
    const file = FORMAT_FIXTURES[format];
    if (!file) throw notInTheFacts(`EXPLAIN FORMAT='${format}' (the stand-in has no real plan in that format)`);
    return file;
  }
  if (request.readsCachedTable && !request.analyze) return CACHED_TABLE_FIXTURE;
  return request.analyze ? (options.analyzeDefault ?? DEFAULT_ANALYZE_FIXTURE) : (options.explainDefault ?? DEFAULT_EXPLAIN_FIXTURE);
}

export function planFixtureDirectory(options: PlanFixtureOptions): string {
  return options.directory ?? realPlanDir;
}

const parsedFixtures = new Map<string, RowsResult>();

export function planFixtureResult(directory: string, file: string): RowsResult {
  const path = join(directory, file);
  let result = parsedFixtures.get(path);
  if (!result) {
    const table = parsePlanFixture(readFileSync(path, 'utf8'), file);
    result = {
      kind: 'rows',
      columns: table.header.map((name) => synthesizedColumn(name)),
      rows: table.rows.map((row) => row.map((cell) => textCell(cell))),
    };
    parsedFixtures.set(path, result);
  }
  return result;
}

export interface FixtureTable {
  header: string[];
  rows: string[][];
}

/** Reads a fixture written as a mysql client table, a markdown table or tab-separated lines. */
export function parsePlanFixture(text: string, name = 'fixture'): FixtureTable {
  const lines = text.split('\n').filter((line) => !line.startsWith('-- ') && line.trim() !== '');
  const first = lines[0] ?? '';
  if (first.startsWith('+')) return parseBorderedTable(lines, name);
  if (first.startsWith('|'))
    return parsePipeRows(
      lines.filter((line) => !/^\|[\s|:-]+\|$/.test(line)),
      name,
    );
  if (first.includes('\t')) {
    const [header, ...rows] = lines.map((line) => line.split('\t'));
    return { header, rows: rows.map((row) => pad(row, header.length)) };
  }
  throw new Error(
    `The TiDB stand-in cannot read plan fixture ${name}: it reads mysql client tables, markdown tables and tab-separated plans only.`,
  );
}

function parseBorderedTable(lines: string[], name: string): FixtureTable {
  const header = splitPipeRow(lines.find((line) => line.startsWith('|')) ?? '');
  if (header.length !== 1)
    return parsePipeRows(
      lines.filter((line) => line.startsWith('|')),
      name,
    );
  // A single column (FORMAT='dot') holds one cell that spans many lines between the borders.
  const borders = lines.flatMap((line, index) => (line.startsWith('+') ? [index] : []));
  const body = lines.slice((borders[1] ?? 0) + 1, borders[borders.length - 1]).join('\n');
  return {
    header,
    rows: [
      [
        body
          .replace(/^\|/, '')
          .replace(/\|\s*$/, '')
          .trim(),
      ],
    ],
  };
}

function parsePipeRows(lines: string[], name: string): FixtureTable {
  const [header, ...rows] = lines.map(splitPipeRow);
  if (!header) throw new Error(`Plan fixture ${name} has no header row.`);
  return { header, rows: rows.map((row) => pad(row, header.length)) };
}

function splitPipeRow(line: string): string[] {
  // One space of padding after each bar; the id column keeps its tree indentation.
  return line
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split('|')
    .map((cell) => cell.replace(/^ /, '').trimEnd());
}

function pad(row: string[], length: number): string[] {
  return row.length >= length ? row.slice(0, length) : [...row, ...Array<string>(length - row.length).fill('')];
}
