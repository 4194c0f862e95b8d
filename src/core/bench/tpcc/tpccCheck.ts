// go-tpc's consistency checks (tpcc/check.go, spec 3.3.2): conditions 3.3.2.1-10 and 12 after a run,
// and 3.3.2.11 as well with --check-all and after prepare (it holds only before New-Order and Delivery
// have run). Each query counts (or measures) what breaks the condition for one warehouse: any row
// with a value other than 0 fails it. The warehouses are spread over the threads as go-tpc does;
// conditions run in their numeric order (go-tpc's map order is random).
// Where TiDB Lab differs: 3.3.2.10 and 3.3.2.12 are go-tpc's conditions with its correlated
// subqueries written as joins of grouped derived tables. MySQL and MariaDB run go-tpc's text once per
// customer, scanning history whole each time (its only index on the customer is h_c_w_id): 30,000 x
// 30,000 rows for one warehouse, more than 10 minutes here; the joins take under a second. A
// customer without delivered orders is left out by both (the comparison with NULL is not true).

export interface CheckCondition {
  /** the spec's clause, "3.3.2.1" */
  id: string;
  what: string;
  sql: string;
  /** how many times the warehouse id is bound */
  warehouseParams: number;
}

export const CHECK_CONDITIONS: readonly CheckCondition[] = [
  {
    id: '3.3.2.1',
    what: 'W_YTD = sum(D_YTD)',
    sql: 'SELECT sum(d_ytd) - max(w_ytd) diff FROM district, warehouse WHERE d_w_id = w_id AND w_id = ? group by d_w_id',
    warehouseParams: 1,
  },
  {
    id: '3.3.2.2',
    what: 'D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)',
    sql: 'SELECT POWER((d_next_o_id -1 - mo), 2) + POWER((d_next_o_id -1 - mno), 2) diff FROM district dis, (SELECT o_d_id,max(o_id) mo FROM orders WHERE o_w_id= ? GROUP BY o_d_id) q, (select no_d_id,max(no_o_id) mno from new_order where no_w_id= ? group by no_d_id) no where d_w_id = ? and q.o_d_id=dis.d_id and no.no_d_id=dis.d_id',
    warehouseParams: 3,
  },
  {
    id: '3.3.2.3',
    what: 'max(NO_O_ID) - min(NO_O_ID) + 1 = count of NEW-ORDER rows, per district',
    sql: 'SELECT max(no_o_id)-min(no_o_id)+1 - count(*) diff from new_order where no_w_id = ? group by no_d_id',
    warehouseParams: 1,
  },
  {
    id: '3.3.2.4',
    what: 'sum(O_OL_CNT) = count of ORDER-LINE rows, per district',
    sql: 'SELECT count(*) FROM (SELECT o_d_id, SUM(o_ol_cnt) sm1, MAX(cn) as cn FROM orders,(SELECT ol_d_id, COUNT(*) cn FROM order_line WHERE ol_w_id = ? GROUP BY ol_d_id) ol WHERE o_w_id = ? AND ol_d_id=o_d_id GROUP BY o_d_id) t1 WHERE sm1<>cn',
    warehouseParams: 2,
  },
  {
    id: '3.3.2.5',
    what: 'O_CARRIER_ID is null exactly for the orders in NEW-ORDER',
    sql: 'SELECT count(*)  FROM orders LEFT JOIN new_order ON (no_w_id=o_w_id AND o_d_id=no_d_id AND o_id=no_o_id) where o_w_id = ? and ((o_carrier_id IS NULL and no_o_id IS  NULL) OR (o_carrier_id IS NOT NULL and no_o_id IS NOT NULL  )) ',
    warehouseParams: 1,
  },
  {
    id: '3.3.2.6',
    what: "O_OL_CNT = the order's count of ORDER-LINE rows",
    sql: `
SELECT COUNT(*) FROM
(SELECT o_ol_cnt, order_line_count FROM orders
	LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, count(*) order_line_count FROM order_line GROUP BY ol_w_id, ol_d_id, ol_o_id ORDER by ol_w_id, ol_d_id, ol_o_id) AS order_line
	ON orders.o_w_id = order_line.ol_w_id AND orders.o_d_id = order_line.ol_d_id AND orders.o_id = order_line.ol_o_id
	WHERE orders.o_w_id = ?) AS T
WHERE T.o_ol_cnt != T.order_line_count`,
    warehouseParams: 1,
  },
  {
    id: '3.3.2.7',
    what: 'OL_DELIVERY_D is null exactly when O_CARRIER_ID is',
    sql: 'SELECT count(*) FROM orders, order_line WHERE o_id=ol_o_id AND o_d_id=ol_d_id AND ol_w_id=o_w_id AND o_w_id = ? AND ((ol_delivery_d IS NULL and o_carrier_id IS NOT NULL) or (o_carrier_id IS NULL and ol_delivery_d IS NOT NULL ))',
    warehouseParams: 1,
  },
  {
    id: '3.3.2.8',
    what: 'W_YTD = sum(H_AMOUNT)',
    sql: 'SELECT count(*) cn FROM (SELECT w_id,w_ytd,SUM(h_amount) sm FROM history,warehouse WHERE h_w_id=w_id and w_id = ? GROUP BY w_id) t1 WHERE w_ytd<>sm',
    warehouseParams: 1,
  },
  {
    id: '3.3.2.9',
    what: 'D_YTD = sum(H_AMOUNT), per district',
    sql: 'SELECT COUNT(*) FROM (select d_id,d_w_id,sum(d_ytd) s1 from district group by d_id,d_w_id) d,(select h_d_id,h_w_id,sum(h_amount) s2 from history WHERE  h_w_id = ? group by h_d_id, h_w_id) h WHERE h_d_id=d_id AND d_w_id=h_w_id and d_w_id= ? and s1<>s2',
    warehouseParams: 2,
  },
  {
    id: '3.3.2.10',
    what: 'C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT), per customer',
    sql: `SELECT count(*) FROM customer c
LEFT JOIN (SELECT o_d_id, o_c_id, sum(ol_amount) sm FROM orders, order_line WHERE ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id AND ol_delivery_d IS NOT NULL AND o_w_id = ? GROUP BY o_d_id, o_c_id) o ON o.o_d_id = c.c_d_id AND o.o_c_id = c.c_id
LEFT JOIN (SELECT h_c_d_id, h_c_id, sum(h_amount) smh FROM history WHERE h_c_w_id = ? GROUP BY h_c_d_id, h_c_id) h ON h.h_c_d_id = c.c_d_id AND h.h_c_id = c.c_id
WHERE c.c_w_id = ? AND c.c_balance <> o.sm - h.smh`,
    warehouseParams: 3,
  },
  {
    id: '3.3.2.11',
    what: 'count of ORDER rows - count of NEW-ORDER rows = 2100, per district (true after prepare only)',
    sql: `
SELECT count(*) FROM
	(SELECT * FROM
		(SELECT o_w_id, o_d_id, count(*) order_count FROM orders GROUP BY o_w_id, o_d_id) orders
        JOIN (SELECT no_w_id, no_d_id, count(*) new_order_count FROM new_order GROUP BY no_w_id, no_d_id) new_order
        ON orders.o_w_id = new_order.no_w_id AND orders.o_d_id = new_order.no_d_id
	) order_new_order
JOIN (SELECT c_w_id, c_d_id, count(*) customer_count FROM customer GROUP BY c_w_id, c_d_id) customer
ON order_new_order.no_w_id = customer.c_w_id AND order_new_order.no_d_id = customer.c_d_id
WHERE c_w_id = ? AND order_count - 2100 != new_order_count`,
    warehouseParams: 1,
  },
  {
    id: '3.3.2.12',
    what: 'C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT), per customer',
    sql: `SELECT count(*) FROM customer c
LEFT JOIN (SELECT o_d_id, o_c_id, sum(ol_amount) sm FROM orders, order_line WHERE ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id AND ol_delivery_d IS NOT NULL AND o_w_id = ? GROUP BY o_d_id, o_c_id) o ON o.o_d_id = c.c_d_id AND o.o_c_id = c.c_id
WHERE c.c_w_id = ? AND c.c_balance + c.c_ytd_payment <> o.sm`,
    warehouseParams: 2,
  },
];

/** The conditions a check runs: all with --check-all (and after prepare), all but 3.3.2.11 otherwise. */
export function conditionsToCheck(checkAll: boolean): CheckCondition[] {
  return CHECK_CONDITIONS.filter((condition) => checkAll || condition.id !== '3.3.2.11');
}

/** The warehouses a check or load thread takes: thread, thread + threads, ... (1-based ids). */
export function warehousesOfThread(thread: number, threads: number, warehouses: number): number[] {
  const ids: number[] = [];
  for (let i = thread % threads; i < warehouses; i += threads) ids.push((i % warehouses) + 1);
  return ids;
}

/** The first value of the rows that is not 0, or undefined when the condition holds. */
export function violation(rows: readonly unknown[][]): number | undefined {
  for (const row of rows) {
    const value = Number(row[0]);
    if (value !== 0) return value;
  }
  return undefined;
}
