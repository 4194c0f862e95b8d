// How runs are named where they are listed: "oltp_point_select · 1 thread", and an experiment's
// runs by what tells them apart (in a thread sweep "16 threads", not "default · oltp_point_select ·
// 16 threads · 10,000 rows"). The words are passed in, so the editor can localize them.
import type { ExperimentCell, ExperimentResult } from './benchmarkResult';
import { variantDefinedParams } from './variantParams';

export interface NameWords {
  threads(count: number): string;
  rows(count: number): string;
  repetition(index: number): string;
}

export const ENGLISH_NAME_WORDS: NameWords = {
  threads: (count) => countText(count, 'thread', 'threads'),
  rows: (count) => countText(count, 'row', 'rows'),
  repetition: (index) => `run ${index}`,
};

/** "1 thread", "8 threads", "10,000 rows". */
export function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** What places a run in an experiment's matrix. */
export interface CellDimensions {
  variant: string;
  workload: string;
  threads: number;
  tableSize?: number;
  params?: Record<string, string | number | boolean>;
  /** the repetition of a cell run more than once (`"repeat": N`), from 1 */
  repetition?: number;
}

/**
 * The cell's name among `cells`: only the dimensions in which the cells differ, in the order
 * variant, workload, params (but those its variant restates), table size, threads, repetition. A lone cell is named by its
 * workload and threads.
 */
export function cellName(cells: readonly CellDimensions[], cell: CellDimensions, words: NameWords = ENGLISH_NAME_WORDS): string {
  const varies = (pick: (other: CellDimensions) => unknown): boolean => {
    const first = JSON.stringify(pick(cell) ?? null);
    return cells.some((other) => JSON.stringify(pick(other) ?? null) !== first);
  };
  const parts: string[] = [];
  if (varies((other) => other.variant)) parts.push(cell.variant);
  if (varies((other) => other.workload)) parts.push(cell.workload);
  // the variant says them already ("ordered", not "ordered · key_order=ordered")
  const variantParams = variantDefinedParams(cells);
  const paramKeys = [...new Set(cells.flatMap((other) => Object.keys(other.params ?? {})))].filter((key) => !variantParams.has(key)).sort();
  for (const key of paramKeys) {
    if (varies((other) => other.params?.[key])) parts.push(`${key}=${String(cell.params?.[key] ?? '–')}`);
  }
  if (varies((other) => other.tableSize) && cell.tableSize !== undefined) parts.push(words.rows(cell.tableSize));
  if (varies((other) => other.threads)) parts.push(words.threads(cell.threads));
  if (parts.length === 0) parts.push(cell.workload, words.threads(cell.threads));
  if ((cell.repetition ?? 1) > 1) parts.push(words.repetition(cell.repetition ?? 1));
  return parts.join(' · ');
}

/** Where a stored experiment cell sits in its matrix. */
export function cellDimensions(cell: ExperimentCell): CellDimensions {
  const repetition = cell.run.labels?.repetition;
  return {
    variant: cell.variant,
    workload: cell.workload,
    threads: cell.threads,
    tableSize: cell.tableSize,
    params: cell.params,
    repetition: typeof repetition === 'number' ? repetition : undefined,
  };
}

/** A run of an experiment: the name it was given, else what tells it apart from the experiment's other runs. */
export function experimentCellName(experiment: ExperimentResult, cell: ExperimentCell, words: NameWords = ENGLISH_NAME_WORDS): string {
  return cell.run.name ?? cellName(experiment.cells.map(cellDimensions), cellDimensions(cell), words);
}
