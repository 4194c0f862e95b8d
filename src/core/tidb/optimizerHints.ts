// TiDB's optimizer hints, as its documentation lists them ("Optimizer Hints", docs.pingcap.com/tidb/stable/optimizer-hints),
// for completion inside `/*+ ... */`: the name, a snippet of its arguments and what it does.

export interface OptimizerHint {
  name: string;
  /** VS Code snippet syntax: ${1:t} are tab stops */
  snippet: string;
  summary: string;
}

const hint = (name: string, args: string, summary: string): OptimizerHint => ({ name, snippet: `${name}(${args})`, summary });

export const TIDB_OPTIMIZER_HINTS: readonly OptimizerHint[] = [
  // query-block hints: joins
  hint('MERGE_JOIN', '${1:t1}, ${2:t2}', 'Use the sort-merge join for the given tables.'),
  hint('NO_MERGE_JOIN', '${1:t1}, ${2:t2}', 'Do not use the sort-merge join for the given tables.'),
  hint('INL_JOIN', '${1:t}', 'Use the index nested loop join, the given tables as the inner side.'),
  hint('NO_INDEX_JOIN', '${1:t}', 'Do not use the index nested loop join for the given tables.'),
  hint('INL_HASH_JOIN', '${1:t}', 'Use the index nested loop hash join, the given tables as the inner side.'),
  hint('NO_INDEX_HASH_JOIN', '${1:t}', 'Do not use the index nested loop hash join for the given tables.'),
  hint('INL_MERGE_JOIN', '${1:t}', 'Use the index nested loop merge join, the given tables as the inner side.'),
  hint('NO_INDEX_MERGE_JOIN', '${1:t}', 'Do not use the index nested loop merge join for the given tables.'),
  hint('HASH_JOIN', '${1:t1}, ${2:t2}', 'Use the hash join for the given tables.'),
  hint('NO_HASH_JOIN', '${1:t1}, ${2:t2}', 'Do not use the hash join for the given tables.'),
  hint('HASH_JOIN_BUILD', '${1:t}', 'Use the given table as the build side of the hash join.'),
  hint('HASH_JOIN_PROBE', '${1:t}', 'Use the given table as the probe side of the hash join.'),
  hint('SHUFFLE_JOIN', '${1:t1}, ${2:t2}', 'Use the shuffle join on MPP (TiFlash).'),
  hint('BROADCAST_JOIN', '${1:t1}, ${2:t2}', 'Use the broadcast join on MPP (TiFlash).'),
  hint('LEADING', '${1:t1}, ${2:t2}', 'Join the tables in the given order first.'),
  hint('STRAIGHT_JOIN', '', 'Join the tables in the order of the FROM clause.'),
  hint('SEMI_JOIN_REWRITE', '', 'Rewrite the semi-join of an EXISTS subquery into an inner join.'),
  hint('NO_DECORRELATE', '', 'Do not decorrelate the correlated subquery.'),
  hint('MERGE', '', 'Expand a common table expression (CTE) inline.'),
  // aggregation and push-down
  hint('HASH_AGG', '', 'Use the hash aggregation.'),
  hint('STREAM_AGG', '', 'Use the stream aggregation.'),
  hint('MPP_1PHASE_AGG', '', 'Use the one-phase aggregation on MPP (TiFlash).'),
  hint('MPP_2PHASE_AGG', '', 'Use the two-phase aggregation on MPP (TiFlash).'),
  hint('AGG_TO_COP', '', 'Push the aggregation down to the coprocessor (TiKV or TiFlash).'),
  hint('LIMIT_TO_COP', '', 'Push Limit and TopN down to the coprocessor (TiKV or TiFlash).'),
  // indexes and storage
  hint('USE_INDEX', '${1:t}, ${2:idx}', 'Consider only the given indexes of the table.'),
  hint('FORCE_INDEX', '${1:t}, ${2:idx}', 'Consider only the given indexes of the table (like USE_INDEX).'),
  hint('IGNORE_INDEX', '${1:t}, ${2:idx}', 'Do not use the given indexes of the table.'),
  hint('ORDER_INDEX', '${1:t}, ${2:idx}', 'Read the index in order.'),
  hint('NO_ORDER_INDEX', '${1:t}, ${2:idx}', 'Do not read the index in order.'),
  hint('USE_INDEX_MERGE', '${1:t}, ${2:idx1}, ${3:idx2}', 'Access the table with index merge.'),
  hint('NO_INDEX_MERGE', '', 'Do not use index merge for the query.'),
  hint('INDEX_LOOKUP_PUSHDOWN', '${1:t}, ${2:idx}', 'Push the index lookup down to TiKV.'),
  hint('READ_FROM_STORAGE', 'TIFLASH[${1:t}]', 'Read the given tables from TiFlash (TIFLASH[t]) or TiKV (TIKV[t]).'),
  hint('USE_TOJA', '${1:TRUE}', 'Convert an IN subquery into a join and aggregation.'),
  // whole-query hints
  hint('QB_NAME', '${1:qb}', 'Name the current query block.'),
  hint('MAX_EXECUTION_TIME', '${1:1000}', 'Stop the statement after the given milliseconds.'),
  hint('MEMORY_QUOTA', '${1:1024} MB', 'Limit the memory the statement may use.'),
  hint('SET_VAR', '${1:tidb_isolation_read_engines}=${2:tiflash}', 'Set a system variable for this statement only.'),
  hint('READ_CONSISTENT_REPLICA', '', 'Read from a TiKV follower (Follower Read).'),
  hint('IGNORE_PLAN_CACHE', '', 'Do not use the prepared plan cache for this statement.'),
  hint('RESOURCE_GROUP', '${1:rg}', 'Run the statement in the given resource group.'),
  hint('NTH_PLAN', '${1:1}', 'Use the n-th physical plan the optimizer found (for testing).'),
];
