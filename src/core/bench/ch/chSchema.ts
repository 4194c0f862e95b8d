// The tables CH-benCHmark adds to TPC-C's nine, with go-tpc's DDL (pingcap/go-tpc ch/ddl.go), and
// the revenue1 view q15 reads (ch/workload.go prepareView, created again before each run as
// go-tpc's executeWorkload does, so data loaded another way still has it).

/** go-tpc's allTables: every table the queries read, in its order; the TiFlash replicas are made for these. */
export const CH_ALL_TABLES = [
  'customer',
  'district',
  'history',
  'item',
  'new_order',
  'order_line',
  'orders',
  'region',
  'warehouse',
  'nation',
  'stock',
  'supplier',
] as const;

/** The tables only CH-benCHmark has (TPC-C's prepare makes the others). */
export const CH_ONLY_TABLES = ['nation', 'region', 'supplier'] as const;

export type ChOnlyTable = (typeof CH_ONLY_TABLES)[number];

export const CH_CREATE_TABLE: Readonly<Record<ChOnlyTable, string>> = {
  nation: `
CREATE TABLE IF NOT EXISTS nation (
    N_NATIONKEY BIGINT NOT NULL,
    N_NAME CHAR(25) NOT NULL,
    N_REGIONKEY BIGINT NOT NULL,
    N_COMMENT VARCHAR(152),
    PRIMARY KEY (N_NATIONKEY)
)`,
  region: `
CREATE TABLE IF NOT EXISTS region (
    R_REGIONKEY BIGINT NOT NULL,
    R_NAME CHAR(25) NOT NULL,
    R_COMMENT VARCHAR(152),
    PRIMARY KEY (R_REGIONKEY)
)`,
  supplier: `
CREATE TABLE IF NOT EXISTS supplier (
    S_SUPPKEY BIGINT NOT NULL,
    S_NAME CHAR(25) NOT NULL,
    S_ADDRESS VARCHAR(40) NOT NULL,
    S_NATIONKEY BIGINT NOT NULL,
    S_PHONE CHAR(15) NOT NULL,
    S_ACCTBAL DECIMAL(15, 2) NOT NULL,
    S_COMMENT VARCHAR(101) NOT NULL,
    PRIMARY KEY (S_SUPPKEY)
)`,
};

export const CH_INSERT_COLUMNS: Readonly<Record<ChOnlyTable, string>> = {
  nation: 'INSERT INTO nation (N_NATIONKEY, N_NAME, N_REGIONKEY, N_COMMENT) VALUES ',
  region: 'INSERT INTO region (R_REGIONKEY, R_NAME, R_COMMENT) VALUES ',
  supplier: 'INSERT INTO supplier (S_SUPPKEY, S_NAME, S_ADDRESS, S_NATIONKEY, S_PHONE, S_ACCTBAL, S_COMMENT) VALUES ',
};

export const REVENUE_VIEW = 'revenue1';

/** go-tpc's executeWorkload text (create or replace, so a second prepare or run keeps working). */
export const CREATE_REVENUE_VIEW = `create or replace view revenue1 (supplier_no, total_revenue) as (
    select	mod((s_w_id * s_i_id),10000) as supplier_no,
              sum(ol_amount) as total_revenue
    from	order_line, stock
    where ol_i_id = s_i_id and ol_supply_w_id = s_w_id
      and ol_delivery_d >= '2007-01-02 00:00:00.000000'
    group by mod((s_w_id * s_i_id),10000));`;
