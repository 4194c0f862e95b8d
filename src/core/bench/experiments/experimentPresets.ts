// The ready experiments: the studies TiDB users ran by hand (anchors.md, "Experiments the users run
// by hand today"), each as a complete experiment definition in the engine's format, so the editor
// shows every knob and a user can change any of them before it starts. Presets that need TiDB
// features say why they cannot run elsewhere.
import type { ServerIdentity } from '../../db/serverFlavor';
import { checkCachedTablesAvailable, checkTiFlashAvailable } from '../../tidb/tableControlPreChecks';
import { TABLE_CACHE_LEASE } from '../../tidb/tidbFacts';
import type { BulkLoadExperimentDefinition, ExperimentDefinition, SysbenchExperimentDefinition } from './experimentDefinition';

export type PresetRequirement = 'any' | 'tidb-cached-tables' | 'tidb-tiflash';

export interface ExperimentPreset {
  id: string;
  title: string;
  description: string;
  requires: PresetRequirement;
  definition: ExperimentDefinition;
}

export type PresetAvailability = { available: true } | { available: false; reason: string };

const STUDY_THREADS = [8, 16, 32, 64, 128];

// The cached-table study (studies/000): sysbench 1.0.20 with its defaults (rand type special) except
// --time=600 --report-interval=10 --tables=1, and for the read/write mix --delete_inserts=10
// --index_updates=0 --non_index_updates=0 with --point_selects 10/40/160/640; the lease was raised
// to 10 s after the cache kept reloading under load at the default 3 s.
const cachedVsNormal: SysbenchExperimentDefinition = {
  kind: 'sysbench',
  name: 'Cached table vs normal table',
  workloads: [
    { name: 'oltp_point_select' },
    { name: 'oltp_read_only' },
    { name: 'select_random_points' },
    { name: 'select_random_ranges' },
    {
      name: 'oltp_read_write',
      options: { delete_inserts: 10, index_updates: 0, non_index_updates: 0 },
      params: { point_selects: [10, 40, 160, 640] },
    },
  ],
  threads: STUDY_THREADS,
  tableSizes: [5000, 50000],
  options: { time: 600, tables: 1, rand_type: 'special', report_interval: 10 },
  variants: [
    { name: 'normal' },
    {
      name: 'cached',
      setup: ['ALTER TABLE {table} CACHE'],
      teardown: ['ALTER TABLE {table} NOCACHE'],
      ready: { kind: 'cache-hit' },
    },
  ],
  params: {},
  globalVariables: { [TABLE_CACHE_LEASE.variable]: TABLE_CACHE_LEASE.maxSeconds },
  repeat: 1,
  prepare: true,
  cleanup: true,
};

// The TiFlash study (studies/004): its sysbench.conf (time=120, threads=16, report-interval=10),
// 32 tables of 1,000,000 rows, sysbench's default rand type, and the global setting it made first.
const tiflashReplicas: SysbenchExperimentDefinition = {
  kind: 'sysbench',
  name: 'With vs without TiFlash replicas',
  workloads: [{ name: 'oltp_point_select' }, { name: 'oltp_update_index' }, { name: 'oltp_read_only' }],
  threads: [16],
  tableSizes: [1_000_000],
  options: { time: 120, tables: 32, rand_type: 'special', report_interval: 10 },
  variants: [
    { name: 'no replica' },
    {
      name: 'TiFlash replica',
      setup: ['ALTER TABLE {table} SET TIFLASH REPLICA 1'],
      teardown: ['ALTER TABLE {table} SET TIFLASH REPLICA 0'],
      ready: { kind: 'tiflash-replica', timeoutSec: 1800 },
    },
  ],
  params: {},
  globalVariables: { tidb_disable_txn_auto_retry: 'off' },
  repeat: 1,
  prepare: true,
  cleanup: true,
};

const threadSweep: SysbenchExperimentDefinition = {
  kind: 'sysbench',
  name: 'Thread sweep',
  workloads: [{ name: 'oltp_point_select' }, { name: 'oltp_read_only' }, { name: 'oltp_read_write' }],
  threads: STUDY_THREADS,
  tableSizes: [10000],
  options: { time: 30, tables: 1, rand_type: 'uniform', report_interval: 1 },
  variants: [{ name: 'default' }],
  params: {},
  repeat: 1,
  prepare: true,
  cleanup: true,
};

const bulkLoadBatches: BulkLoadExperimentDefinition = {
  kind: 'bulk-load',
  name: 'Bulk load: rows per batch, writer threads, key order',
  rows: 200_000,
  rowsPerInsert: [2000, 5000],
  writerThreads: [5, 10],
  keyOrder: ['ordered', 'shuffled'],
  table: 'tidblab_bulk_load',
  repeat: 1,
  seed: 0,
};

// The tuning study's key-order comparison (studies/003, its second and third load): the same
// 5,000,000-row data file loaded with 2,000 rows per batch by 10 threads, once with the primary
// keys in file order and once shuffled ("乱序"); the study measured the load time per million rows
// and how evenly the hot region leaders spread.
const bulkLoadKeyOrder: BulkLoadExperimentDefinition = {
  kind: 'bulk-load',
  name: 'Bulk load: ordered vs shuffled primary keys (tuning study)',
  rows: 5_000_000,
  rowsPerInsert: [2000],
  writerThreads: [10],
  keyOrder: ['ordered', 'shuffled'],
  table: 'tidblab_bulk_load',
  repeat: 1,
  seed: 0,
};

const bulkLoadPool: BulkLoadExperimentDefinition = {
  kind: 'bulk-load',
  name: 'Bulk load: load pool size and rows per statement',
  rows: 200_000,
  rowsPerInsert: [310, 1000, 2500, 7426],
  writerThreads: [2, 4, 8, 16, 32, 64],
  keyOrder: ['ordered'],
  table: 'tidblab_bulk_load',
  repeat: 1,
  seed: 0,
};

export const EXPERIMENT_PRESETS: readonly ExperimentPreset[] = [
  {
    id: 'cached-vs-normal',
    title: 'Cached table vs normal table',
    description:
      'The study as published: oltp_point_select, oltp_read_only, select_random_points, select_random_ranges and oltp_read_write (delete_inserts 10, index_updates 0, non_index_updates 0, point_selects 10/40/160/640) at 8-128 threads on 1 table of 5,000 and of 50,000 rows, 600 s a cell, rand type special, tidb_table_cache_lease 10 s (set back after), with and without ALTER TABLE ... CACHE; "% change of cached over normal" per threads and workload.',
    requires: 'tidb-cached-tables',
    definition: cachedVsNormal,
  },
  {
    id: 'tiflash-replicas',
    title: 'With vs without TiFlash replicas',
    description:
      'The study as published: oltp_point_select, oltp_update_index and oltp_read_only on 32 tables of 1,000,000 rows, 16 threads, 120 s, rand type special, tidb_disable_txn_auto_retry off (set back after), without and with a TiFlash replica of every table.',
    requires: 'tidb-tiflash',
    definition: tiflashReplicas,
  },
  {
    id: 'thread-sweep',
    title: 'Thread sweep',
    description:
      'oltp_point_select, oltp_read_only and oltp_read_write at 8, 16, 32, 64 and 128 threads: where throughput stops growing and latency starts to.',
    requires: 'any',
    definition: threadSweep,
  },
  {
    id: 'bulk-load-batches',
    title: 'Bulk-load tuning: batch size, writers, key order',
    description:
      '200,000 rows loaded with 2,000 vs 5,000 rows per INSERT, 5 vs 10 writer threads, ordered vs shuffled primary keys: rows/s, MB/s and p99 statement time.',
    requires: 'any',
    definition: bulkLoadBatches,
  },
  {
    id: 'bulk-load-key-order',
    title: 'Bulk-load tuning: ordered vs shuffled primary keys',
    description:
      "The tuning study's key-order comparison: 5,000,000 rows, 2,000 rows per INSERT, 10 writer threads, primary keys in order vs shuffled: rows/s, MB/s and p99 statement time.",
    requires: 'any',
    definition: bulkLoadKeyOrder,
  },
  {
    id: 'bulk-load-pool',
    title: 'Bulk-load tuning: load pool size and rows per statement',
    description: 'Load pool of 2 to 64 writers and 310 to 7,426 rows per statement: import MB/s and p99 statement time.',
    requires: 'any',
    definition: bulkLoadPool,
  },
];

export function findPreset(id: string): ExperimentPreset | undefined {
  return EXPERIMENT_PRESETS.find((preset) => preset.id === id);
}

/** Whether the preset can run on this server, and if not, why (in the words of the TiDB pre-checks). */
export function presetAvailability(preset: ExperimentPreset, server: ServerIdentity): PresetAvailability {
  switch (preset.requires) {
    case 'any':
      return { available: true };
    case 'tidb-cached-tables':
      return fromPreCheck(checkCachedTablesAvailable(server));
    case 'tidb-tiflash':
      return fromPreCheck(checkTiFlashAvailable(server));
  }
}

function fromPreCheck(check: { allowed: boolean; problems: { message: string }[] }): PresetAvailability {
  return check.allowed ? { available: true } : { available: false, reason: check.problems.map((problem) => problem.message).join(' ') };
}

/** The ids and titles of the presets, one a line (`tidb-lab bench presets`). */
export function presetListing(): string {
  const width = Math.max(...EXPERIMENT_PRESETS.map((preset) => preset.id.length));
  return (
    EXPERIMENT_PRESETS.map(
      (preset) =>
        `${preset.id.padEnd(width)}  ${preset.title}${preset.requires === 'any' ? '' : ` (${preset.requires === 'tidb-tiflash' ? 'TiDB with TiFlash' : 'TiDB >= v6.0.0'})`}`,
    ).join('\n') + '\n'
  );
}

/** The preset as the JSON document the user edits before running it. */
export function presetDocument(preset: ExperimentPreset): string {
  return `${JSON.stringify(preset.definition, null, 2)}\n`;
}
