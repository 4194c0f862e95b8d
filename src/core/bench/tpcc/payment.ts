// go-tpc's Payment (tpcc/payment.go, spec 2.5): 60% of the customers chosen by last name (the
// middle one of those with that name, by first name), 40% by NURand id; 15% paying at a remote
// warehouse when there are several; a bad-credit customer's c_data gets the payment prepended.
import { otherWarehouse } from './newOrder';
import type { TpccConnection, TpccSession } from './tpccConnection';
import type { TpccRandom } from './tpccRandom';
import { TpccDataError, tpccTimestamp } from './tpccTime';

export const PAYMENT_UPDATE_DISTRICT = 'UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?';
export const PAYMENT_SELECT_DISTRICT =
  'SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district WHERE d_w_id = ? AND d_id = ?';
export const PAYMENT_UPDATE_WAREHOUSE = 'UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?';
export const PAYMENT_SELECT_WAREHOUSE = 'SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse WHERE w_id = ?';
export const PAYMENT_SELECT_CUSTOMER_LIST_BY_LAST =
  'SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first';
export const PAYMENT_SELECT_CUSTOMER_FOR_UPDATE = `SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone,
c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer WHERE c_w_id = ? AND c_d_id = ? 
AND c_id = ? FOR UPDATE`;
export const PAYMENT_UPDATE_CUSTOMER = `UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, 
c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?`;
export const PAYMENT_SELECT_CUSTOMER_DATA = 'SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?';
export const PAYMENT_UPDATE_CUSTOMER_WITH_DATA = `UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, 
c_payment_cnt = c_payment_cnt + 1, c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?`;
export const PAYMENT_INSERT_HISTORY = `INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

export interface PaymentInput {
  warehouse: number;
  district: number;
  customerWarehouse: number;
  customerDistrict: number;
  amount: number;
  /** 0 when the customer is chosen by last name */
  customerId: number;
  lastName: string;
}

export function paymentInput(random: TpccRandom, warehouses: number): PaymentInput {
  const warehouse = random.int(1, warehouses);
  const district = random.int(1, 10);
  const amount = random.int(100, 500000) / 100;
  let customerId = 0;
  let lastName = '';
  if (random.intn(100) < 60) lastName = random.customerLastName();
  else customerId = random.customerId();
  if (warehouses === 1 || random.intn(100) < 85)
    return { warehouse, district, customerWarehouse: warehouse, customerDistrict: district, amount, customerId, lastName };
  return {
    warehouse,
    district,
    customerWarehouse: otherWarehouse(random, warehouses, warehouse),
    customerDistrict: random.int(1, 10),
    amount,
    customerId,
    lastName,
  };
}

/** The middle customer of those with the name, by first name: go-tpc's ids[(n+1)/2-1]. */
export function middleCustomer(ids: readonly number[]): number {
  return ids[Math.floor((ids.length + 1) / 2) - 1];
}

/** Go's fmt %*d / %*s: right-aligned in `width`. */
const right = (value: string | number, width: number) => String(value).padStart(width);

/** The new c_data of a bad-credit customer: go-tpc's "| %4d %2d %4d %2d %4d $%7.2f %12s %24s" of the payment and old data, cut to 500. */
export function badCreditData(input: PaymentInput, customerId: number, now: string, oldData: string): string {
  const data = `| ${right(customerId, 4)} ${right(input.customerDistrict, 2)} ${right(input.customerWarehouse, 4)} ${right(input.district, 2)} ${right(input.warehouse, 4)} $${right(input.amount.toFixed(2), 7)} ${right(now, 12)} ${right(oldData, 24)}`;
  return data.length >= 500 ? data.slice(0, 500) : data + oldData.slice(0, 500 - data.length);
}

export function runPayment(connection: TpccConnection, random: TpccRandom, warehouses: number): Promise<'commit' | 'rollback'> {
  const input = paymentInput(random, warehouses);
  return connection.transaction((session) => paymentBody(session, input));
}

async function paymentBody(session: TpccSession, input: PaymentInput): Promise<'commit'> {
  const { warehouse, district, customerWarehouse, customerDistrict, amount } = input;
  await session.exec(PAYMENT_UPDATE_DISTRICT, [amount, warehouse, district]);
  const [districtRow] = await session.rows(PAYMENT_SELECT_DISTRICT, [warehouse, district]);
  if (districtRow === undefined) throw new TpccDataError(`district (${warehouse}, ${district}) not found`);
  await session.exec(PAYMENT_UPDATE_WAREHOUSE, [amount, warehouse]);
  const [warehouseRow] = await session.rows(PAYMENT_SELECT_WAREHOUSE, [warehouse]);
  if (warehouseRow === undefined) throw new TpccDataError(`warehouse ${warehouse} not found`);
  let customerId = input.customerId;
  if (customerId === 0) {
    const ids = (await session.rows(PAYMENT_SELECT_CUSTOMER_LIST_BY_LAST, [customerWarehouse, customerDistrict, input.lastName])).map(
      (row) => Number(row[0]),
    );
    if (ids.length === 0) throw new TpccDataError(`customer for (${customerWarehouse}, ${customerDistrict}, ${input.lastName}) not found`);
    customerId = middleCustomer(ids);
  }
  const [customerRow] = await session.rows(PAYMENT_SELECT_CUSTOMER_FOR_UPDATE, [customerWarehouse, customerDistrict, customerId]);
  if (customerRow === undefined) throw new TpccDataError(`customer (${customerWarehouse}, ${customerDistrict}, ${customerId}) not found`);
  if (String(customerRow[9]) === 'BC') {
    const [dataRow] = await session.rows(PAYMENT_SELECT_CUSTOMER_DATA, [customerWarehouse, customerDistrict, customerId]);
    const data = badCreditData(input, customerId, tpccTimestamp(), String(dataRow?.[0] ?? ''));
    await session.exec(PAYMENT_UPDATE_CUSTOMER_WITH_DATA, [amount, amount, data, customerWarehouse, customerDistrict, customerId]);
  } else {
    await session.exec(PAYMENT_UPDATE_CUSTOMER, [amount, amount, customerWarehouse, customerDistrict, customerId]);
  }
  const historyData = `${right(String(warehouseRow[5]), 10)}    ${right(String(districtRow[5]), 10)}`;
  await session.exec(PAYMENT_INSERT_HISTORY, [
    customerDistrict,
    customerWarehouse,
    customerId,
    district,
    warehouse,
    tpccTimestamp(),
    amount,
    historyData,
  ]);
  return 'commit';
}
