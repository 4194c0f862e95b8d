// The experiment definition as the runner reads it, after validation (experimentDefinition.ts parses
// and checks the JSON file format described there).
import type { WorkloadName } from '../sysbench/workloadCatalog';

export type OptionValue = string | number | boolean;

export type ReadinessCheck =
  | { kind: 'cache-hit'; attempts?: number; intervalMs?: number }
  | { kind: 'tiflash-replica'; timeoutSec?: number }
  | { kind: 'sql'; query: string; timeoutSec?: number; intervalMs?: number }
  | { kind: 'sleep'; seconds: number };

export interface VariantDefinition {
  name: string;
  setup?: string[];
  teardown?: string[];
  sessionVariables?: Record<string, string | number>;
  ready?: ReadinessCheck;
}

export interface WorkloadEntry {
  name: WorkloadName;
  options?: Record<string, OptionValue>;
  params?: Record<string, OptionValue[]>;
}

export interface SysbenchExperimentDefinition {
  kind: 'sysbench';
  name: string;
  workloads: WorkloadEntry[];
  threads: number[];
  tableSizes: number[];
  options: Record<string, OptionValue>;
  variants: VariantDefinition[];
  params: Record<string, OptionValue[]>;
  /** SET GLOBAL for the experiment, restored after it */
  globalVariables?: Record<string, string | number>;
  repeat: number;
  prepare: boolean;
  cleanup: boolean;
}

export type KeyOrder = 'ordered' | 'shuffled';

/**
 * How a bulk-load table keys its rows:
 * - explicit: `PRIMARY KEY (id)`, the writers send the ids (ordered or shuffled), as today;
 * - auto-increment: `id BIGINT NOT NULL AUTO_INCREMENT`, the server assigns the ids;
 * - auto-random (TiDB): `id BIGINT AUTO_RANDOM[(bits)]` as a clustered primary key, the server
 *   assigns random-prefixed ids;
 * - nonclustered (TiDB): `PRIMARY KEY (id) NONCLUSTERED`, rows keyed by the hidden _tidb_rowid,
 *   optionally sharded (`SHARD_ROW_ID_BITS`) and pre-split (`PRE_SPLIT_REGIONS`); the writers send the ids.
 */
export type BulkLoadPrimaryKey = 'explicit' | 'auto-increment' | 'auto-random' | 'nonclustered';

export interface BulkLoadTableLayout {
  name: string;
  primaryKey: BulkLoadPrimaryKey;
  /** AUTO_RANDOM(bits): shard bits, 1..15 (TiDB's default 5 when absent) */
  autoRandomBits?: number;
  /** SHARD_ROW_ID_BITS = n, 1..15 (nonclustered only) */
  shardRowIdBits?: number;
  /** PRE_SPLIT_REGIONS = n: 2^n regions at CREATE TABLE, at most shardRowIdBits (TiDB's rule) */
  preSplitRegions?: number;
}

export interface BulkLoadExperimentDefinition {
  kind: 'bulk-load';
  name: string;
  rows: number;
  /** the size asked for in GB of row data, when the study was sized that way (rows follows from it) */
  gb?: number;
  rowsPerInsert: number[];
  writerThreads: number[];
  keyOrder: KeyOrder[];
  /** table layouts as variants (absent: one layout, the explicit clustered key) */
  tableLayouts?: BulkLoadTableLayout[];
  /** with and/or without sysbench's secondary index k_1 on k (create_secondary), created with the table; absent: [false] */
  secondaryIndex?: boolean[];
  table: string;
  repeat: number;
  seed: number;
}

/** go-tpc's TPC-C as an experiment: warehouses x threads x variants, tpmC per cell. */
export interface TpccExperimentDefinition {
  kind: 'tpcc';
  name: string;
  /** the data is loaded once per warehouse count (skipped when the tables hold it and pass go-tpc's check) */
  warehouses: number[];
  threads: number[];
  /** seconds each cell runs */
  time: number;
  /** seconds between a cell's interval reports */
  interval: number;
  variants: VariantDefinition[];
  /** SET GLOBAL for the experiment, restored after it */
  globalVariables?: Record<string, string | number>;
  repeat: number;
  /** load the data when it is not there; false: run on the tables as they are */
  prepare: boolean;
  /** threads of the loader (go-tpc prepare's --threads) */
  loadThreads: number;
  /** go-tpc's --ignore-error: a failed transaction does not stop its thread */
  ignoreError: boolean;
  /** drop the TPC-C tables at the end */
  cleanup: boolean;
}

export type ExperimentDefinition = SysbenchExperimentDefinition | BulkLoadExperimentDefinition | TpccExperimentDefinition;
