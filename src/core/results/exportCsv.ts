// CSV exports (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma,
// a quote or a line break, quotes doubled). Measured numbers are rounded to what they can mean
// (rates to 0.01/s, latencies to 1 µs, times to 1 ms): float noise such as 1049.9999999998 is no
// information. Fields are written by the one CSV writer (csvWriter.ts, shared with the results
// grid): unknown values are empty fields; text that a spreadsheet would run as a formula starts
// with a quote.

import type { ExperimentResult, LatencySummaryMs, RunResult } from './benchmarkResult';
import { studyTables, studyTableTitle, STUDY_MARK_NOT_FROM_MEMORY, STUDY_MARK_WITHIN_SPREAD, type StudyTables } from './studyTables';
import { variantChangeTable, type VariantChangeTable } from './variantComparison';
import { operationRowsOf } from './operationRows';
import { intervalTpmC } from './tpccFigures';
import { isTpccExperiment, TPCC_COMPARED_METRICS, tpccCellsTable } from './tpccExperimentTable';

import { csvField, csvLines, type CsvValue } from '../csvWriter';

export { csvField };

const LATENCY_KEYS: readonly (keyof LatencySummaryMs)[] = ['min', 'avg', 'max', 'p50', 'p90', 'p95', 'p99', 'p999'];
const LATENCY_HEADERS = LATENCY_KEYS.map((key) => `latency_${key}_ms`);

/** Rounds to `decimals` places; null and undefined stay unknown. */
export function rounded(value: number | null | undefined, decimals: number): number | null | undefined {
  if (value === null || value === undefined || !Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const result = Math.round(value * factor) / factor;
  return Object.is(result, -0) ? 0 : result;
}

/** per second rates: hundredths */
const RATE_DECIMALS = 2;
/** milliseconds: microseconds */
const MS_DECIMALS = 3;
/** seconds since the start: milliseconds */
const SECONDS_DECIMALS = 3;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvLines([header, ...rows].map((row) => row.map((value) => csvField(value))));
}

/** One row per report interval of a run. */
export function intervalsToCsv(run: RunResult): string {
  const header = [
    't_s',
    'threads',
    'tps',
    'qps',
    'reads_per_s',
    'writes_per_s',
    'others_per_s',
    'errors_per_s',
    'reconnects_per_s',
    ...LATENCY_HEADERS,
  ];
  // TPC-C / CH: the interval's tpmC and each transaction's (and query's) rate, when the run kept them
  const operations = operationRowsOf(run).map((row) => row.name);
  for (const interval of run.intervals)
    for (const name of Object.keys(interval.operations ?? {})) if (!operations.includes(name)) operations.push(name);
  const byOperation = run.intervals.some((interval) => interval.operations !== undefined);
  if (byOperation) header.push('tpmC', ...operations.map((name) => `${name}_per_s`));
  const rows = run.intervals.map((interval) => [
    rounded(interval.t, SECONDS_DECIMALS),
    interval.threads,
    ...[interval.tps, interval.qps, interval.reads, interval.writes, interval.others, interval.errors, interval.reconnects].map((rate) =>
      rounded(rate, RATE_DECIMALS),
    ),
    ...LATENCY_KEYS.map((key) => rounded(interval.latencyMs[key], MS_DECIMALS)),
    ...(byOperation
      ? [
          rounded(intervalTpmC(interval), RATE_DECIMALS),
          ...operations.map((name) => rounded(interval.operations === undefined ? null : (interval.operations[name] ?? 0), RATE_DECIMALS)),
        ]
      : []),
  ]);
  return toCsv(header, rows);
}

const SUMMARY_HEADERS = [
  'status',
  'duration_s',
  'events',
  'queries',
  'reads',
  'writes',
  'others',
  'tps',
  'qps',
  'errors',
  'reconnects',
  ...LATENCY_HEADERS,
  'rows_per_s',
  'mb_per_s',
  'error_codes',
];

function summaryFields(run: RunResult): CsvValue[] {
  const summary = run.summary;
  return [
    run.status,
    rounded(run.durationSec, SECONDS_DECIMALS),
    summary.events,
    summary.queries,
    summary.reads,
    summary.writes,
    summary.others,
    rounded(summary.tps, RATE_DECIMALS),
    rounded(summary.qps, RATE_DECIMALS),
    summary.errors,
    summary.reconnects,
    ...LATENCY_KEYS.map((key) => rounded(summary.latencyMs[key], MS_DECIMALS)),
    rounded(summary.rowsPerSec, 1),
    rounded(summary.mbPerSec, RATE_DECIMALS),
    // "1213:10 2013:2": the codes of the ignored errors and how often each came
    Object.entries(summary.errorCodes ?? {})
      .map(([code, count]) => `${code}:${count}`)
      .join(' ') || undefined,
  ];
}

/** One row per run: the summaries of many runs, for a spreadsheet. */
export function runSummariesToCsv(runs: readonly RunResult[]): string {
  const header = ['id', 'name', 'tool', 'tool_version', 'workload', 'threads', 'start_time', ...SUMMARY_HEADERS];
  const rows = runs.map((run) => [
    run.id,
    run.name,
    run.source.tool,
    run.source.toolVersion,
    run.workload,
    run.options.threads,
    run.startTime,
    ...summaryFields(run),
  ]);
  return toCsv(header, rows);
}

/** One row per experiment cell, its matrix position first (params as one column each). */
export function experimentCellsToCsv(experiment: ExperimentResult): string {
  const paramKeys = [...new Set(experiment.cells.flatMap((cell) => Object.keys(cell.params ?? {})))];
  const header = ['variant', 'workload', 'threads', 'table_size', ...paramKeys, ...SUMMARY_HEADERS];
  const rows = experiment.cells.map((cell) => [
    cell.variant,
    cell.workload,
    cell.threads,
    cell.tableSize,
    ...paramKeys.map((key) => cell.params?.[key]),
    ...summaryFields(cell.run),
  ]);
  return toCsv(header, rows);
}

/** The "% change of B over A" table in long form, with each side's median and min–max over its runs. */
export function variantChangeTableToCsv(table: VariantChangeTable): string {
  const metric = `${table.metric.key}_${table.metric.unit}`;
  const side = (name: string) => [`${metric} (${name})`, `runs (${name})`, `min (${name})`, `max (${name})`];
  const header = [
    'workload',
    'table_size',
    'threads',
    ...side(table.baseline),
    ...side(table.candidate),
    'change_pct',
    `improvement_pct (${table.metric.better} is better)`,
  ];
  const rows = table.rows.map((row) => [
    row.workloadLabel,
    row.tableSize,
    row.threads,
    row.baseline,
    row.baselineRuns,
    row.baselineSpread?.min,
    row.baselineSpread?.max,
    row.candidate,
    row.candidateRuns,
    row.candidateSpread?.min,
    row.candidateSpread?.max,
    row.changePct,
    row.improvementPct,
  ]);
  return toCsv(header, rows);
}

/**
 * The study's tables as the study printed them: per table a title line, the header (the corner,
 * then workloads or option values) and one line per thread count with the % change cut to two
 * decimals, as a number; a cell with a mark (within the spread, not from memory) is text with it.
 */
export function studyTablesToCsv(tables: StudyTables): string {
  const blocks = tables.tables.map((table) => {
    const header = [table.corner, ...table.columns.map((column) => column.label)];
    const rows = table.threads.map((threads, index) => [
      threads,
      ...table.cells[index].map((cell): CsvValue => {
        if (cell === null || cell.changePct === null) return null;
        const marks = `${cell.row.notFromMemory ? ' †' : ''}${cell.row.withinSpread ? ' ~' : ''}`;
        return marks === '' ? Number(cell.changePct.toFixed(2)) : `${cell.changePct.toFixed(2)}${marks}`;
      }),
    ]);
    return toCsv([studyTableTitle(tables, table)], []) + toCsv(header, rows);
  });
  const cells = tables.tables.flatMap((table) => table.cells.flat());
  const notes = [
    ...(cells.some((cell) => cell?.row.notFromMemory) ? [STUDY_MARK_NOT_FROM_MEMORY] : []),
    ...(cells.some((cell) => cell?.row.withinSpread) ? [STUDY_MARK_WITHIN_SPREAD] : []),
    ...tables.warnings,
  ];
  return [
    ...blocks,
    ...(notes.length > 0
      ? [
          toCsv(
            ['notes'],
            notes.map((note) => [note]),
          ),
        ]
      : []),
  ].join('\r\n');
}

/** A TPC-C experiment's cells as go-tpc reports them, one line each: tpmC, tpmTotal, efficiency_pct, new_order, payment, ... */
export function tpccCellsToCsv(experiment: Pick<ExperimentResult, 'cells'>): string {
  const table = tpccCellsTable(experiment);
  const decimals: Record<string, number> = { new_order_p95_ms: MS_DECIMALS, new_order_p99_ms: MS_DECIMALS };
  for (const key of ['tpmC', 'tpmTotal', 'efficiency_pct']) decimals[key] = RATE_DECIMALS;
  return toCsv(
    table.keys,
    table.rows.map((row) =>
      row.map((value, column) => {
        const places = decimals[table.keys[column]];
        return typeof value === 'number' && places !== undefined ? rounded(value, places) : value;
      }),
    ),
  );
}

/**
 * An experiment for a spreadsheet. An A/B experiment starts with the study's tables (QPS, then
 * p95, for each compared variant; for TPC-C tpmC, then New-Order's p95) and the raw numbers with
 * their spread, each block after a blank line; every experiment ends with one line per cell (a
 * TPC-C experiment's with go-tpc's figures instead of QPS).
 */
export function experimentToCsv(experiment: ExperimentResult): string {
  const blocks: string[] = [];
  const bulk = experiment.cells.some((cell) => cell.workload === 'bulk_load');
  const tpcc = isTpccExperiment(experiment);
  const metrics = tpcc ? TPCC_COMPARED_METRICS : (['qps', 'p95'] as const);
  if (!bulk && experiment.variants.length >= 2) {
    const [baseline, ...candidates] = experiment.variants;
    for (const candidate of candidates) {
      for (const metric of metrics) {
        const tables = studyTables(experiment, { metric, baseline, candidate });
        if (tables.tables.length > 0) blocks.push(studyTablesToCsv(tables));
      }
      const raw = variantChangeTable(experiment, { metric: metrics[0], baseline, candidate });
      blocks.push(toCsv([`Raw numbers: ${raw.metric.label}, ${candidate} over ${baseline}`], []) + variantChangeTableToCsv(raw));
    }
  }
  blocks.push((blocks.length > 0 ? toCsv(['Cells'], []) : '') + (tpcc ? tpccCellsToCsv(experiment) : experimentCellsToCsv(experiment)));
  return blocks.join('\r\n');
}
