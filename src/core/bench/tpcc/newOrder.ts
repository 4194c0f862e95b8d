// go-tpc's New-Order (tpcc/new_order.go, spec 2.4): 5..15 order lines of distinct NURand items,
// 1% of them remote when there are several warehouses, and 1% of the transactions given an unused
// item id as their last line, which rolls the transaction back after the item lookup. go-tpc
// returns no error for that rollback, so it is counted as a NEW_ORDER like any other.
import type { TpccRandom } from './tpccRandom';
import { TpccDataError, tpccTimestamp } from './tpccTime';
import type { TpccConnection, TpccSession } from './tpccConnection';

export const NEW_ORDER_SELECT_CUSTOMER =
  'SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse WHERE w_id = ? AND c_w_id = w_id AND c_d_id = ? AND c_id = ?';
export const NEW_ORDER_SELECT_DISTRICT = 'SELECT d_next_o_id, d_tax FROM district WHERE d_id = ? AND d_w_id = ? FOR UPDATE';
export const NEW_ORDER_UPDATE_DISTRICT = 'UPDATE district SET d_next_o_id = ? + 1 WHERE d_id = ? AND d_w_id = ?';
export const NEW_ORDER_INSERT_ORDER =
  'INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, ?, ?)';
export const NEW_ORDER_INSERT_NEW_ORDER = 'INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)';
export const NEW_ORDER_UPDATE_STOCK =
  'UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?';

export function selectItemsSql(count: number): string {
  return `SELECT i_price, i_name, i_data, i_id FROM item WHERE i_id IN (${Array(count).fill('?').join(',')})`;
}

export function selectStockSql(count: number): string {
  return `SELECT s_i_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE (s_w_id, s_i_id) IN (${Array(count).fill('(?,?)').join(',')}) FOR UPDATE`;
}

export function insertOrderLinesSql(count: number): string {
  return `INSERT into order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES ${Array(count).fill('(?,?,?,?,?,?,?,?,?)').join(',')}`;
}

/** A warehouse other than `warehouse` (itself when there is only one). */
export function otherWarehouse(random: TpccRandom, warehouses: number, warehouse: number): number {
  if (warehouses === 1) return warehouse;
  for (;;) {
    const other = random.int(1, warehouses);
    if (other !== warehouse) return other;
  }
}

interface OrderLine {
  number: number;
  itemId: number;
  supplyWarehouse: number;
  remote: number;
  quantity: number;
  price: number;
  foundInItems: boolean;
  foundInStock: boolean;
  stockQuantity: number;
  distInfo: string;
  amount: number;
}

export interface NewOrderInput {
  warehouse: number;
  district: number;
  customer: number;
  lines: OrderLine[];
  allLocal: number;
}

/** The inputs of spec 2.4.1, drawn as go-tpc draws them; the last line's item is -1 for the 1% that roll back. */
export function newOrderInput(random: TpccRandom, warehouses: number): NewOrderInput {
  const warehouse = random.int(1, warehouses);
  const district = random.int(1, 10);
  const customer = random.customerId();
  const lineCount = random.int(5, 15);
  const rollback = random.int(1, 100) === 1;
  let allLocal = 1;
  const used = new Set<number>();
  const lines: OrderLine[] = [];
  for (let i = 0; i < lineCount; i++) {
    let itemId = -1;
    if (!(i === lineCount - 1 && rollback)) {
      do itemId = random.itemId();
      while (used.has(itemId));
      used.add(itemId);
    }
    let supplyWarehouse = warehouse;
    let remote = 0;
    if (warehouses !== 1 && random.int(1, 100) === 1) {
      supplyWarehouse = otherWarehouse(random, warehouses, warehouse);
      remote = 1;
      allLocal = 0;
    }
    lines.push({
      number: i + 1,
      itemId,
      supplyWarehouse,
      remote,
      quantity: random.int(1, 10),
      price: 0,
      foundInItems: false,
      foundInStock: false,
      stockQuantity: 0,
      distInfo: '',
      amount: 0,
    });
  }
  return { warehouse, district, customer, lines, allLocal };
}

export function runNewOrder(connection: TpccConnection, random: TpccRandom, warehouses: number): Promise<'commit' | 'rollback'> {
  const input = newOrderInput(random, warehouses);
  return connection.transaction((session) => newOrderBody(session, input));
}

async function newOrderBody(session: TpccSession, input: NewOrderInput): Promise<'commit' | 'rollback'> {
  const { warehouse, district, customer, lines } = input;
  const [customerRow] = await session.rows(NEW_ORDER_SELECT_CUSTOMER, [warehouse, district, customer]);
  if (customerRow === undefined) throw new TpccDataError(`customer (${warehouse}, ${district}, ${customer}) not found`);
  const discount = Number(customerRow[0]);
  const warehouseTax = Number(customerRow[3]);
  const [districtRow] = await session.rows(NEW_ORDER_SELECT_DISTRICT, [district, warehouse]);
  if (districtRow === undefined) throw new TpccDataError(`district (${warehouse}, ${district}) not found`);
  const orderId = Number(districtRow[0]);
  const districtTax = Number(districtRow[1]);
  await session.exec(NEW_ORDER_UPDATE_DISTRICT, [orderId, district, warehouse]);
  await session.exec(NEW_ORDER_INSERT_ORDER, [orderId, district, warehouse, customer, tpccTimestamp(), lines.length, input.allLocal]);
  await session.exec(NEW_ORDER_INSERT_NEW_ORDER, [orderId, district, warehouse]);

  const byItem = new Map(lines.map((line) => [line.itemId, line]));
  for (const row of await session.rows(
    selectItemsSql(lines.length),
    lines.map((line) => line.itemId),
  )) {
    const line = byItem.get(Number(row[3]));
    if (line === undefined) continue;
    line.price = Number(row[0]);
    line.foundInItems = true;
  }
  for (const line of lines) {
    if (line.foundInItems) continue;
    if (line.itemId === -1) return 'rollback';
    throw new TpccDataError(`item ${line.itemId} not found`);
  }

  for (const row of await session.rows(
    selectStockSql(lines.length),
    lines.flatMap((line) => [warehouse, line.itemId]),
  )) {
    const line = byItem.get(Number(row[0]));
    if (line === undefined) continue;
    let quantity = Number(row[1]) - line.quantity;
    if (quantity < 10) quantity += 91;
    line.foundInStock = true;
    line.stockQuantity = quantity;
    line.distInfo = String(row[2 + district]);
    line.amount = line.quantity * line.price * (1 + warehouseTax + districtTax) * (1 - discount);
  }
  for (const line of lines) {
    if (!line.foundInStock) throw new TpccDataError(`item (${warehouse}, ${line.itemId}) not found in stock`);
    await session.exec(NEW_ORDER_UPDATE_STOCK, [line.stockQuantity, line.quantity, line.remote, line.itemId, warehouse]);
  }
  await session.exec(
    insertOrderLinesSql(lines.length),
    lines.flatMap((line) => [
      orderId,
      district,
      warehouse,
      line.number,
      line.itemId,
      line.supplyWarehouse,
      line.quantity,
      line.amount,
      line.distInfo,
    ]),
  );
  return 'commit';
}
