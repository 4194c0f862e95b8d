// go-tpc's initial population (tpcc/load.go, tpcc/prepare.go, spec 4.3.3.1): 100,000 items; per
// warehouse 100,000 stock rows and 10 districts; per district 3,000 customers with one history row
// each, 3,000 orders (the first 2,100 delivered), 900 new orders and 5..15 lines per order. Rows
// go as multi-row INSERTs of up to 1,024 rows in the text protocol (go-tpc's SQL sink), each retried
// --retry-count times --retry-interval apart. Load thread 0 loads the items; warehouses, then
// districts, are spread over the threads in turn.
import { loadMysql2 } from '../../lazyLibraries';
import { warehousesOfThread } from './tpccCheck';
import type { TpccRandom } from './tpccRandom';
import { lastNameOf } from './tpccRandom';
import { tpccTimestamp } from './tpccTime';

export const ITEMS = 100_000;
export const STOCK_PER_WAREHOUSE = 100_000;
export const DISTRICTS_PER_WAREHOUSE = 10;
export const CUSTOMERS_PER_DISTRICT = 3_000;
export const ORDERS_PER_DISTRICT = 3_000;
export const NEW_ORDERS_PER_DISTRICT = 900;
/** orders below this id were delivered at load time (carrier set, lines dated) */
const FIRST_UNDELIVERED_ORDER = 2101;
const MAX_BATCH_ROWS = 1024;

type Value = number | string | null;

export interface LoadHooks {
  /** one multi-row INSERT in the text protocol, on the thread's connection */
  insert: (sql: string) => Promise<void>;
  onLog: (message: string) => void;
  /** true once the load should stop (cancelled, or another thread failed) */
  stopped: () => boolean;
  retryCount: number;
  retryIntervalMs: number;
  sleep: (ms: number) => Promise<void>;
}

export class LoadStopped extends Error {
  constructor() {
    super('the load was stopped');
    this.name = 'LoadStopped';
  }
}

/** Collects rows and sends them as INSERTs of up to 1,024 rows, as go-tpc's SQL sink does. */
class BatchInserter {
  private rows: string[] = [];

  constructor(
    private readonly hooks: LoadHooks,
    private readonly head: string,
  ) {}

  async add(values: readonly Value[]): Promise<void> {
    this.rows.push(`(${values.map(sqlValue).join(',')})`);
    if (this.rows.length >= MAX_BATCH_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    if (this.hooks.stopped()) throw new LoadStopped();
    const sql = this.head + this.rows.join(',');
    this.rows = [];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.hooks.insert(sql);
        return;
      } catch (error) {
        if (attempt >= this.hooks.retryCount || this.hooks.stopped()) throw error;
        this.hooks.onLog(`exec statement error: ${error instanceof Error ? error.message : String(error)}, may try again later...`);
        await this.hooks.sleep(this.hooks.retryIntervalMs);
      }
    }
  }
}

function sqlValue(value: Value): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return loadMysql2().escape(value);
}

export class TpccLoader {
  /** go-tpc's initLoadTime: one timestamp for c_since, h_date, o_entry_d and the delivered lines */
  readonly loadTime = tpccTimestamp();

  constructor(
    private readonly random: TpccRandom,
    private readonly hooks: LoadHooks,
  ) {}

  private inserter(head: string): BatchInserter {
    return new BatchInserter(this.hooks, head);
  }

  async loadItems(): Promise<void> {
    this.hooks.onLog('load to item');
    const r = this.random;
    const rows = this.inserter('INSERT INTO item (i_id, i_im_id, i_name, i_price, i_data) VALUES ');
    for (let i = 0; i < ITEMS; i++) await rows.add([i + 1, r.int(1, 10000), r.chars(14, 24), r.int(100, 10000) / 100, r.originalString()]);
    await rows.flush();
  }

  async loadWarehouse(warehouse: number): Promise<void> {
    this.hooks.onLog(`load to warehouse in warehouse ${warehouse}`);
    const r = this.random;
    const rows = this.inserter(
      'INSERT INTO warehouse (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd) VALUES ',
    );
    await rows.add([warehouse, r.chars(6, 10), r.chars(10, 20), r.chars(10, 20), r.chars(10, 20), r.state(), r.zip(), r.tax(), 300000.0]);
    await rows.flush();
  }

  async loadStock(warehouse: number): Promise<void> {
    this.hooks.onLog(`load to stock in warehouse ${warehouse}`);
    const r = this.random;
    const rows = this.inserter(
      'INSERT INTO stock (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data) VALUES ',
    );
    for (let i = 0; i < STOCK_PER_WAREHOUSE; i++) {
      const quantity = r.int(10, 100);
      const dists = Array.from({ length: 10 }, () => r.letters(24, 24));
      await rows.add([i + 1, warehouse, quantity, ...dists, 0, 0, 0, r.originalString()]);
    }
    await rows.flush();
  }

  async loadDistricts(warehouse: number): Promise<void> {
    this.hooks.onLog(`load to district in warehouse ${warehouse}`);
    const r = this.random;
    const rows = this.inserter(
      'INSERT INTO district (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, d_next_o_id) VALUES ',
    );
    for (let i = 0; i < DISTRICTS_PER_WAREHOUSE; i++)
      await rows.add([
        i + 1,
        warehouse,
        r.chars(6, 10),
        r.chars(10, 20),
        r.chars(10, 20),
        r.chars(10, 20),
        r.state(),
        r.zip(),
        r.tax(),
        30000.0,
        3001,
      ]);
    await rows.flush();
  }

  async loadCustomers(warehouse: number, district: number): Promise<void> {
    this.hooks.onLog(`load to customer in warehouse ${warehouse} district ${district}`);
    const r = this.random;
    const rows = this.inserter(
      'INSERT INTO customer (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data) VALUES ',
    );
    for (let i = 0; i < CUSTOMERS_PER_DISTRICT; i++) {
      const last = i < 1000 ? lastNameOf(i) : r.customerLastName();
      const first = r.chars(8, 16);
      const street1 = r.chars(10, 20);
      const street2 = r.chars(10, 20);
      const city = r.chars(10, 20);
      const state = r.state();
      const zip = r.zip();
      const phone = r.numbers(16, 16);
      const credit = r.intn(10) === 0 ? 'BC' : 'GC';
      const discount = r.int(0, 5000) / 10000;
      const data = r.chars(300, 500);
      await rows.add([
        i + 1,
        district,
        warehouse,
        first,
        'OE',
        last,
        street1,
        street2,
        city,
        state,
        zip,
        phone,
        this.loadTime,
        credit,
        50000.0,
        discount,
        -10.0,
        10.0,
        1,
        0,
        data,
      ]);
    }
    await rows.flush();
  }

  async loadHistory(warehouse: number, district: number): Promise<void> {
    this.hooks.onLog(`load to history in warehouse ${warehouse} district ${district}`);
    const r = this.random;
    const rows = this.inserter('INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES ');
    for (let i = 0; i < CUSTOMERS_PER_DISTRICT; i++)
      await rows.add([i + 1, district, warehouse, district, warehouse, this.loadTime, 10.0, r.chars(12, 24)]);
    await rows.flush();
  }

  /** The orders of a district; returns each order's line count for the order lines. */
  async loadOrders(warehouse: number, district: number): Promise<number[]> {
    this.hooks.onLog(`load to orders in warehouse ${warehouse} district ${district}`);
    const r = this.random;
    const rows = this.inserter('INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) VALUES ');
    const customers = Array.from({ length: ORDERS_PER_DISTRICT }, (_, i) => i);
    r.shuffle(customers);
    const lineCounts: number[] = [];
    for (let i = 0; i < ORDERS_PER_DISTRICT; i++) {
      const orderId = i + 1;
      const carrier = orderId < FIRST_UNDELIVERED_ORDER ? r.int(1, 10) : null;
      const lineCount = r.int(5, 15);
      lineCounts.push(lineCount);
      await rows.add([orderId, district, warehouse, customers[i] + 1, this.loadTime, carrier, lineCount, 1]);
    }
    await rows.flush();
    return lineCounts;
  }

  async loadNewOrders(warehouse: number, district: number): Promise<void> {
    this.hooks.onLog(`load to new_order in warehouse ${warehouse} district ${district}`);
    const rows = this.inserter('INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES ');
    for (let i = 0; i < NEW_ORDERS_PER_DISTRICT; i++) await rows.add([FIRST_UNDELIVERED_ORDER + i, district, warehouse]);
    await rows.flush();
  }

  async loadOrderLines(warehouse: number, district: number, lineCounts: readonly number[]): Promise<void> {
    this.hooks.onLog(`load to order_line in warehouse ${warehouse} district ${district}`);
    const r = this.random;
    const rows = this.inserter(
      'INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES ',
    );
    for (let i = 0; i < ORDERS_PER_DISTRICT; i++) {
      const orderId = i + 1;
      const delivered = orderId < FIRST_UNDELIVERED_ORDER;
      for (let j = 0; j < lineCounts[i]; j++) {
        const item = r.int(1, ITEMS);
        const amount = delivered ? 0 : r.int(1, 999999) / 100;
        await rows.add([
          orderId,
          district,
          warehouse,
          j + 1,
          item,
          warehouse,
          delivered ? this.loadTime : null,
          5,
          amount,
          r.chars(24, 24),
        ]);
      }
    }
    await rows.flush();
  }

  /** What load thread `thread` of `threads` loads, in go-tpc's order (prepareWorkload). */
  async loadThreadShare(thread: number, threads: number, warehouses: number): Promise<void> {
    if (thread === 0) await this.loadItems();
    for (const warehouse of warehousesOfThread(thread, threads, warehouses)) {
      await this.loadWarehouse(warehouse);
      await this.loadStock(warehouse);
      await this.loadDistricts(warehouse);
    }
    const districts = warehouses * DISTRICTS_PER_WAREHOUSE;
    for (let i = thread % threads; i < districts; i += threads) {
      const warehouse = (Math.floor(i / DISTRICTS_PER_WAREHOUSE) % warehouses) + 1;
      const district = (i % DISTRICTS_PER_WAREHOUSE) + 1;
      await this.loadCustomers(warehouse, district);
      await this.loadHistory(warehouse, district);
      const lineCounts = await this.loadOrders(warehouse, district);
      await this.loadNewOrders(warehouse, district);
      await this.loadOrderLines(warehouse, district, lineCounts);
    }
  }
}
