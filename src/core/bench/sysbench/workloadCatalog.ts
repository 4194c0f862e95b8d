// The sysbench 1.0.20 workloads we reproduce and the facts about each that the engine needs.

export const WORKLOAD_NAMES = [
  'oltp_point_select',
  'oltp_read_only',
  'oltp_read_write',
  'oltp_write_only',
  'oltp_update_index',
  'oltp_update_non_index',
  'oltp_insert',
  'oltp_delete',
  'select_random_points',
  'select_random_ranges',
  'bulk_insert',
] as const;

export type WorkloadName = (typeof WORKLOAD_NAMES)[number];

/** Statement groups of oltp_common.lua, in the order a workload prepares them. */
export type StatementGroup =
  | 'begin'
  | 'commit'
  | 'point_selects'
  | 'simple_ranges'
  | 'sum_ranges'
  | 'order_ranges'
  | 'distinct_ranges'
  | 'index_updates'
  | 'non_index_updates'
  | 'deletes'
  | 'inserts';

export interface WorkloadSpec {
  name: WorkloadName;
  description: string;
  /** takes oltp_common.lua's options (table_size, tables, ...) */
  usesOltpOptions: boolean;
  /** asserts --tables=1 (select_random_*) */
  singleTable: boolean;
  /** what prepare creates */
  prepare: 'oltp' | 'oltp_insert' | 'bulk_insert';
}

const SPECS: Record<WorkloadName, WorkloadSpec> = {
  oltp_point_select: {
    name: 'oltp_point_select',
    description: 'one primary-key point SELECT per event, no transaction',
    usesOltpOptions: true,
    singleTable: false,
    prepare: 'oltp',
  },
  oltp_read_only: {
    name: 'oltp_read_only',
    description: 'point and range SELECTs in a transaction',
    usesOltpOptions: true,
    singleTable: false,
    prepare: 'oltp',
  },
  oltp_read_write: {
    name: 'oltp_read_write',
    description: 'SELECTs, UPDATEs, a DELETE and an INSERT in a transaction',
    usesOltpOptions: true,
    singleTable: false,
    prepare: 'oltp',
  },
  oltp_write_only: {
    name: 'oltp_write_only',
    description: 'UPDATEs, a DELETE and an INSERT in a transaction',
    usesOltpOptions: true,
    singleTable: false,
    prepare: 'oltp',
  },
  oltp_update_index: {
    name: 'oltp_update_index',
    description: 'UPDATE of the indexed column k',
    usesOltpOptions: true,
    singleTable: false,
    prepare: 'oltp',
  },
  oltp_update_non_index: {
    name: 'oltp_update_non_index',
    description: 'UPDATE of the non-indexed column c',
    usesOltpOptions: true,
    singleTable: false,
    prepare: 'oltp',
  },
  oltp_insert: {
    name: 'oltp_insert',
    description: 'single-row INSERTs (not prepared)',
    usesOltpOptions: true,
    singleTable: false,
    prepare: 'oltp_insert',
  },
  oltp_delete: { name: 'oltp_delete', description: 'DELETE by primary key', usesOltpOptions: true, singleTable: false, prepare: 'oltp' },
  select_random_points: {
    name: 'select_random_points',
    description: 'SELECT ... WHERE k IN (10 random values)',
    usesOltpOptions: true,
    singleTable: true,
    prepare: 'oltp',
  },
  select_random_ranges: {
    name: 'select_random_ranges',
    description: 'SELECT count(k) over 10 random k ranges',
    usesOltpOptions: true,
    singleTable: true,
    prepare: 'oltp',
  },
  bulk_insert: {
    name: 'bulk_insert',
    description: 'multi-row INSERTs of (n, n) into one table per thread',
    usesOltpOptions: false,
    singleTable: false,
    prepare: 'bulk_insert',
  },
};

export function isWorkloadName(name: string): name is WorkloadName {
  return (WORKLOAD_NAMES as readonly string[]).includes(name);
}

export function workloadSpec(name: WorkloadName): WorkloadSpec {
  return SPECS[name];
}
