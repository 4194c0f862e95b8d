// Where a number in a plan becomes a finding. One place, so tuning is one edit.

/** actRows and estRows differ by at least this factor. */
export const MISESTIMATE_FACTOR = 10;
export const MISESTIMATE_CRITICAL_FACTOR = 1000;
/** Below this many rows on both sides an estimate error costs nothing worth reporting. */
export const MISESTIMATE_MIN_ROWS = 1000;

/** A full table scan of at least this many rows is worth a look. */
export const LARGE_TABLE_ROWS = 100_000;

/** Slowest cop task at least this many times the p95 one... */
export const COP_SKEW_RATIO = 2;
/** ...and at least this slow. */
export const COP_SKEW_MIN_MS = 50;
/** Most keys in one cop task at least this many times the p95 task's keys... */
export const COP_KEY_SKEW_RATIO = 2;
/** ...and at least this many keys. */
export const COP_KEY_SKEW_MIN_KEYS = 10_000;

/** Cop tasks waited in TiKV at least this many times as long as they were processed... */
export const TIKV_QUEUE_WAIT_RATIO = 1;
/** ...and at least this long in total. */
export const TIKV_QUEUE_WAIT_MIN_MS = 50;

/** TiKV iterated at least this many times as many keys as it returned... */
export const MVCC_GARBAGE_RATIO = 2;
/** ...or skipped at least as many deleted keys as it returned; either way at least this many keys. */
export const MVCC_GARBAGE_MIN_KEYS = 10_000;

/** A reader whose coprocessor cache hit ratio is below this... */
export const COPR_CACHE_LOW_HIT_RATIO = 0.5;
/** ...over at least this many cop tasks. */
export const COPR_CACHE_MIN_TASKS = 10;

/** A TiKV scan feeding an aggregation over at least this many rows is a TiFlash candidate. */
export const TIFLASH_CANDIDATE_ROWS = 500_000;

/** An IndexLookUp fetching at least this many rows from the table side. */
export const INDEX_LOOKUP_HUGE_ROWS = 100_000;
