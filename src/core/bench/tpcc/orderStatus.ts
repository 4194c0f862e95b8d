// go-tpc's Order-Status (tpcc/order_status.go, spec 2.6): a read-only transaction on a customer
// chosen by last name (60%, the middle one by first name) or id, its latest order and its lines.
import type { TpccConnection, TpccSession } from './tpccConnection';
import type { TpccRandom } from './tpccRandom';
import { TpccDataError } from './tpccTime';

export const ORDER_STATUS_SELECT_CUSTOMER_CNT_BY_LAST =
  'SELECT count(c_id) namecnt FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?';
export const ORDER_STATUS_SELECT_CUSTOMER_BY_LAST =
  'SELECT c_balance, c_first, c_middle, c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first';
export const ORDER_STATUS_SELECT_CUSTOMER_BY_ID =
  'SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?';
export const ORDER_STATUS_SELECT_LATEST_ORDER =
  'SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1';
export const ORDER_STATUS_SELECT_ORDER_LINE =
  'SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?';

export function runOrderStatus(connection: TpccConnection, random: TpccRandom, warehouses: number): Promise<'commit' | 'rollback'> {
  const warehouse = random.int(1, warehouses);
  const district = random.int(1, 10);
  let customerId = 0;
  let lastName = '';
  if (random.intn(100) < 60) lastName = random.customerLastName();
  else customerId = random.customerId();
  return connection.transaction(async (session: TpccSession) => {
    if (customerId === 0) {
      const [[count]] = await session.rows(ORDER_STATUS_SELECT_CUSTOMER_CNT_BY_LAST, [warehouse, district, lastName]);
      let nameCount = Number(count);
      if (nameCount % 2 === 1) nameCount++;
      const rows = await session.rows(ORDER_STATUS_SELECT_CUSTOMER_BY_LAST, [warehouse, district, lastName]);
      for (let i = 0; i < nameCount / 2 && i < rows.length; i++) customerId = Number(rows[i][3]);
    } else {
      const [customer] = await session.rows(ORDER_STATUS_SELECT_CUSTOMER_BY_ID, [warehouse, district, customerId]);
      if (customer === undefined) throw new TpccDataError(`customer (${warehouse}, ${district}, ${customerId}) not found`);
    }
    const [order] = await session.rows(ORDER_STATUS_SELECT_LATEST_ORDER, [warehouse, district, customerId]);
    if (order === undefined) throw new TpccDataError(`no order of customer (${warehouse}, ${district}, ${customerId})`);
    await session.rows(ORDER_STATUS_SELECT_ORDER_LINE, [warehouse, district, Number(order[0])]);
    return 'commit';
  });
}
