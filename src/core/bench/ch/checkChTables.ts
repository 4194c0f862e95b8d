// What `tidb-lab bench ch check` adds to TPC-C's consistency conditions: the three tables only
// CH-benCHmark has hold what ch prepare loads (dbgen at scale factor 1, chTableRows.ts), and every
// key the queries join on has its row: a nation's region (q2, q5, q7, q8, q9), a supplier's nation
// (q5, q7 to q11, q20, q21). A table loaded another way, or cut short, shows here instead of as
// queries that quietly return fewer rows.
import type { SqlExecutor } from '../../db/sqlExecutor';
import { CH_SUPPLIERS, TPCH_NATIONS, TPCH_REGIONS } from './chTableRows';

export interface ChTableCondition {
  /** "ch-1" .. */
  condition: string;
  /** what holds when it passes */
  what: string;
  /** returns one row with one number, `got` */
  sql: string;
  expected: number;
}

export const CH_TABLE_CONDITIONS: readonly ChTableCondition[] = [
  {
    condition: 'ch-1',
    what: `nation has ${TPCH_NATIONS.length} rows`,
    sql: 'SELECT COUNT(*) AS got FROM nation',
    expected: TPCH_NATIONS.length,
  },
  {
    condition: 'ch-2',
    what: `region has ${TPCH_REGIONS.length} rows`,
    sql: 'SELECT COUNT(*) AS got FROM region',
    expected: TPCH_REGIONS.length,
  },
  {
    condition: 'ch-3',
    what: `supplier has ${CH_SUPPLIERS.toLocaleString('en-US')} rows, keys 1 to ${CH_SUPPLIERS.toLocaleString('en-US')}`,
    sql: `SELECT COUNT(*) AS got FROM supplier WHERE S_SUPPKEY BETWEEN 1 AND ${CH_SUPPLIERS}`,
    expected: CH_SUPPLIERS,
  },
  {
    condition: 'ch-4',
    what: "every nation's region exists",
    sql: 'SELECT COUNT(*) AS got FROM nation LEFT JOIN region ON N_REGIONKEY = R_REGIONKEY WHERE R_REGIONKEY IS NULL',
    expected: 0,
  },
  {
    condition: 'ch-5',
    what: "every supplier's nation exists",
    sql: 'SELECT COUNT(*) AS got FROM supplier LEFT JOIN nation ON S_NATIONKEY = N_NATIONKEY WHERE N_NATIONKEY IS NULL',
    expected: 0,
  },
];

export interface ChTableFailure {
  condition: string;
  what: string;
  /** the number found, or the error when the statement failed (e.g. the table is missing) */
  got: string;
}

export interface ChTableCheckOutcome {
  checked: number;
  failures: ChTableFailure[];
}

/** Runs every condition; a statement that fails (a missing table) is that condition's failure. */
export async function checkChTables(executor: SqlExecutor): Promise<ChTableCheckOutcome> {
  const failures: ChTableFailure[] = [];
  for (const { condition, what, sql, expected } of CH_TABLE_CONDITIONS) {
    let got: string;
    try {
      const rows = await executor.query(sql);
      got = String(Number(rows[0]?.got));
    } catch (error) {
      got = error instanceof Error ? error.message : String(error);
    }
    if (got !== String(expected)) failures.push({ condition, what, got });
  }
  return { checked: CH_TABLE_CONDITIONS.length, failures };
}
