// An experiment as sweep lines: for each workload setting (workload, its params, table size),
// QPS and p95 against threads with one line per variant. Repeated runs of a cell are averaged;
// runs that did not complete are left out (their numbers cover only part of the run).
import type { ExperimentCell, ExperimentResult } from '../../src/core/results/benchmarkResult';

export interface SweepLine {
  variant: string;
  /** one value per entry of the group's threads; null where the variant has no completed run */
  qps: (number | null)[];
  p95: (number | null)[];
  /** bulk-load cells: rows/s and the p99 statement time (the study's figures) */
  rowsPerSec: (number | null)[];
  p99: (number | null)[];
}

export interface SweepGroup {
  key: string;
  label: string;
  threads: number[];
  lines: SweepLine[];
}

export function cellSettingLabel(cell: Pick<ExperimentCell, 'workload' | 'params'>): string {
  const params = Object.entries(cell.params ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`);
  return [cell.workload, ...params].join(' ');
}

export function sweepGroups(experiment: ExperimentResult): SweepGroup[] {
  const manySizes = new Set(experiment.cells.map((cell) => cell.tableSize)).size > 1;
  const groups = new Map<string, { label: string; cells: ExperimentCell[] }>();
  for (const cell of experiment.cells) {
    const setting = cellSettingLabel(cell);
    const key = JSON.stringify([setting, cell.tableSize ?? null]);
    const label = manySizes && cell.tableSize !== undefined ? `${setting} (${cell.tableSize} rows)` : setting;
    const group = groups.get(key) ?? { label, cells: [] };
    group.cells.push(cell);
    groups.set(key, group);
  }
  const variantOrder = experiment.variants.length > 0 ? experiment.variants : [...new Set(experiment.cells.map((cell) => cell.variant))];
  return [...groups.entries()].map(([key, { label, cells }]) => {
    const threads = [...new Set(cells.map((cell) => cell.threads))].sort((a, b) => a - b);
    const variants = variantOrder.filter((variant) => cells.some((cell) => cell.variant === variant));
    const lines = variants.map((variant): SweepLine => {
      const mean = (pick: (cell: ExperimentCell) => number | null) =>
        threads.map((count) =>
          average(cells.filter((cell) => cell.variant === variant && cell.threads === count && cell.run.status === 'completed').map(pick)),
        );
      return {
        variant,
        qps: mean((cell) => cell.run.summary.qps),
        p95: mean((cell) => cell.run.summary.latencyMs.p95),
        rowsPerSec: mean((cell) => cell.run.summary.rowsPerSec ?? null),
        p99: mean((cell) => cell.run.summary.latencyMs.p99),
      };
    });
    return { key, label, threads, lines };
  });
}

/** A bulk-load experiment: its charts read rows/s against writers, one line per rows per statement. */
export function isBulkLoad(experiment: ExperimentResult): boolean {
  return experiment.cells.length > 0 && experiment.cells.every((cell) => cell.workload === 'bulk_load');
}

/** True when at least one group has more than one thread count: a sweep chart then says something. */
export function isSweep(groups: readonly SweepGroup[]): boolean {
  return groups.some((group) => group.threads.length > 1);
}

function average(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}
