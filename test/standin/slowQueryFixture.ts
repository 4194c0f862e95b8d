// TiDB STAND-IN fixture (tests only): the rows the stand-in serves from
// information_schema.cluster_slow_query / slow_query. Columns, units and value formats from
// https://docs.pingcap.com/tidb/stable/information-schema-slow-query and
// https://docs.pingcap.com/tidb/stable/identify-slow-queries: Time a TIMESTAMP(6), Query_time in
// seconds (double), Digest / Plan_digest 64 hex digits, Plan the decoded plan text in the slow log's
// column order (id, task, estRows, operator info, actRows, execution info, memory, disk), tab
// separated. The plans are the real one in test/fixtures/tidb-plans/tidb-decode-plan-output.txt
// and a point-get variant of it; digests, times and instances are made up. The same statement runs
// with two plans (a plan change), as the Statements view shows one.

export interface SlowQueryFixtureRow {
  /** how long before the stand-in serves it the statement ran */
  ageSeconds: number;
  instance: string;
  queryTimeSeconds: number;
  db: string;
  digest: string;
  planDigest: string;
  digestText: string;
  query: string;
  processKeys: number;
  totalKeys: number;
  memMax: number;
  plan: string;
}

const HEADER = '\tid\ttask\testRows\toperator info\tactRows\texecution info\tmemory\tdisk';

const FULL_SCAN_PLAN = [
  HEADER,
  '\tTableReader_7\troot\t319.04\tdata:Selection_6\t960\ttime:713.1µs, loops:2, cop_task: {num: 1, max: 568.5µs, proc_keys: 0, rpc_num: 1, rpc_time: 549.1µs, copr_cache_hit_ratio: 0.00}\t3.99 KB\tN/A',
  '\t└─Selection_6\tcop[tikv]\t319.04\tlt(test.t.a, 10000)\t960\ttikv_task:{time:313.8µs, loops:960}\tN/A\tN/A',
  '\t  └─TableFullScan_5\tcop[tikv]\t960\ttable:t, keep order:false, stats:pseudo\t960\ttikv_task:{time:153µs, loops:960}\tN/A\tN/A',
].join('\n');

const INDEX_PLAN = [
  HEADER,
  '\tIndexReader_6\troot\t319.04\tindex:IndexRangeScan_5\t960\ttime:402.6µs, loops:2, cop_task: {num: 1, max: 388.1µs, proc_keys: 960, rpc_num: 1, rpc_time: 371.4µs, copr_cache_hit_ratio: 0.00}\t2.81 KB\tN/A',
  '\t└─IndexRangeScan_5\tcop[tikv]\t319.04\ttable:t, index:a(a), range:[-inf,10000), keep order:false\t960\ttikv_task:{time:201µs, loops:960}\tN/A\tN/A',
].join('\n');

export const SLOW_QUERY_DIGEST = '4e4c1e7c9a8b2f3d6e5a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';
export const FULL_SCAN_PLAN_DIGEST = '8b1d2c3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c';
export const INDEX_PLAN_DIGEST = '1f2e3d4c5b6a7980a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718';

export const SLOW_QUERY_FIXTURE: readonly SlowQueryFixtureRow[] = [
  {
    ageSeconds: 240,
    instance: '127.0.0.1:10080',
    queryTimeSeconds: 1.912,
    db: 'test',
    digest: SLOW_QUERY_DIGEST,
    planDigest: FULL_SCAN_PLAN_DIGEST,
    digestText: 'select * from `t` where `a` < ?',
    query: 'SELECT * FROM t WHERE a < 10000;',
    processKeys: 960,
    totalKeys: 961,
    memMax: 4086,
    plan: FULL_SCAN_PLAN,
  },
  {
    ageSeconds: 120,
    instance: '127.0.0.1:10080',
    queryTimeSeconds: 0.412,
    db: 'test',
    digest: SLOW_QUERY_DIGEST,
    planDigest: INDEX_PLAN_DIGEST,
    digestText: 'select * from `t` where `a` < ?',
    query: 'SELECT * FROM t WHERE a < 9000;',
    processKeys: 960,
    totalKeys: 960,
    memMax: 2877,
    plan: INDEX_PLAN,
  },
  {
    // Under TiDB's default tidb_slow_log_threshold of 300 ms: only a lower threshold lists it.
    ageSeconds: 60,
    instance: '127.0.0.2:10080',
    queryTimeSeconds: 0.12,
    db: 'sbtest',
    digest: 'a0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e9f',
    planDigest: INDEX_PLAN_DIGEST,
    digestText: 'select `c` from `sbtest1` where `id` = ?',
    query: 'SELECT c FROM sbtest1 WHERE id = 42;',
    processKeys: 1,
    totalKeys: 1,
    memMax: 512,
    plan: INDEX_PLAN,
  },
];

/** The scratch table's columns: those of the docs the stand-in fills (not all of TiDB's). */
export const SLOW_QUERY_SCRATCH_COLUMNS =
  'Time TIMESTAMP(6), INSTANCE VARCHAR(64), Query_time DOUBLE, DB VARCHAR(64), Digest VARCHAR(64), Plan_digest VARCHAR(128), Query LONGTEXT, ' +
  'Process_keys BIGINT UNSIGNED, Total_keys BIGINT UNSIGNED, Mem_max BIGINT, Succ TINYINT(1), Is_internal TINYINT(1), Plan LONGTEXT, Binary_plan LONGTEXT';
