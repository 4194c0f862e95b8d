// What the TiDB stand-in (test code) remembers beyond the real MariaDB behind it: which tables are
// cached and whether their cache is loaded, TiFlash replicas and their progress, TiDB variables.
// Shared by every client connection, like a cluster's state; tests may read and change it.

import { StatementSummaryStore } from './statementSummary';
import { StandInRegions } from './standInRegions';
import { identifyServer } from '../../src/core/db/serverFlavor';
import type { ClusterComponent } from '../../src/core/tidb/clusterTopology';
import { TABLE_CACHE_LEASE } from '../../src/core/tidb/tidbFacts';

/** A row of information_schema.cluster_info. */
export type ClusterComponentRow = ClusterComponent;

export interface CachedTableState {
  schema: string;
  table: string;
  /** when the load triggered by the first read completes; null until a read triggers it */
  loadReadyAt: number | null;
}

export interface ReplicaState {
  schema: string;
  table: string;
  count: number;
  locationLabels: string[];
  /** when the current count was set; progress restarts on every change */
  startedAt: number;
  /** AVAILABLE stays 1 once it was 1 */
  becameAvailable: boolean;
}

export interface ReplicaRow {
  schema: string;
  table: string;
  tableId: number;
  count: number;
  locationLabels: string;
  available: 0 | 1;
  progress: number;
}

export interface StandInStateSettings {
  versionString: string;
  tiflashNodes: number;
  replicaProgressPerSecond: number;
  tableSizeOverridesBytes: Record<string, number>;
  serverless: boolean;
  otherComponents?: ClusterComponentRow[];
  cacheLoadDelayMs: number;
}

const RECEIVED_STATEMENTS_KEPT = 500;

/** A global binding as SHOW GLOBAL BINDINGS lists it. */
export interface BindingRow {
  originalSql: string;
  bindSql: string;
  defaultDb: string;
  status: string;
  createTime: string;
  updateTime: string;
  charset: string;
  collation: string;
  source: string;
  sqlDigest: string;
  planDigest: string;
}

export class TiDBStandInState {
  versionString: string;
  /** TiFlash nodes in cluster_info and the limit for SET TIFLASH REPLICA */
  tiflashNodes: number;
  /** how much PROGRESS grows per second (0.5: a replica catches up in 2 s) */
  replicaProgressPerSecond: number;
  /** "schema.table" (or "table") -> bytes reported instead of the real size */
  readonly tableSizeOverridesBytes: Map<string, number>;
  /** cluster_info is refused, like on TiDB Cloud Serverless/Starter */
  serverless: boolean;
  /** the non-TiFlash rows of cluster_info */
  otherComponents: ClusterComponentRow[];
  cacheLoadDelayMs: number;
  /** tidb_* variables set with SET [GLOBAL]; the stand-in keeps one scope for both */
  readonly tidbVariables = new Map<string, string>([
    [TABLE_CACHE_LEASE.variable, String(TABLE_CACHE_LEASE.defaultSeconds)],
    ['tidb_isolation_read_engines', 'tikv,tidb,tiflash'],
    ['tidb_allow_mpp', 'ON'],
    ['tidb_enforce_mpp', 'OFF'],
  ]);
  /** information_schema.statements_summary and its cluster and _history tables (statementSummary.ts) */
  readonly statementSummary: StatementSummaryStore;
  /** when the stand-in started: fixture rows that say how long ago they happened count from here */
  readonly startedAtMs: number;
  /** global plan bindings (CREATE GLOBAL BINDING FROM HISTORY ...) */
  readonly bindings: BindingRow[] = [];
  /** the last statements clients sent, newest last (for tests that check what was sent) */
  readonly receivedStatements: string[] = [];

  private readonly cached = new Map<string, CachedTableState>();
  private readonly replicas = new Map<string, ReplicaState>();
  private readonly tableIds = new Map<string, number>();
  private nextTableId = 100;

  constructor(
    settings: StandInStateSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.versionString = settings.versionString;
    this.startedAtMs = now();
    this.tiflashNodes = settings.tiflashNodes;
    this.replicaProgressPerSecond = settings.replicaProgressPerSecond;
    this.tableSizeOverridesBytes = new Map(Object.entries(settings.tableSizeOverridesBytes));
    this.serverless = settings.serverless;
    this.otherComponents = settings.otherComponents ?? defaultOtherComponents(settings.versionString);
    this.cacheLoadDelayMs = settings.cacheLoadDelayMs;
    this.statementSummary = new StatementSummaryStore(now);
    this.regions = new StandInRegions(now, () =>
      this.clusterComponents()
        .filter((component) => component.type === 'tikv')
        .map((_, index) => index + 1),
    );
  }

  /** How TiKV would hold each table: regions, leaders, the writes of the last heartbeat (standInRegions.ts). */
  readonly regions: StandInRegions;

  /** Whether TiDB may read the table from TiFlash: an available replica and TiFlash among the read engines. */
  tiflashReadable(schema: string, table: string): boolean {
    const engines = (this.tidbVariables.get('tidb_isolation_read_engines') ?? '').toLowerCase();
    if (!engines.includes('tiflash')) return false;
    return this.replicaRows().some(
      (row) => row.available === 1 && row.schema.toLowerCase() === schema.toLowerCase() && row.table.toLowerCase() === table.toLowerCase(),
    );
  }

  recordStatement(sql: string): void {
    this.receivedStatements.push(sql);
    if (this.receivedStatements.length > RECEIVED_STATEMENTS_KEPT) this.receivedStatements.shift();
  }

  sizeOverride(schema: string, table: string): number | undefined {
    return this.tableSizeOverridesBytes.get(`${schema}.${table}`) ?? this.tableSizeOverridesBytes.get(table);
  }

  isCached(schema: string, table: string): boolean {
    return this.cached.has(key(schema, table));
  }

  cachedTables(): CachedTableState[] {
    return [...this.cached.values()];
  }

  cache(schema: string, table: string): void {
    if (!this.isCached(schema, table)) this.cached.set(key(schema, table), { schema, table, loadReadyAt: null });
  }

  stopCaching(schema: string, table: string): void {
    this.cached.delete(key(schema, table));
  }

  /**
   * A read of the table: says whether it was served from the cache. The first read after CACHE
   * (or after a write) goes to TiKV and triggers the load, which completes cacheLoadDelayMs later.
   */
  noteRead(schema: string, table: string): 'cache' | 'tikv' | 'not cached' {
    const entry = this.cached.get(key(schema, table));
    if (!entry) return 'not cached';
    if (entry.loadReadyAt !== null && this.now() >= entry.loadReadyAt) return 'cache';
    entry.loadReadyAt ??= this.now() + this.cacheLoadDelayMs;
    return 'tikv';
  }

  /** A write invalidates the loaded cache; the next read reloads it. */
  noteWrite(schema: string, table: string): void {
    const entry = this.cached.get(key(schema, table));
    if (entry) entry.loadReadyAt = null;
  }

  tableId(schema: string, table: string): number {
    const tableKey = key(schema, table);
    let id = this.tableIds.get(tableKey);
    if (id === undefined) {
      id = this.nextTableId++;
      this.tableIds.set(tableKey, id);
    }
    return id;
  }

  setReplica(schema: string, table: string, count: number, locationLabels: string[]): void {
    const tableKey = key(schema, table);
    if (count === 0) {
      this.replicas.delete(tableKey);
      return;
    }
    const previous = this.replicas.get(tableKey);
    this.replicas.set(tableKey, {
      schema,
      table,
      count,
      locationLabels,
      startedAt: this.now(),
      becameAvailable: previous?.becameAvailable ?? false,
    });
  }

  /**
   * The replica of this table catches up now, as if its time had passed: for a test that has seen
   * its progress and need not wait out the rest. False when the table has no replica.
   */
  catchUpReplica(schema: string, table: string): boolean {
    const replica = this.replicas.get(key(schema, table));
    if (!replica) return false;
    replica.startedAt = Math.min(replica.startedAt, this.now() - (1 / this.replicaProgressPerSecond + 1) * 1000);
    return true;
  }

  replicaRows(): ReplicaRow[] {
    return [...this.replicas.values()].map((replica) => {
      const elapsedSeconds = (this.now() - replica.startedAt) / 1000;
      // PROGRESS has two decimals in TiDB; rounding down keeps 1 for "caught up" only.
      const progress = Math.min(1, Math.floor(elapsedSeconds * this.replicaProgressPerSecond * 100) / 100);
      if (progress >= 1) replica.becameAvailable = true;
      return {
        schema: replica.schema,
        table: replica.table,
        tableId: this.tableId(replica.schema, replica.table),
        count: replica.count,
        locationLabels: replica.locationLabels.join(','),
        available: replica.becameAvailable ? 1 : 0,
        progress,
      };
    });
  }

  clusterComponents(): ClusterComponentRow[] {
    const version = tidbVersionOf(this.versionString);
    const tiflash = Array.from({ length: this.tiflashNodes }, (_, index) => ({
      type: 'tiflash',
      instance: `127.0.0.1:${3930 + index}`,
      statusAddress: `127.0.0.1:${20292 + index}`,
      version,
      gitHash: STAND_IN_GIT_HASH,
      startTime: STAND_IN_START_TIME,
      uptime: '1h0m0s',
    }));
    return [...this.otherComponents, ...tiflash];
  }

  /** A dropped table leaves no cache, replica or id behind. */
  forgetTable(schema: string, table: string): void {
    const tableKey = key(schema, table);
    this.cached.delete(tableKey);
    this.replicas.delete(tableKey);
    this.tableIds.delete(tableKey);
    this.regions.forget(schema, table);
  }

  renameTable(from: { schema: string; table: string }, to: { schema: string; table: string }): void {
    const replica = this.replicas.get(key(from.schema, from.table));
    this.forgetTable(from.schema, from.table);
    if (replica) this.replicas.set(key(to.schema, to.table), { ...replica, schema: to.schema, table: to.table });
  }

  forgetSchema(schema: string): void {
    this.regions.forgetSchema(schema);
    for (const entry of [...this.cached.values(), ...this.replicas.values()]) {
      if (entry.schema.toLowerCase() === schema.toLowerCase()) this.forgetTable(entry.schema, entry.table);
    }
  }
}

// Table names compare case-insensitively: lenient, and MariaDB tables differing only in case are rare.
function key(schema: string, table: string): string {
  return JSON.stringify([schema.toLowerCase(), table.toLowerCase()]);
}

/** Placeholder values: the stand-in has no real build, so these say so. */
export const STAND_IN_GIT_HASH = '0000000000000000000000000000000000000000';
const STAND_IN_START_TIME = '2025-01-01T00:00:00Z';

function defaultOtherComponents(versionString: string): ClusterComponentRow[] {
  const version = tidbVersionOf(versionString);
  const row = (type: string, instance: string, statusAddress: string): ClusterComponentRow => ({
    type,
    instance,
    statusAddress,
    version,
    gitHash: STAND_IN_GIT_HASH,
    startTime: STAND_IN_START_TIME,
    uptime: '1h0m0s',
  });
  return [
    row('tidb', '127.0.0.1:4000', '127.0.0.1:10080'),
    row('pd', '127.0.0.1:2379', '127.0.0.1:2379'),
    row('tikv', '127.0.0.1:20160', '127.0.0.1:20180'),
  ];
}

function tidbVersionOf(versionString: string): string {
  const identity = identifyServer(versionString);
  return identity.flavor === 'tidb' ? identity.version : versionString;
}
