// The raw numbers of an A/B comparison as a fixed-width text table for the CLI: each side's median
// and, when cells were repeated, the min–max of its runs, so a change can be read against the noise.
import type { Spread, VariantChangeTable } from './variantComparison';

function numberText(value: number | null): string {
  return value === null ? '–' : value.toFixed(2);
}

function spreadText(spread: Spread | null, runs: number): string {
  return spread === null || runs < 2 ? '–' : `${spread.min.toFixed(2)}–${spread.max.toFixed(2)} (${runs})`;
}

function changeText(changePct: number | null): string {
  return changePct === null ? '–' : `${changePct > 0 ? '+' : ''}${changePct.toFixed(2)}%`;
}

export function variantChangeText(table: VariantChangeTable): string {
  const repeats = table.rows.some((row) => row.baselineRuns > 1 || row.candidateRuns > 1);
  const sizes = table.rows.some((row) => row.tableSize !== undefined);
  const unit = table.metric.unit;
  const header = [
    'workload',
    ...(sizes ? ['table size'] : []),
    'threads',
    `${table.baseline} ${unit}`,
    ...(repeats ? [`${table.baseline} min–max (runs)`] : []),
    `${table.candidate} ${unit}`,
    ...(repeats ? [`${table.candidate} min–max (runs)`] : []),
    'change',
  ];
  const rows = table.rows.map((row) => [
    row.workloadLabel,
    ...(sizes ? [row.tableSize === undefined ? '–' : String(row.tableSize)] : []),
    String(row.threads),
    numberText(row.baseline),
    ...(repeats ? [spreadText(row.baselineSpread, row.baselineRuns)] : []),
    numberText(row.candidate),
    ...(repeats ? [spreadText(row.candidateSpread, row.candidateRuns)] : []),
    `${changeText(row.changePct)}${row.withinSpread ? ' ~' : ''}`,
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  const title = `Raw numbers, ${table.metric.label} (${unit})${repeats ? ', medians of the repeated runs' : ''}:`;
  return `\n${title}\n${[line(header), ...rows.map(line)].join('\n')}\n`;
}
