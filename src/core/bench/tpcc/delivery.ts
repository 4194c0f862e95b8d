// go-tpc's Delivery (tpcc/delivery.go, spec 2.7), run in the foreground as go-tpc runs it: the
// oldest new order of each of the warehouse's 10 districts, delivered with 10-tuple IN lists.
import type { TpccConnection, TpccSession } from './tpccConnection';
import type { TpccRandom } from './tpccRandom';
import { tpccTimestamp } from './tpccTime';

const TEN_TUPLES = '(?,?,?),(?,?,?),(?,?,?),(?,?,?),(?,?,?),(?,?,?),(?,?,?),(?,?,?),(?,?,?),(?,?,?)';

export const DELIVERY_SELECT_NEW_ORDER =
  'SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id ASC LIMIT 1 FOR UPDATE';
export const DELIVERY_DELETE_NEW_ORDER = `DELETE FROM new_order WHERE (no_w_id, no_d_id, no_o_id) IN (
	${TEN_TUPLES}
)`;
export const DELIVERY_UPDATE_ORDER = `UPDATE orders SET o_carrier_id = ? WHERE (o_w_id, o_d_id, o_id) IN (
	${TEN_TUPLES}
)`;
export const DELIVERY_SELECT_ORDERS = `SELECT o_d_id, o_c_id FROM orders WHERE (o_w_id, o_d_id, o_id) IN (
	${TEN_TUPLES}
)`;
export const DELIVERY_UPDATE_ORDER_LINE = `UPDATE order_line SET ol_delivery_d = ? WHERE (ol_w_id, ol_d_id, ol_o_id) IN (
	${TEN_TUPLES}
)`;
export const DELIVERY_SELECT_SUM_AMOUNT = `SELECT ol_d_id, SUM(ol_amount) FROM order_line WHERE (ol_w_id, ol_d_id, ol_o_id) IN (
	${TEN_TUPLES}
) GROUP BY ol_d_id`;
export const DELIVERY_UPDATE_CUSTOMER =
  'UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?';

export function runDelivery(connection: TpccConnection, random: TpccRandom, warehouses: number): Promise<'commit' | 'rollback'> {
  const warehouse = random.int(1, warehouses);
  const carrier = random.int(1, 10);
  return connection.transaction(async (session: TpccSession) => {
    const orders = Array.from({ length: 10 }, () => ({ orderId: 0, customerId: 0, amount: 0 }));
    for (let d = 0; d < 10; d++) {
      const [row] = await session.rows(DELIVERY_SELECT_NEW_ORDER, [warehouse, d + 1]);
      if (row !== undefined) orders[d].orderId = Number(row[0]);
    }
    const keys = orders.flatMap((order, d) => [warehouse, d + 1, order.orderId]);
    await session.exec(DELIVERY_DELETE_NEW_ORDER, keys);
    await session.exec(DELIVERY_UPDATE_ORDER, [carrier, ...keys]);
    for (const row of await session.rows(DELIVERY_SELECT_ORDERS, keys)) orders[Number(row[0]) - 1].customerId = Number(row[1]);
    await session.exec(DELIVERY_UPDATE_ORDER_LINE, [tpccTimestamp(), ...keys]);
    for (const row of await session.rows(DELIVERY_SELECT_SUM_AMOUNT, keys)) orders[Number(row[0]) - 1].amount = Number(row[1]);
    for (let d = 0; d < 10; d++) {
      const order = orders[d];
      if (order.orderId === 0) continue;
      await session.exec(DELIVERY_UPDATE_CUSTOMER, [order.amount, warehouse, d + 1, order.customerId]);
    }
    return 'commit';
  });
}
