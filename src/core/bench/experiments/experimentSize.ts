// How big an experiment is: the bounds a definition must keep (so a typo such as 1e9 threads or
// 1,000 thread values x 60 s is refused before anything runs, naming the field and the bound) and
// the estimate of how long it runs, printed before it starts; above LONG_EXPERIMENT_SECONDS the CLI
// wants --yes and the extension asks.
import { optionKey } from '../benchOptions';
import { bulkLoadCellCount } from '../bulkLoad/bulkLoadPlan';
import type {
  BulkLoadExperimentDefinition,
  ExperimentDefinition,
  OptionValue,
  ReadinessCheck,
  SysbenchExperimentDefinition,
  TpccExperimentDefinition,
} from './experimentModel';

export const EXPERIMENT_LIMITS = {
  /** threads of one cell (and bulk-load writer threads) */
  threads: 10_000,
  /** cells of one experiment */
  cells: 10_000,
  /** --time of one cell, seconds (24 h) */
  cellTimeSec: 86_400,
  /** --events of one cell */
  cellEvents: 1_000_000_000,
  /** rows of one table (tableSizes, bulk-load rows) */
  tableRows: 1_000_000_000,
  /** --tables */
  tables: 1_024,
  /** rows prepared for one table size: tables x rows */
  preparedRows: 10_000_000_000,
  /** rows of one bulk INSERT */
  rowsPerInsert: 1_000_000,
  /** a readiness check's sleep or timeout, seconds (24 h) */
  readinessSec: 86_400,
  /** TPC-C warehouses (about 100 MB of data each) */
  warehouses: 100_000,
} as const;

/** Above this estimate (2 hours) the CLI wants --yes and the extension asks before starting. */
export const LONG_EXPERIMENT_SECONDS = 2 * 3600;

const DEFAULT_TIME_SEC = 10;

export interface ExperimentEstimate {
  cells: number;
  /** measured time, warm-up and readiness sleeps of every cell, in seconds */
  seconds: number;
  /** cells with time=0, limited by events only: their time is not known in advance (not in `seconds`) */
  eventOnlyCells: number;
  /** rows prepared before measuring, over all table sizes */
  preparedRows: number;
  /** bulk-load: rows loaded over all cells (how long that takes depends on the server) */
  loadedRows?: number;
  /** tpcc: warehouses loaded where the tables do not hold them yet, over all warehouse counts */
  loadedWarehouses?: number;
}

/** What is wrong with the definition's size, naming the field and the bound; undefined when it is fine. */
export function experimentSizeProblem(definition: ExperimentDefinition): string | undefined {
  if (definition.kind === 'tpcc') return tpccProblem(definition);
  return definition.kind === 'bulk-load' ? bulkLoadProblem(definition) : sysbenchProblem(definition);
}

export function estimateExperiment(definition: ExperimentDefinition): ExperimentEstimate {
  if (definition.kind === 'bulk-load') {
    const cells = bulkLoadCellCount(definition);
    return { cells, seconds: 0, eventOnlyCells: 0, preparedRows: 0, loadedRows: cells * definition.rows };
  }
  if (definition.kind === 'tpcc') {
    const cells = tpccCellCount(definition);
    const sleeps = definition.variants.reduce((sum, variant) => sum + readinessSleep(variant.ready), 0) * definition.warehouses.length;
    return {
      cells,
      seconds: cells * definition.time + sleeps,
      eventOnlyCells: 0,
      preparedRows: 0,
      ...(definition.prepare ? { loadedWarehouses: definition.warehouses.reduce((sum, count) => sum + count, 0) } : {}),
    };
  }
  const shapes = cellShapes(definition);
  const perSize = definition.variants.length * definition.threads.length * definition.repeat;
  let seconds = 0;
  let eventOnlyCells = 0;
  for (const shape of shapes) {
    seconds += perSize * definition.tableSizes.length * (shape.time.value + shape.warmup);
    if (shape.time.value === 0) eventOnlyCells += perSize * definition.tableSizes.length;
  }
  for (const variant of definition.variants) seconds += definition.tableSizes.length * readinessSleep(variant.ready);
  const tables = Math.max(...shapes.map((shape) => shape.tables.value));
  const preparedRows = definition.prepare ? definition.tableSizes.reduce((sum, size) => sum + size * tables, 0) : 0;
  return { cells: shapes.length * perSize * definition.tableSizes.length, seconds, eventOnlyCells, preparedRows };
}

export function isLongExperiment(estimate: ExperimentEstimate): boolean {
  return estimate.seconds > LONG_EXPERIMENT_SECONDS;
}

/** "Estimated duration: at least 2 h 40 min for 96 cells, plus preparing 100,000 rows" */
export function describeEstimate(estimate: ExperimentEstimate): string {
  const cells = `${count(estimate.cells)} ${estimate.cells === 1 ? 'cell' : 'cells'}`;
  if (estimate.loadedRows !== undefined)
    return `Estimated duration: not known in advance: ${cells} loading ${count(estimate.loadedRows)} rows in all, as fast as the server takes them`;
  const eventOnly = `${count(estimate.eventOnlyCells)} ${estimate.eventOnlyCells === 1 ? 'cell' : 'cells'} limited by events only`;
  const parts =
    estimate.eventOnlyCells === estimate.cells
      ? [`Estimated duration: not known in advance for ${eventOnly}`]
      : [`Estimated duration: at least ${formatDuration(estimate.seconds)} for ${cells}`];
  if (estimate.preparedRows > 0) parts.push(`plus preparing ${count(estimate.preparedRows)} rows`);
  if (estimate.loadedWarehouses !== undefined)
    parts.push(
      `plus loading ${count(estimate.loadedWarehouses)} TPC-C ${estimate.loadedWarehouses === 1 ? 'warehouse' : 'warehouses'} where the tables do not hold them yet`,
    );
  if (estimate.eventOnlyCells > 0 && estimate.eventOnlyCells < estimate.cells) parts.push(`plus ${eventOnly}`);
  return parts.join(', ');
}

/** 45 s, 12 min, 2 h, 2 h 40 min, 3 d 4 h */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return joinUnits(Math.floor(s / 3600), 'h', Math.round((s % 3600) / 60), 'min');
  return joinUnits(Math.floor(s / 86_400), 'd', Math.round((s % 86_400) / 3600), 'h');
}

/** "2 h 40 min", "2 h" (no "0 min") */
function joinUnits(large: number, largeUnit: string, small: number, smallUnit: string): string {
  return small === 0 ? `${large} ${largeUnit}` : `${large} ${largeUnit} ${small} ${smallUnit}`;
}

interface SourcedNumber {
  value: number;
  /** the field it came from, e.g. "workloads[1].params.time" */
  field: string;
}

interface CellShape {
  workload: string;
  time: SourcedNumber;
  events: SourcedNumber;
  tables: SourcedNumber;
  warmup: number;
}

function sysbenchProblem(definition: SysbenchExperimentDefinition): string | undefined {
  const listProblem =
    boundedList(definition.threads, 'threads', EXPERIMENT_LIMITS.threads, 'threads per cell') ??
    boundedList(definition.tableSizes, 'tableSizes', EXPERIMENT_LIMITS.tableRows, 'rows per table');
  if (listProblem) return listProblem;
  const combinations = definition.workloads.reduce(
    (sum, workload) => sum + combinationCount({ ...definition.params, ...(workload.params ?? {}) }),
    0,
  );
  const cells = definition.tableSizes.length * definition.variants.length * combinations * definition.threads.length * definition.repeat;
  if (cells > EXPERIMENT_LIMITS.cells) {
    return `The experiment has ${count(cells)} cells (tableSizes ${definition.tableSizes.length} x variants ${definition.variants.length} x workloads and params ${count(combinations)} x threads ${count(definition.threads.length)} x repeat ${definition.repeat}); at most ${count(EXPERIMENT_LIMITS.cells)}.`;
  }
  for (const shape of cellShapes(definition)) {
    const { time, events, tables } = shape;
    if (time.value > EXPERIMENT_LIMITS.cellTimeSec)
      return `"${time.field}" is ${count(time.value)} s; at most ${count(EXPERIMENT_LIMITS.cellTimeSec)} s (24 h) per cell.`;
    if (events.value > EXPERIMENT_LIMITS.cellEvents)
      return `"${events.field}" is ${count(events.value)}; at most ${count(EXPERIMENT_LIMITS.cellEvents)} events per cell.`;
    if (time.value === 0 && events.value === 0) {
      return `"${time.field}" is 0 and "${events.field}" is 0 for ${shape.workload}: its cells would never end. Set a time in seconds or a number of events.`;
    }
    if (tables.value > EXPERIMENT_LIMITS.tables)
      return `"${tables.field}" is ${count(tables.value)}; at most ${count(EXPERIMENT_LIMITS.tables)} tables.`;
    const largest = Math.max(...definition.tableSizes);
    if (tables.value * largest > EXPERIMENT_LIMITS.preparedRows) {
      return `"${tables.field}" (${count(tables.value)}) x "tableSizes" (${count(largest)}) is ${count(tables.value * largest)} rows; at most ${count(EXPERIMENT_LIMITS.preparedRows)} rows per table size.`;
    }
  }
  for (const [index, variant] of definition.variants.entries()) {
    const seconds = readinessSeconds(variant.ready);
    if (seconds > EXPERIMENT_LIMITS.readinessSec)
      return `"variants[${index}].ready" waits ${count(seconds)} s; at most ${count(EXPERIMENT_LIMITS.readinessSec)} s (24 h).`;
  }
  return undefined;
}

function bulkLoadProblem(definition: BulkLoadExperimentDefinition): string | undefined {
  if (definition.rows > EXPERIMENT_LIMITS.tableRows)
    return `"rows" is ${count(definition.rows)}; at most ${count(EXPERIMENT_LIMITS.tableRows)} rows.`;
  const listProblem =
    boundedList(definition.rowsPerInsert, 'rowsPerInsert', EXPERIMENT_LIMITS.rowsPerInsert, 'rows per INSERT') ??
    boundedList(definition.writerThreads, 'writerThreads', EXPERIMENT_LIMITS.threads, 'writer threads');
  if (listProblem) return listProblem;
  const cells = bulkLoadCellCount(definition);
  if (cells > EXPERIMENT_LIMITS.cells) {
    return `The experiment has ${count(cells)} cells (rowsPerInsert ${definition.rowsPerInsert.length} x writerThreads ${definition.writerThreads.length} x keyOrder ${definition.keyOrder.length}${definition.tableLayouts ? ` x tableLayouts ${definition.tableLayouts.length}` : ''}${definition.secondaryIndex ? ` x secondaryIndex ${definition.secondaryIndex.length}` : ''} x repeat ${definition.repeat}); at most ${count(EXPERIMENT_LIMITS.cells)}.`;
  }
  return undefined;
}

export function tpccCellCount(definition: TpccExperimentDefinition): number {
  return definition.warehouses.length * definition.variants.length * definition.threads.length * definition.repeat;
}

function tpccProblem(definition: TpccExperimentDefinition): string | undefined {
  const listProblem =
    boundedList(definition.warehouses, 'warehouses', EXPERIMENT_LIMITS.warehouses, 'warehouses') ??
    boundedList(definition.threads, 'threads', EXPERIMENT_LIMITS.threads, 'threads per cell');
  if (listProblem) return listProblem;
  if (definition.loadThreads > EXPERIMENT_LIMITS.threads)
    return `"loadThreads" is ${count(definition.loadThreads)}; at most ${count(EXPERIMENT_LIMITS.threads)} load threads.`;
  const cells = tpccCellCount(definition);
  if (cells > EXPERIMENT_LIMITS.cells) {
    return `The experiment has ${count(cells)} cells (warehouses ${definition.warehouses.length} x variants ${definition.variants.length} x threads ${count(definition.threads.length)} x repeat ${definition.repeat}); at most ${count(EXPERIMENT_LIMITS.cells)}.`;
  }
  if (definition.time > EXPERIMENT_LIMITS.cellTimeSec)
    return `"time" is ${count(definition.time)} s; at most ${count(EXPERIMENT_LIMITS.cellTimeSec)} s (24 h) per cell.`;
  for (const [index, variant] of definition.variants.entries()) {
    const seconds = readinessSeconds(variant.ready);
    if (seconds > EXPERIMENT_LIMITS.readinessSec)
      return `"variants[${index}].ready" waits ${count(seconds)} s; at most ${count(EXPERIMENT_LIMITS.readinessSec)} s (24 h).`;
  }
  return undefined;
}

function boundedList(values: readonly number[], field: string, limit: number, what: string): string | undefined {
  const index = values.findIndex((value) => value > limit);
  return index < 0 ? undefined : `"${field}[${index}]" is ${count(values[index])}; at most ${count(limit)} ${what}.`;
}

function combinationCount(params: Record<string, OptionValue[]>): number {
  return Object.values(params).reduce((product, values) => product * values.length, 1);
}

/** One entry per workload and combination of its params (the time, events and tables its cells run with). */
function cellShapes(definition: SysbenchExperimentDefinition): CellShape[] {
  const shapes: CellShape[] = [];
  definition.workloads.forEach((workload, index) => {
    const layers: Array<[string, Record<string, OptionValue>]> = [
      ['options', definition.options],
      [`workloads[${index}].options`, workload.options ?? {}],
    ];
    const params = { ...definition.params, ...(workload.params ?? {}) };
    for (const combination of combinations(params)) {
      const paramField = (key: string) => (workload.params && key in workload.params ? `workloads[${index}].params` : 'params');
      const withParams = [
        ...layers,
        ...Object.entries(combination).map(([key, value]): [string, Record<string, OptionValue>] => [paramField(key), { [key]: value }]),
      ];
      shapes.push({
        workload: workload.name,
        time: numberOption(withParams, 'time', DEFAULT_TIME_SEC),
        events: numberOption(withParams, 'events', 0),
        tables: numberOption(withParams, 'tables', 1),
        warmup: numberOption(withParams, 'warmup-time', 0).value,
      });
    }
  });
  return shapes;
}

function combinations(params: Record<string, OptionValue[]>): Array<Record<string, OptionValue>> {
  let result: Array<Record<string, OptionValue>> = [{}];
  for (const [name, values] of Object.entries(params)) {
    result = result.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value })));
  }
  return result;
}

/** The option's value from the last layer that sets it (options, then the workload's, then params), with where it was set. */
function numberOption(layers: Array<[string, Record<string, OptionValue>]>, key: string, fallback: number): SourcedNumber {
  let found: SourcedNumber = { value: fallback, field: `options.${key}` };
  for (const [where, record] of layers) {
    for (const [name, value] of Object.entries(record)) {
      if (optionKey(name) !== key) continue;
      const number = typeof value === 'number' ? value : Number(value);
      // a value that is not a number is reported by the option checks when the cells are planned
      if (Number.isFinite(number)) found = { value: number, field: `${where}.${name}` };
    }
  }
  return found;
}

function readinessSleep(check: ReadinessCheck | undefined): number {
  return check?.kind === 'sleep' ? check.seconds : 0;
}

function readinessSeconds(check: ReadinessCheck | undefined): number {
  if (!check) return 0;
  if (check.kind === 'sleep') return check.seconds;
  if (check.kind === 'cache-hit') return ((check.attempts ?? 0) * (check.intervalMs ?? 0)) / 1000;
  return check.timeoutSec ?? 0;
}

function count(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
}
