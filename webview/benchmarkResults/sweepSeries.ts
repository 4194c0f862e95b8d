// An experiment as sweep lines: for each workload setting (workload, its params, table size),
// QPS and p95 against threads with one line per variant. Repeated runs of a cell are averaged;
// runs that did not complete are left out (their numbers cover only part of the run).
// A TPC-C experiment sweeps what it varies: threads (one group per warehouse count), or, when
// every warehouse count runs at one thread count, warehouses (one group per thread count).
import type { ExperimentCell, ExperimentResult } from '../../src/core/results/benchmarkResult';
import { isTpccExperiment } from '../../src/core/results/tpccExperimentTable';
import { tpccFiguresOf } from '../../src/core/results/tpccFigures';

export interface SweepLine {
  variant: string;
  /** one value per entry of the group's points; null where the variant has no completed run */
  qps: (number | null)[];
  p95: (number | null)[];
  /** bulk-load cells: rows/s and the p99 statement time (the study's figures) */
  rowsPerSec: (number | null)[];
  p99: (number | null)[];
  /** TPC-C cells: go-tpc's tpmC */
  tpmC: (number | null)[];
}

/** What the x axis of a sweep counts. */
export type SweepAxis = 'threads' | 'warehouses';

export interface SweepGroup {
  key: string;
  label: string;
  axis: SweepAxis;
  /** the group's values on its axis, ascending */
  points: number[];
  /** what the group's cells share besides their workload: a TPC-C group's warehouse or thread count */
  fixed?: { axis: SweepAxis; value: number };
  lines: SweepLine[];
}

export function cellSettingLabel(cell: Pick<ExperimentCell, 'workload' | 'params'>): string {
  const params = Object.entries(cell.params ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`);
  return [cell.workload, ...params].join(' ');
}

/** A TPC-C cell's warehouse count (its matrix position; go-tpc's --warehouses as the run was given it otherwise). */
export function cellWarehouses(cell: Pick<ExperimentCell, 'params' | 'run'>): number | null {
  const value = cell.params?.warehouses ?? cell.run.options.warehouses;
  return typeof value === 'number' ? value : null;
}

/** Threads, unless a TPC-C experiment varies only its warehouses. */
export function sweepAxisOf(experiment: ExperimentResult): SweepAxis {
  if (!isTpccExperiment(experiment)) return 'threads';
  const threadsByWarehouses = new Map<number | null, Set<number>>();
  for (const cell of experiment.cells) {
    const warehouses = cellWarehouses(cell);
    threadsByWarehouses.set(warehouses, (threadsByWarehouses.get(warehouses) ?? new Set()).add(cell.threads));
  }
  const threadsVary = [...threadsByWarehouses.values()].some((threads) => threads.size > 1);
  return !threadsVary && threadsByWarehouses.size > 1 ? 'warehouses' : 'threads';
}

export function sweepGroups(experiment: ExperimentResult): SweepGroup[] {
  const axis = sweepAxisOf(experiment);
  const tpcc = isTpccExperiment(experiment);
  const manySizes = new Set(experiment.cells.map((cell) => cell.tableSize)).size > 1;
  const groups = new Map<string, { label: string; fixed?: SweepGroup['fixed']; cells: ExperimentCell[] }>();
  for (const cell of experiment.cells) {
    const setting = axis === 'warehouses' ? `${cell.workload} threads=${cell.threads}` : cellSettingLabel(cell);
    const key = JSON.stringify([setting, cell.tableSize ?? null]);
    const label = manySizes && cell.tableSize !== undefined ? `${setting} (${cell.tableSize} rows)` : setting;
    const warehouses = cellWarehouses(cell);
    const fixed: SweepGroup['fixed'] = !tpcc
      ? undefined
      : axis === 'warehouses'
        ? { axis: 'threads', value: cell.threads }
        : warehouses !== null
          ? { axis: 'warehouses', value: warehouses }
          : undefined;
    const group = groups.get(key) ?? { label, ...(fixed ? { fixed } : {}), cells: [] };
    group.cells.push(cell);
    groups.set(key, group);
  }
  const pointOf = (cell: ExperimentCell) => (axis === 'warehouses' ? (cellWarehouses(cell) ?? 0) : cell.threads);
  const variantOrder = experiment.variants.length > 0 ? experiment.variants : [...new Set(experiment.cells.map((cell) => cell.variant))];
  return [...groups.entries()].map(([key, { label, fixed, cells }]) => {
    const points = [...new Set(cells.map(pointOf))].sort((a, b) => a - b);
    const variants = variantOrder.filter((variant) => cells.some((cell) => cell.variant === variant));
    const lines = variants.map((variant): SweepLine => {
      const mean = (pick: (cell: ExperimentCell) => number | null) =>
        points.map((point) =>
          average(cells.filter((cell) => cell.variant === variant && pointOf(cell) === point && cell.run.status === 'completed').map(pick)),
        );
      return {
        variant,
        qps: mean((cell) => cell.run.summary.qps),
        p95: mean((cell) => cell.run.summary.latencyMs.p95),
        rowsPerSec: mean((cell) => cell.run.summary.rowsPerSec ?? null),
        p99: mean((cell) => cell.run.summary.latencyMs.p99),
        tpmC: mean((cell) => (tpcc ? tpccFiguresOf(cell.run).tpmC : null)),
      };
    });
    return { key, label, axis, points, ...(fixed ? { fixed } : {}), lines };
  });
}

/** A bulk-load experiment: its charts read rows/s against writers, one line per rows per statement. */
export function isBulkLoad(experiment: ExperimentResult): boolean {
  return experiment.cells.length > 0 && experiment.cells.every((cell) => cell.workload === 'bulk_load');
}

/** True when at least one group has more than one point (thread or warehouse count): a sweep chart then says something. */
export function isSweep(groups: readonly SweepGroup[]): boolean {
  return groups.some((group) => group.points.length > 1);
}

function average(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}
