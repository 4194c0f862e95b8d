// Markdown tables for pasting into issues, wikis and reports: run summaries, run comparisons and
// the experiment "% change" tables (as the study printed them: threads down, workloads across).

import type { ExperimentResult, RunResult, ServerActivity } from './benchmarkResult';
import { errorCodeCounts, errorCodesText } from './errorCodes';
import type { RunComparison } from './runComparison';
import { countText, experimentCellName } from './runNames';
import { singleRunNoiseNote } from './singleRunNoise';
import {
  STUDY_MARK_NOT_FROM_MEMORY,
  STUDY_MARK_WITHIN_SPREAD,
  studyCellText,
  studyTableTitle,
  studyTables,
  type StudyTables,
} from './studyTables';
import { pivotChangeMatrix, type VariantChangeTable } from './variantComparison';
import { ms, shortText } from './serverActivityText';
import { missingGrantText } from './missingGrantText';
import { runDigestCountNote, type DigestCountNote } from './digestCountNote';
import { serverStatementRows } from './serverStatementRows';
import { compareVariantStatements, variantStatementSentences } from './variantStatements';
import { operationRowsOf, type OperationRow } from './operationRows';
import { isTpccRun, tpccFiguresOf } from './tpccFigures';
import { ranWithoutWait, tpccNoWaitNote } from './tpccWait';
import { isTpccExperiment, TPCC_COMPARED_METRICS, tpccCellsTable, tpccCellText } from './tpccExperimentTable';
import type { ServerRegions } from './serverRegions';
import { experimentCellRegions, hotRegionRows, regionsChangeText, regionsTableRows, shownRegions } from './serverRegionsRows';
import { tikvStoresText } from './serverRegionsText';

export function markdownCell(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n|\r/g, ' ');
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[], alignRightFrom = 1): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  const rule = header.map((_, index) => (index >= alignRightFrom ? '---:' : '---'));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n') + '\n';
}

export function formatNumber(value: number | null | undefined, decimals = 2): string {
  return value === null || value === undefined ? '–' : value.toFixed(decimals);
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const rounded = value.toFixed(1);
  return `${value > 0 && rounded !== '0.0' ? '+' : ''}${rounded}%`;
}

export function runSummariesToMarkdown(runs: readonly RunResult[]): string {
  const header = ['Run', 'Workload', 'Status', 'Threads', 'TPS', 'QPS', 'avg ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'];
  const rows = runs.map((run) => {
    const latency = run.summary.latencyMs;
    return [
      run.name ??
        `${run.workload}${typeof run.options.threads === 'number' ? ` · ${countText(run.options.threads, 'thread', 'threads')}` : ''}`,
      run.workload,
      run.status,
      typeof run.options.threads === 'number' ? String(run.options.threads) : '–',
      formatNumber(run.summary.tps),
      formatNumber(run.summary.qps),
      formatNumber(latency.avg),
      formatNumber(latency.p95),
      formatNumber(latency.p99),
      formatNumber(latency.max),
      errorCodeCounts(run.summary).length > 0 ? `${run.summary.errors} (${errorCodesText(run.summary)})` : String(run.summary.errors),
    ];
  });
  return markdownTable(header, rows, 3);
}

export function runComparisonToMarkdown(comparison: RunComparison): string {
  const header = ['Metric', ...comparison.runs.map((run, index) => (index === 0 ? run.name : `${run.name} (vs first)`))];
  const rows = comparison.metrics.map(({ metric, values, changePctVsFirst }) => [
    `${metric.label} (${metric.unit}, ${metric.better} is better)`,
    ...values.map((value, index) =>
      index === 0 ? formatNumber(value) : `${formatNumber(value)} (${formatPercent(changePctVsFirst[index])})`,
    ),
  ]);
  const table = markdownTable(header, rows);
  return comparison.noiseBandPct === null ? table : `${table}\n${singleRunNoiseNote(comparison.noiseBandPct)}\n`;
}

/** The study's summary: threads down, workloads across, "% change" in the cells; then the raw numbers. */
export function variantChangeToMarkdown(table: VariantChangeTable): string {
  const { metric, baseline, candidate } = table;
  const title = `**% change of ${metric.label}, ${candidate} over ${baseline}** (${metric.better} is better)`;
  const matrix = pivotChangeMatrix(table, 'changePct');
  const pivot = markdownTable(
    ['Threads', ...matrix.columns.map((column) => column.label)],
    matrix.threads.map((threads, row) => [String(threads), ...matrix.cells[row].map(formatPercent)]),
  );
  const details = markdownTable(
    ['Workload', 'Table size', 'Threads', `${baseline} (${metric.unit})`, `${candidate} (${metric.unit})`, 'change'],
    table.rows.map((row) => [
      row.workloadLabel,
      row.tableSize === undefined ? '–' : String(row.tableSize),
      String(row.threads),
      formatNumber(row.baseline),
      formatNumber(row.candidate),
      formatPercent(row.changePct),
    ]),
    1,
  );
  return `${title}\n\n${pivot}\n${details}`;
}

/** The study's tables as it printed them: one per workload group and table size, "612.73%" in the cells. */
export function studyTablesToMarkdown(tables: StudyTables): string {
  const parts = tables.tables.map((table) => {
    const header = [table.corner, ...table.columns.map((column) => column.label)];
    const rows = table.threads.map((threads, index) => [String(threads), ...table.cells[index].map(studyCellText)]);
    return `**${studyTableTitle(tables, table)}**\n\n${markdownTable(header, rows)}`;
  });
  const cells = tables.tables.flatMap((table) => table.cells.flat());
  const notes = [
    ...(cells.some((cell) => cell?.row.notFromMemory) ? [STUDY_MARK_NOT_FROM_MEMORY] : []),
    ...(cells.some((cell) => cell?.row.withinSpread) ? [STUDY_MARK_WITHIN_SPREAD] : []),
    ...tables.warnings,
  ];
  return `${parts.join('\n')}${notes.length > 0 ? `\n${notes.map((note) => `- ${markdownCell(note)}`).join('\n')}\n` : ''}`;
}

/**
 * An experiment as Markdown: the study's tables (QPS, then p95; for TPC-C tpmC, then New-Order's
 * p95) for A/B experiments, the bulk-load table, then every cell (a TPC-C experiment's as go-tpc
 * reports them: tpmC, efficiency, each transaction's count).
 */
export function experimentToMarkdown(result: ExperimentResult): string {
  const tpcc = isTpccExperiment(result);
  const summaries = tpcc
    ? tpccCellsToMarkdown(result)
    : runSummariesToMarkdown(result.cells.map((cell) => ({ ...cell.run, name: experimentCellName(result, cell) })));
  const parts: string[] = [];
  if (result.cells.some((cell) => cell.workload === 'bulk_load')) parts.push(bulkLoadToMarkdown(result));
  else if (result.variants.length >= 2) {
    for (const candidate of result.variants.slice(1)) {
      for (const metric of tpcc ? TPCC_COMPARED_METRICS : (['qps', 'p95'] as const))
        parts.push(studyTablesToMarkdown(studyTables(result, { metric, baseline: result.variants[0], candidate })));
    }
  }
  const failed = result.cells.filter((cell) => cell.run.status === 'failed');
  if (failed.length > 0) {
    parts.push(
      `**Failed cells**\n\n${markdownTable(
        ['Run', 'Error'],
        failed.map((cell) => [experimentCellName(result, cell), cell.run.message ?? '']),
        2,
      )}`,
    );
  }
  const statements = variantStatementsToMarkdown(result);
  if (statements) parts.push(statements);
  const regions = experimentRegionsToMarkdown(result);
  if (regions) parts.push(regions);
  parts.push(summaries);
  return parts.join('\n');
}

/** A TPC-C experiment's cells, one row each: tpmC, tpmTotal, efficiency, each transaction's count, New-Order's p95/p99. */
export function tpccCellsToMarkdown(result: Pick<ExperimentResult, 'cells'>): string {
  const table = tpccCellsTable(result);
  const rows = table.rows.map((row) => row.map((value, column) => tpccCellText(table, column, value, '–')));
  const note = result.cells.some((cell) => ranWithoutWait(cell.run)) ? `\n${tpccNoWaitNote()}\n` : '';
  return `**TPC-C**\n\n${markdownTable(table.headers, rows, table.numericFrom)}${note}`;
}

/** A run as Markdown: its summary, its transactions or queries (TPC-C, CH, rawsql), then what the server counted for it. */
export function runToMarkdown(result: RunResult): string {
  const parts = [
    operationsToMarkdown(result),
    serverActivityToMarkdown(result.server?.activity, runDigestCountNote(result)),
    serverRegionsToMarkdown(result.server?.regions),
  ];
  return [runSummariesToMarkdown([result]), ...parts.filter(Boolean)].join('\n');
}

/** go-tpc's closing lines ("tpmC: 1234.5, tpmTotal: 2741.0, efficiency: 96.0%", "QphH: 12.3") and a table of the transactions and queries. */
export function operationsToMarkdown(run: RunResult): string {
  const table = (title: string, rows: readonly OperationRow[]): string =>
    rows.length === 0
      ? ''
      : `**${title}**\n\n${markdownTable(
          [
            title === 'Transactions' ? 'Transaction' : 'Query',
            'Count',
            'Errors',
            'TPM',
            'avg ms',
            'p50 ms',
            'p90 ms',
            'p95 ms',
            'p99 ms',
            'p99.9 ms',
            'max ms',
          ],
          rows.map((row) => [
            row.name,
            String(row.count),
            String(row.errors),
            formatNumber(row.tpm, 1),
            ...[row.avgMs, row.p50Ms, row.p90Ms, row.p95Ms, row.p99Ms, row.p999Ms, row.maxMs].map((ms) => formatNumber(ms)),
          ]),
        )}`;
  if (!isTpccRun(run)) return table('Queries', operationRowsOf(run));
  const figures = tpccFiguresOf(run);
  const totals = [
    `tpmC: ${formatNumber(figures.tpmC, 1)}, tpmTotal: ${formatNumber(figures.tpmTotal, 1)}, efficiency: ${figures.efficiencyPct === null ? '–' : `${figures.efficiencyPct.toFixed(1)}%`}`,
    ...(figures.queries.length > 0 ? [`QphH: ${formatNumber(figures.qphH, 1)}`] : []),
  ];
  return [
    `${totals.join('  \n')}\n`,
    ranWithoutWait(run) ? `${tpccNoWaitNote()}\n` : '',
    table('Transactions', figures.transactions),
    table('Queries', figures.queries),
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/**
 * What names a bulk-load cell: its key order, or (with table layouts or the secondary-index option)
 * a longer variant name such as "auto_random / keys by the server / with k_1".
 */
export function bulkLoadVariantHeader(cells: ReadonlyArray<{ variant: string }>): 'key order' | 'variant' {
  return cells.every((cell) => cell.variant === 'ordered' || cell.variant === 'shuffled') ? 'key order' : 'variant';
}

/** A bulk-load experiment: what it measures, per cell. */
export function bulkLoadToMarkdown(result: ExperimentResult): string {
  const rows = result.cells.map((cell) => {
    const summary = cell.run.summary;
    return [
      String(cell.params?.rows_per_insert ?? '–'),
      String(cell.threads),
      cell.variant,
      formatNumber(summary.rowsPerSec, 0),
      formatNumber(summary.mbPerSec),
      formatNumber(summary.latencyMs.p95),
      formatNumber(summary.latencyMs.p99),
      cell.run.status,
    ];
  });
  return markdownTable(
    ['rows per statement', 'writers', bulkLoadVariantHeader(result.cells), 'rows/s', 'MB/s', 'p95 ms', 'p99 ms', 'status'],
    rows,
    0,
  );
}

/** The Markdown "Server" section of a run, with performance_schema's count note as the result tab shows it. */
export function serverActivityToMarkdown(activity: ServerActivity | undefined, countNote: DigestCountNote | null = null): string {
  if (activity === undefined) return '';
  const rows = serverStatementRows(activity).map(({ statement, totalMs, plan }) => [
    `\`${shortText(statement.text).replace(/`/g, "'")}\``,
    String(statement.execCount),
    ms(statement.avgLatencyMs),
    ms(statement.maxLatencyMs),
    ms(totalMs),
    statement.engines.join(' + ') || '–',
    plan === 'changed' ? `changed (${statement.planDigests.length} plans)` : plan === 'one' ? 'one' : '–',
  ]);
  const table = rows.length > 0 ? markdownTable(['Statement', 'Exec', 'Avg ms', 'Max ms', 'Total ms', 'Engines', 'Plan'], rows) : '';
  const notes = [...(activity.missingGrant ? [missingGrantText(activity.missingGrant)] : []), ...activity.warnings]
    .map((warning) => `- ${markdownCell(warning)}`)
    .join('\n');
  const countLine = countNote === null ? '' : `\n${countNote.kind === 'short' ? '' : 'Note: '}${markdownCell(countNote.text)}\n`;
  return `**Server: statements by server time** (${markdownCell(activity.source)})\n\n${table}${notes ? `\n${notes}\n` : ''}${countLine}`;
}

/** The Markdown statement-by-statement comparison of an experiment's variants; '' when nothing differs. */
export function variantStatementsToMarkdown(result: ExperimentResult): string {
  const sentences = variantStatementSentences(compareVariantStatements(result));
  if (sentences.length === 0) return '';
  return `**Server: statements by variant**\n\n${sentences.map((sentence) => `- ${markdownCell(sentence)}`).join('\n')}\n`;
}

/** A statement to run, as inline code (a backtick in it would end the span: the span takes a longer fence). */
function inlineCode(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text.includes('`') ? ` ${text} ` : text}${fence}`;
}

function regionFindingsToMarkdown(regions: ServerRegions, prefix = ''): string[] {
  return regions.findings.map((finding) => {
    const statements = finding.statements.map((statement) => `\n  - ${inlineCode(statement)}`).join('');
    return `- ${prefix}${markdownCell(finding.message)} ${markdownCell(finding.advice)}${statements}`;
  });
}

/** The Markdown "Regions" section of a TiDB write run: tables before and after, hot regions, findings with their statements. */
export function serverRegionsToMarkdown(regions: ServerRegions | undefined): string {
  const shown = shownRegions(regions);
  if (shown === undefined) return '';
  const tables = markdownTable(
    ['Table', 'Key', 'Regions before', 'Regions after', 'Leaders per store before', 'Leaders per store after', 'Written (last heartbeat)'],
    regionsTableRows(shown).map((row) => [
      row.table,
      row.key,
      row.regionsBefore,
      row.regionsAfter,
      row.leadersBefore,
      row.leadersAfter,
      row.written,
    ]),
    2,
  );
  const hotRows = hotRegionRows(shown);
  const hot =
    hotRows.length > 0
      ? `\n**Hot regions** (${markdownCell(shown.hotRegionsSource ?? 'information_schema.tidb_hot_regions')})\n\n${markdownTable(
          ['Table', 'Index', 'Type', 'Region', 'Flow', 'Hot degree', 'Store'],
          hotRows.map((row) => [row.table, row.index, row.type, row.regionId, row.flow, row.hotDegree, row.store]),
          3,
        )}`
      : '';
  const findings = regionFindingsToMarkdown(shown);
  const warnings = shown.warnings.map((warning) => `- ${markdownCell(warning)}`);
  const stores = shown.storeCount === undefined ? '' : ` (${tikvStoresText(shown.storeCount)})`;
  return [
    `**Regions: before and after the run**${stores}\n\n${tables}${hot}`,
    ...(findings.length > 0 ? [`**Findings**\n\n${findings.join('\n')}\n`] : []),
    ...(warnings.length > 0 ? [`${warnings.join('\n')}\n`] : []),
  ].join('\n');
}

/** The Markdown regions of an experiment, one row per cell that has them, then each cell's findings; '' when none has. */
export function experimentRegionsToMarkdown(result: ExperimentResult): string {
  const cells = experimentCellRegions(result);
  if (cells.length === 0) return '';
  const table = markdownTable(
    ['Run', 'Regions before → after', 'Hot regions', 'Findings'],
    cells.map(({ name, regions }) => [
      name,
      regionsChangeText(regions),
      String(regions.hotRegions.length),
      String(regions.findings.length),
    ]),
    2,
  );
  const findings = cells.flatMap(({ name, regions }) => regionFindingsToMarkdown(regions, `${markdownCell(name)}: `));
  return `**Regions by run**\n\n${table}${findings.length > 0 ? `\n${findings.join('\n')}\n` : ''}`;
}
