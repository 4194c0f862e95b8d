// The experiment file format (JSON) and its validation. Three kinds:
//
// "sysbench" (the default): a matrix of workloads x thread counts x table sizes x variants x extra
// parameters. Data is prepared once per table size; every variant's set-up SQL runs before its
// cells and its tear-down SQL after them; a readiness check can wait until the set-up took effect.
//   {
//     "name": "cached vs normal",
//     "workloads": ["oltp_point_select", {"name": "oltp_read_write", "options": {"delete_inserts": 10},
//                   "params": {"point_selects": [10, 40, 160, 640]}}],
//     "threads": [8, 16, 32, 64, 128],
//     "tableSizes": [5000, 50000],
//     "options": {"time": 60, "tables": 1, "rand_type": "uniform", "report_interval": 10},
//     "variants": [
//       {"name": "normal"},
//       {"name": "cached", "setup": ["ALTER TABLE {table} CACHE"], "teardown": ["ALTER TABLE {table} NOCACHE"],
//        "ready": {"kind": "cache-hit"}}
//     ]
//   }
//
// "bulk-load": rows per INSERT x writer threads x ordered / shuffled primary keys, measuring rows/s,
// MB/s and the statement time percentiles.
//   {"kind": "bulk-load", "name": "batch size", "rows": 200000, "rowsPerInsert": [2000, 5000],
//    "writerThreads": [5, 10], "keyOrder": ["ordered", "shuffled"]}
// A bulk-load study is sized by "rows" or by "gb" (gigabytes of row data, 192 bytes a row).
// "tableLayouts" makes how the table keys its rows a variant (bulkLoadTable.ts has the DDL):
//   [{"name": "auto_increment", "primaryKey": "auto-increment"},
//    {"name": "auto_random", "primaryKey": "auto-random", "autoRandomBits": 5},
//    {"name": "shard_row_id", "primaryKey": "nonclustered", "shardRowIdBits": 4, "preSplitRegions": 2}]
// ("explicit" is the default: PRIMARY KEY (id) with the writers' ids; auto-random and nonclustered
// are TiDB's, and their cells are skipped with the reason on other servers); "secondaryIndex":
// [false, true] loads with and without sysbench's index k_1 on k.
//
// "tpcc": go-tpc's TPC-C at warehouse counts x thread counts x variants (tpccExperimentDefinition.ts).
//
// Placeholders in set-up and tear-down SQL: {table} (each sbtest table, quoted; the statement runs
// once per table), {schema} (the database, quoted), {qualifiedTable} (`db`.`sbtestN`).
// Readiness checks: cache-hit (TiDB cached tables: a TRACEd read shows no TiKV request),
// tiflash-replica (every replica available and caught up), sql (poll a query until its first value
// is true), sleep. sessionVariables are SET SESSION on every benchmark connection of the variant.
// "globalVariables" are SET GLOBAL before the experiment and set back to their old values after it
// (a study's server settings, e.g. {"tidb_table_cache_lease": 10}); a variable the server does not
// have is reported and left alone.
// "params" are extra matrix dimensions (option -> values), for all workloads or per workload;
// "tableSizes" defaults to [10000] (sysbench's default); "prepare": false uses the tables that are
// there; "repeat" runs every cell several times; "cleanup": false keeps the tables at the end.
// "options" takes any sysbench option but the connection's (mysql-host, mysql-user, ...), including
// "mysql_ignore_errors" for every cell (also given on the command line, which then wins).
import { isConnectionOption } from '../connection/connectionOptionNames';
import { findOption } from '../benchOptions';
import {
  allowKeys,
  array,
  boolean,
  ExperimentDefinitionError,
  integer,
  isObject,
  nonEmptyString,
  parseVariants,
  positiveInteger,
  positiveIntegers,
  variableRecord,
  withoutUndefined,
  type Json,
} from './experimentFields';
import { parseTpccExperiment } from './tpccExperimentDefinition';
import { experimentSizeProblem } from './experimentSize';
import { isWorkloadName } from '../sysbench/workloadCatalog';
import { BULK_LOAD_ROW_BYTES, rowsForGigabytes } from '../bulkLoad/bulkLoadRow';
import { MAX_SHARD_BITS, PRIMARY_KEY_KINDS } from '../bulkLoad/bulkLoadTable';
import type {
  BulkLoadExperimentDefinition,
  BulkLoadPrimaryKey,
  BulkLoadTableLayout,
  ExperimentDefinition,
  KeyOrder,
  OptionValue,
  SysbenchExperimentDefinition,
  WorkloadEntry,
} from './experimentModel';

// the model is re-exported so that importers of the parser keep one place to read both from
export type {
  BulkLoadExperimentDefinition,
  ExperimentDefinition,
  KeyOrder,
  OptionValue,
  ReadinessCheck,
  SysbenchExperimentDefinition,
  TpccExperimentDefinition,
  VariantDefinition,
  WorkloadEntry,
} from './experimentModel';

export { ExperimentDefinitionError } from './experimentFields';

export function parseExperimentDefinition(input: string | unknown): ExperimentDefinition {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      // a file saved "UTF-8 with BOM" (Windows editors) starts with U+FEFF, which JSON.parse refuses
      value = JSON.parse(input.startsWith('\uFEFF') ? input.slice(1) : input);
    } catch (error) {
      throw new ExperimentDefinitionError(`The experiment file is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isObject(value)) throw new ExperimentDefinitionError('The experiment must be a JSON object.');
  const kind = value.kind ?? 'sysbench';
  if (kind !== 'sysbench' && kind !== 'bulk-load' && kind !== 'tpcc')
    throw new ExperimentDefinitionError(`Unknown experiment kind '${String(kind)}' (sysbench, bulk-load or tpcc).`);
  const definition = kind === 'bulk-load' ? parseBulkLoad(value) : kind === 'tpcc' ? parseTpccExperiment(value) : parseSysbench(value);
  const tooBig = experimentSizeProblem(definition);
  if (tooBig) throw new ExperimentDefinitionError(tooBig);
  return definition;
}

function parseSysbench(value: Json): SysbenchExperimentDefinition {
  allowKeys(
    value,
    [
      'kind',
      'name',
      'workloads',
      'threads',
      'tableSizes',
      'options',
      'variants',
      'params',
      'globalVariables',
      'repeat',
      'prepare',
      'cleanup',
    ],
    'experiment',
  );
  const options = optionRecord(value.options ?? {}, 'options');
  const workloads = array(value.workloads, 'workloads').map((entry, index) => parseWorkloadEntry(entry, `workloads[${index}]`));
  if (workloads.length === 0) throw new ExperimentDefinitionError('"workloads" needs at least one workload.');
  const threads = positiveIntegers(value.threads, 'threads');
  const tableSizes = value.tableSizes === undefined ? [10000] : positiveIntegers(value.tableSizes, 'tableSizes');
  const variants = parseVariants(value.variants);
  for (const name of Object.keys(options)) {
    const key = name.replace(/-/g, '_');
    if (key === 'threads' || key === 'table_size')
      throw new ExperimentDefinitionError(`"options.${name}": use "${key === 'threads' ? 'threads' : 'tableSizes'}" for this dimension.`);
    if (findOption(name) === undefined) throw new ExperimentDefinitionError(`"options.${name}" is not a sysbench option.`);
    if (isConnectionOption(name))
      throw new ExperimentDefinitionError(
        `"options.${name}": connection options come from the command line or the connection, not the experiment.`,
      );
  }
  return {
    kind: 'sysbench',
    name: nonEmptyString(value.name, 'name'),
    workloads,
    threads,
    tableSizes,
    options,
    variants,
    params: paramRecord(value.params ?? {}, 'params'),
    ...(value.globalVariables === undefined ? {} : { globalVariables: variableRecord(value.globalVariables, 'globalVariables') }),
    repeat: value.repeat === undefined ? 1 : positiveInteger(value.repeat, 'repeat'),
    prepare: value.prepare === undefined ? true : boolean(value.prepare, 'prepare'),
    cleanup: value.cleanup === undefined ? true : boolean(value.cleanup, 'cleanup'),
  };
}

function parseBulkLoad(value: Json): BulkLoadExperimentDefinition {
  allowKeys(
    value,
    [
      'kind',
      'name',
      'rows',
      'gb',
      'rowsPerInsert',
      'writerThreads',
      'keyOrder',
      'tableLayouts',
      'secondaryIndex',
      'table',
      'repeat',
      'seed',
    ],
    'bulk-load experiment',
  );
  const size = bulkLoadSize(value);
  const keyOrder =
    value.keyOrder === undefined
      ? (['ordered', 'shuffled'] as KeyOrder[])
      : array(value.keyOrder, 'keyOrder').map((entry, index) => {
          if (entry !== 'ordered' && entry !== 'shuffled')
            throw new ExperimentDefinitionError(`"keyOrder[${index}]" must be "ordered" or "shuffled".`);
          return entry;
        });
  const table = value.table === undefined ? 'tidblab_bulk_load' : nonEmptyString(value.table, 'table');
  if (/^sbtest\d+$/i.test(table))
    throw new ExperimentDefinitionError('"table": pick a name other than sbtestN, so a bulk-load experiment never drops sysbench tables.');
  const seed = value.seed === undefined ? 0 : integer(value.seed, 'seed');
  return {
    kind: 'bulk-load',
    name: nonEmptyString(value.name, 'name'),
    ...size,
    rowsPerInsert: positiveIntegers(value.rowsPerInsert, 'rowsPerInsert'),
    writerThreads: positiveIntegers(value.writerThreads, 'writerThreads'),
    keyOrder,
    ...(value.tableLayouts === undefined ? {} : { tableLayouts: tableLayouts(value.tableLayouts) }),
    ...(value.secondaryIndex === undefined ? {} : { secondaryIndex: secondaryIndexOptions(value.secondaryIndex) }),
    table,
    repeat: value.repeat === undefined ? 1 : positiveInteger(value.repeat, 'repeat'),
    seed,
  };
}

function tableLayouts(value: unknown): BulkLoadTableLayout[] {
  const layouts = array(value, 'tableLayouts').map((entry, index) => tableLayout(entry, `tableLayouts[${index}]`));
  if (layouts.length === 0) throw new ExperimentDefinitionError('"tableLayouts" needs at least one layout (or leave it out).');
  const names = new Set<string>();
  for (const layout of layouts) {
    if (names.has(layout.name)) throw new ExperimentDefinitionError(`Two table layouts are called '${layout.name}'.`);
    names.add(layout.name);
  }
  return layouts;
}

/** A table layout as TiDB accepts it: each TiDB option only where TiDB's documentation allows it. */
function tableLayout(entry: unknown, where: string): BulkLoadTableLayout {
  if (!isObject(entry)) throw new ExperimentDefinitionError(`"${where}" must be an object with a "name" and a "primaryKey".`);
  allowKeys(entry, ['name', 'primaryKey', 'autoRandomBits', 'shardRowIdBits', 'preSplitRegions'], where);
  const name = nonEmptyString(entry.name, `${where}.name`);
  const primaryKey = entry.primaryKey;
  if (typeof primaryKey !== 'string' || !(PRIMARY_KEY_KINDS as readonly string[]).includes(primaryKey))
    throw new ExperimentDefinitionError(`"${where}.primaryKey" must be ${PRIMARY_KEY_KINDS.map((kind) => `"${kind}"`).join(', ')}.`);
  const layout: BulkLoadTableLayout = { name, primaryKey: primaryKey as BulkLoadPrimaryKey };
  if (entry.autoRandomBits !== undefined) {
    if (layout.primaryKey !== 'auto-random')
      throw new ExperimentDefinitionError(`"${where}.autoRandomBits" goes with "primaryKey": "auto-random" (AUTO_RANDOM(bits)).`);
    layout.autoRandomBits = shardBits(entry.autoRandomBits, `${where}.autoRandomBits`);
  }
  if (entry.shardRowIdBits !== undefined) {
    if (layout.primaryKey !== 'nonclustered')
      throw new ExperimentDefinitionError(
        `"${where}.shardRowIdBits": SHARD_ROW_ID_BITS shards the hidden row id of a table without a clustered integer key; use "primaryKey": "nonclustered".`,
      );
    layout.shardRowIdBits = shardBits(entry.shardRowIdBits, `${where}.shardRowIdBits`);
  }
  if (entry.preSplitRegions !== undefined) {
    if (layout.shardRowIdBits === undefined)
      throw new ExperimentDefinitionError(`"${where}.preSplitRegions": PRE_SPLIT_REGIONS goes with "shardRowIdBits" (SHARD_ROW_ID_BITS).`);
    const regions = positiveInteger(entry.preSplitRegions, `${where}.preSplitRegions`);
    if (regions > layout.shardRowIdBits)
      throw new ExperimentDefinitionError(
        `"${where}.preSplitRegions" is ${regions}; TiDB wants PRE_SPLIT_REGIONS at most SHARD_ROW_ID_BITS (${layout.shardRowIdBits}).`,
      );
    layout.preSplitRegions = regions;
  }
  return layout;
}

function shardBits(value: unknown, where: string): number {
  const bits = positiveInteger(value, where);
  if (bits > MAX_SHARD_BITS) throw new ExperimentDefinitionError(`"${where}" is ${bits}; TiDB takes 1 to ${MAX_SHARD_BITS} shard bits.`);
  return bits;
}

function secondaryIndexOptions(value: unknown): boolean[] {
  const options = array(value, 'secondaryIndex').map((entry, index) => boolean(entry, `secondaryIndex[${index}]`));
  if (options.length === 0)
    throw new ExperimentDefinitionError('"secondaryIndex" needs at least one value: [false], [true] or [false, true].');
  if (new Set(options).size !== options.length) throw new ExperimentDefinitionError('"secondaryIndex" lists a value twice.');
  return options;
}

/** "rows", or "gb" of row data (rows follows from it); both only when they agree. */
function bulkLoadSize(value: Json): { rows: number; gb?: number } {
  if (value.gb === undefined) return { rows: positiveInteger(value.rows, 'rows') };
  if (typeof value.gb !== 'number' || !Number.isFinite(value.gb) || value.gb <= 0)
    throw new ExperimentDefinitionError('"gb" must be a number of gigabytes above 0.');
  const rows = rowsForGigabytes(value.gb);
  if (value.rows !== undefined && value.rows !== rows) {
    throw new ExperimentDefinitionError(
      `Give "rows" or "gb", not both: ${value.gb} GB of row data is ${rows} rows of ${BULK_LOAD_ROW_BYTES} bytes, not ${String(value.rows)}.`,
    );
  }
  return { rows, gb: value.gb };
}

function parseWorkloadEntry(entry: unknown, where: string): WorkloadEntry {
  if (typeof entry === 'string') {
    if (!isWorkloadName(entry)) throw new ExperimentDefinitionError(`"${where}": unknown workload '${entry}'.`);
    if (entry === 'bulk_insert')
      throw new ExperimentDefinitionError(`"${where}": bulk_insert is not a matrix workload; use a "bulk-load" experiment.`);
    return { name: entry };
  }
  if (!isObject(entry))
    throw new ExperimentDefinitionError(`"${where}" must be a workload name or {"name": ..., "options": {...}, "params": {...}}.`);
  allowKeys(entry, ['name', 'options', 'params'], where);
  const name = nonEmptyString(entry.name, `${where}.name`);
  if (!isWorkloadName(name) || name === 'bulk_insert') throw new ExperimentDefinitionError(`"${where}.name": unknown workload '${name}'.`);
  return withoutUndefined({
    name,
    options: entry.options === undefined ? undefined : optionRecord(entry.options, `${where}.options`),
    params: entry.params === undefined ? undefined : paramRecord(entry.params, `${where}.params`),
  });
}

function optionRecord(value: unknown, where: string): Record<string, OptionValue> {
  if (!isObject(value)) throw new ExperimentDefinitionError(`"${where}" must be an object of option: value.`);
  const record: Record<string, OptionValue> = {};
  for (const [name, option] of Object.entries(value)) {
    if (typeof option !== 'string' && typeof option !== 'number' && typeof option !== 'boolean') {
      throw new ExperimentDefinitionError(`"${where}.${name}" must be a text, a number or true/false.`);
    }
    if (findOption(name) === undefined) throw new ExperimentDefinitionError(`"${where}.${name}" is not a sysbench option.`);
    record[name] = option;
  }
  return record;
}

function paramRecord(value: unknown, where: string): Record<string, OptionValue[]> {
  if (!isObject(value)) throw new ExperimentDefinitionError(`"${where}" must be an object of option: [values].`);
  const record: Record<string, OptionValue[]> = {};
  for (const [name, values] of Object.entries(value)) {
    if (findOption(name) === undefined) throw new ExperimentDefinitionError(`"${where}.${name}" is not a sysbench option.`);
    const list = array(values, `${where}.${name}`);
    if (list.length === 0) throw new ExperimentDefinitionError(`"${where}.${name}" needs at least one value.`);
    record[name] = list.map((entry, index) => {
      if (typeof entry !== 'string' && typeof entry !== 'number' && typeof entry !== 'boolean') {
        throw new ExperimentDefinitionError(`"${where}.${name}[${index}]" must be a text, a number or true/false.`);
      }
      return entry;
    });
  }
  return record;
}
