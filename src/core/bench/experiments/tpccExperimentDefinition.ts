// The "tpcc" experiment kind: go-tpc's TPC-C (tpcc/runTpcc.ts) at each warehouse count x thread
// count x variant, every cell measuring tpmC, efficiency, each transaction's count and New-Order's
// latency percentiles.
//   {"kind": "tpcc", "name": "TPC-C threads", "warehouses": [1, 4], "threads": [4, 16, 32], "time": 60,
//    "variants": [{"name": "default"}, {"name": "item cached", "setup": ["ALTER TABLE item CACHE"],
//                  "teardown": ["ALTER TABLE item NOCACHE"]}]}
// The data is loaded once per warehouse count (go-tpc's prepare, its load threads "loadThreads",
// default 4), and not at all when the tables already hold that many warehouses and pass go-tpc's
// check; "prepare": false runs on the tables as they are. Variants work as in sysbench experiments;
// {table} in their SQL stands for each of the nine TPC-C tables. "time" is each cell's seconds
// (default 60), "interval" its report interval (default 10), "ignoreError" go-tpc's --ignore-error
// (default false, as go-tpc), "cleanup": true drops the tables at the end (default false: loading
// is the slow part, so the data is kept for the next experiment).
import {
  allowKeys,
  boolean,
  ExperimentDefinitionError,
  nonEmptyString,
  parseVariants,
  positiveInteger,
  positiveIntegers,
  variableRecord,
  type Json,
} from './experimentFields';
import type { TpccExperimentDefinition } from './experimentModel';

export const TPCC_EXPERIMENT_DEFAULTS = { time: 60, interval: 10, loadThreads: 4 } as const;

const KNOWN_FIELDS = [
  'kind',
  'name',
  'warehouses',
  'threads',
  'time',
  'interval',
  'variants',
  'globalVariables',
  'repeat',
  'prepare',
  'loadThreads',
  'ignoreError',
  'cleanup',
];

export function parseTpccExperiment(value: Json): TpccExperimentDefinition {
  if (value.tableSizes !== undefined)
    throw new ExperimentDefinitionError('"tableSizes": a tpcc experiment is sized by "warehouses" (the data TPC-C loads for each).');
  if (value.workloads !== undefined)
    throw new ExperimentDefinitionError('"workloads": a tpcc experiment runs TPC-C\'s transaction mix; leave "workloads" out.');
  allowKeys(value, KNOWN_FIELDS, 'tpcc experiment');
  const warehouses = positiveIntegers(value.warehouses, 'warehouses');
  if (new Set(warehouses).size !== warehouses.length) throw new ExperimentDefinitionError('"warehouses" lists a count twice.');
  const time = value.time === undefined ? TPCC_EXPERIMENT_DEFAULTS.time : positiveInteger(value.time, 'time');
  const interval = value.interval === undefined ? TPCC_EXPERIMENT_DEFAULTS.interval : positiveInteger(value.interval, 'interval');
  if (interval > time)
    throw new ExperimentDefinitionError(
      `"interval" is ${interval} s, longer than a cell's "time" (${time} s): a cell would report no interval.`,
    );
  return {
    kind: 'tpcc',
    name: nonEmptyString(value.name, 'name'),
    warehouses,
    threads: positiveIntegers(value.threads, 'threads'),
    time,
    interval,
    variants: parseVariants(value.variants),
    ...(value.globalVariables === undefined ? {} : { globalVariables: variableRecord(value.globalVariables, 'globalVariables') }),
    repeat: value.repeat === undefined ? 1 : positiveInteger(value.repeat, 'repeat'),
    prepare: value.prepare === undefined ? true : boolean(value.prepare, 'prepare'),
    loadThreads: value.loadThreads === undefined ? TPCC_EXPERIMENT_DEFAULTS.loadThreads : positiveInteger(value.loadThreads, 'loadThreads'),
    ignoreError: value.ignoreError === undefined ? false : boolean(value.ignoreError, 'ignoreError'),
    cleanup: value.cleanup === undefined ? false : boolean(value.cleanup, 'cleanup'),
  };
}
