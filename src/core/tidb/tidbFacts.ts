// Every TiDB string, pattern, code and limit the extension depends on, in one place, so a correction
// to tidb-facts.md (the team's TiDB reference, kept outside the repository) is one edit here. The VERSION() pattern lives in
// src/core/db/serverFlavor.ts (identifyServer) and is not repeated.
// A few entries are not in tidb-facts.md but were read in the TiDB source; each says so.

export const TIDB_ERROR_CODES = {
  /** `'<what>' is unsupported on cache tables.` */
  unsupportedOnCacheTable: 8242,
  /** TiDB source: errno ErrUnsupportedDDLOperation, used for the system-database messages; not in tidb-facts.md. */
  unsupportedDdlOperation: 8200,
  /** The generic error, used for the TiFlash replica count message. */
  unknown: 1105,
  /** No access path for table ... Please check tiflash replica. */
  noAccessPath: 1815,
  /** MySQL/TiDB ER_SECURE_TRANSPORT_REQUIRED; tidb-facts.md gives the text only. */
  secureTransportRequired: 3159,
  /** MySQL ER_ACCESS_DENIED_ERROR */
  accessDenied: 1045,
} as const;

// ---- Cached tables ----

export const CACHED_TABLES_MIN_VERSION = '6.0.0';
export const EXPLAIN_FORMAT_TIDB_JSON_MIN_VERSION = '6.5.0';

/** 64 MiB of key+value data of the table including its indexes. */
export const CACHED_TABLE_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Matches `'<what>' is unsupported on cache tables.`; group 1 is the `<what>`. */
export const UNSUPPORTED_ON_CACHE_TABLE_PATTERN = /'([^']*)' is unsupported on cache tables\.?/;

export function unsupportedOnCacheTableMessage(what: string): string {
  return `'${what}' is unsupported on cache tables.`;
}

/** The `<what>` of an error 8242 text, or undefined for any other text. */
export function parseUnsupportedOnCacheTable(message: string): string | undefined {
  return UNSUPPORTED_ON_CACHE_TABLE_PATTERN.exec(message)?.[1];
}

/** The `<what>` values of error 8242. */
export const CACHE_TABLE_REFUSAL = {
  tooLarge: 'table too large',
  partitioned: 'partition mode',
} as const;

/**
 * The DDL statements TiDB refuses on a cached table, as they appear in error 8242.
 * 'Drop Index' is from the TiDB source (doDropIndexes); the others are in tidb-facts.md.
 */
export const CACHED_TABLE_DDL_REFUSALS = [
  'Truncate Table',
  'Alter Table',
  'Drop Table',
  'Create Index',
  'Rename Table',
  'Rename Index',
  'Drop Index',
] as const;

export const SYSTEM_DATABASE_CACHE_MESSAGE = 'ALTER table cache for tables in system database is currently unsupported';

/** TiDB source (dbterror.ErrUnsupportedAlterReplicaForSysTable); not in tidb-facts.md. */
export const SYSTEM_DATABASE_REPLICA_MESSAGE = 'ALTER table replica for tables in system database is currently unsupported';

/**
 * Texts TiDB uses when a view or a temporary table is cached, read in the TiDB source
 * (ErrWrongObject, ErrOptOnTemporaryTable); tidb-facts.md only says these cannot be cached.
 */
export const NOT_BASE_TABLE_PATTERN = /'([^']*)' is not BASE TABLE/;
export const UNSUPPORTED_ON_TEMPORARY_TABLE_PATTERN = /'([^']*)' is unsupported on temporary tables/;

// System schemas (no caching, no replicas): src/core/db/systemSchemas.ts (isSystemSchema).

export const SHOW_CREATE_TABLE_CACHED_COMMENT = '/* CACHED ON */';
export const CREATE_OPTIONS_CACHED = 'cached=on';
export const CREATE_OPTIONS_PARTITIONED = 'partitioned';

export const TABLE_CACHE_LEASE = {
  variable: 'tidb_table_cache_lease',
  minSeconds: 1,
  maxSeconds: 10,
  defaultSeconds: 3,
} as const;

/**
 * Variables TiDB deprecated, with the version from which they no longer change anything
 * (tidb-facts.md: tidb_disable_txn_auto_retry is deprecated from v8.0.0).
 */
export const DEPRECATED_TIDB_VARIABLES: Readonly<Record<string, string>> = { tidb_disable_txn_auto_retry: '8.0.0' };

/** The span a TRACE shows when a read went to TiKV; its absence proves a read from the cache. */
export const TRACE_TIKV_REQUEST_SPAN = 'regionRequest.SendReqCtx';

// ---- TiFlash ----

export const TIFLASH_REPLICA_COUNT_PATTERN = /the tiflash replica count: (\d+) should be less than the total tiflash server count: (\d+)/;

export function tiflashReplicaCountMessage(requested: number, tiflashServers: number): string {
  return `the tiflash replica count: ${requested} should be less than the total tiflash server count: ${tiflashServers}`;
}

/** Both numbers of the replica-count error (some versions prefix it with "[ddl] "), or undefined. */
export function parseTiFlashReplicaCount(message: string): { requested: number; tiflashServers: number } | undefined {
  const match = TIFLASH_REPLICA_COUNT_PATTERN.exec(message);
  return match ? { requested: Number(match[1]), tiflashServers: Number(match[2]) } : undefined;
}

/** Groups: 1 table, 2 current tidb_isolation_read_engines, 3 valid values. */
export const NO_ACCESS_PATH_PATTERN =
  /No access path for table '([^']*)' is found with 'tidb_isolation_read_engines' = '([^']*)', valid values can be '([^']*)'/;

export const TIFLASH_REPLICA_COLUMNS = 'TABLE_SCHEMA, TABLE_NAME, TABLE_ID, REPLICA_COUNT, LOCATION_LABELS, AVAILABLE, PROGRESS';
export const TIFLASH_REPLICA_QUERY = `SELECT ${TIFLASH_REPLICA_COLUMNS} FROM information_schema.tiflash_replica`;

// ---- Cluster topology ----

export const CLUSTER_INFO_QUERY =
  'SELECT TYPE, INSTANCE, STATUS_ADDRESS, VERSION, GIT_HASH, START_TIME, UPTIME FROM information_schema.cluster_info';
export const TIFLASH_NODE_COUNT_QUERY = "SELECT COUNT(*) AS TIFLASH_NODES FROM information_schema.cluster_info WHERE TYPE='tiflash'";

// ---- Connections ----

export const INSECURE_TRANSPORT_MESSAGE = 'Connections using insecure transport are prohibited';
