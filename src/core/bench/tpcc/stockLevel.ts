// go-tpc's Stock-Level (tpcc/stock_level.go, spec 2.8): the distinct items of a district's last 20
// orders whose stock is under a threshold of 10..20. The TIDB_INLJ hint is go-tpc's; other servers
// read it as a comment.
import type { TpccConnection, TpccSession } from './tpccConnection';
import type { TpccRandom } from './tpccRandom';
import { TpccDataError } from './tpccTime';

export const STOCK_LEVEL_COUNT = `SELECT /*+ TIDB_INLJ(order_line,stock) */ COUNT(DISTINCT (s_i_id)) stock_count FROM order_line, stock 
WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? - 20 AND s_w_id = ? AND s_i_id = ol_i_id AND s_quantity < ?`;
export const STOCK_LEVEL_SELECT_DISTRICT = 'SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?';

export function runStockLevel(connection: TpccConnection, random: TpccRandom, warehouses: number): Promise<'commit' | 'rollback'> {
  return connection.transaction(async (session: TpccSession) => {
    const warehouse = random.int(1, warehouses);
    const district = random.int(1, 10);
    const threshold = random.int(10, 20);
    const [districtRow] = await session.rows(STOCK_LEVEL_SELECT_DISTRICT, [warehouse, district]);
    if (districtRow === undefined) throw new TpccDataError(`district (${warehouse}, ${district}) not found`);
    const orderId = Number(districtRow[0]);
    await session.rows(STOCK_LEVEL_COUNT, [warehouse, district, orderId, orderId, warehouse, threshold]);
    return 'commit';
  });
}
