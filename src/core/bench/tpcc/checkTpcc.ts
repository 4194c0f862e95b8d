// `tpcc check`: go-tpc's consistency conditions (tpccCheck.ts) on every warehouse, the warehouses
// spread over --threads connections. Unlike go-tpc, which stops a thread at the first condition that
// fails, every condition of every warehouse is run and each failure listed.
import type { SqlLogger } from '../../db/sqlExecutor';
import type { ConnectionOptionValues } from '../benchOptions';
import { conditionsToCheck, violation, warehousesOfThread } from './tpccCheck';
import { TpccConnection } from './tpccConnection';

export interface TpccCheckConfig {
  connection: ConnectionOptionValues;
  warehouses: number;
  threads: number;
  /** --check-all: condition 3.3.2.11 as well (true only right after prepare) */
  checkAll: boolean;
}

export interface CheckFailure {
  warehouse: number;
  condition: string;
  what: string;
  /** the first value other than 0 the condition's query returned */
  got: number;
}

export interface TpccCheckOutcome {
  passed: boolean;
  /** conditions run, over every warehouse */
  checked: number;
  failures: CheckFailure[];
}

export async function checkTpcc(
  config: TpccCheckConfig,
  hooks: { signal?: AbortSignal; onLog?: (message: string) => void; onSql?: SqlLogger } = {},
): Promise<TpccCheckOutcome> {
  const log = hooks.onLog ?? (() => undefined);
  const conditions = conditionsToCheck(config.checkAll);
  const failures: CheckFailure[] = [];
  let checked = 0;
  const threads = Math.max(1, Math.min(config.threads, config.warehouses));
  await Promise.all(
    Array.from({ length: threads }, async (_, thread) => {
      const warehouses = warehousesOfThread(thread, threads, config.warehouses);
      const connection = await TpccConnection.open(config.connection, 0, thread);
      try {
        for (const warehouse of warehouses)
          for (const condition of conditions) {
            if (hooks.signal?.aborted === true) return;
            log(`begin to check warehouse ${warehouse} at condition ${condition.id}`);
            const rows = await connection.rows(condition.sql, Array<number>(condition.warehouseParams).fill(warehouse));
            checked++;
            const got = violation(rows);
            if (got !== undefined) {
              failures.push({ warehouse, condition: condition.id, what: condition.what, got });
              log(`check warehouse ${warehouse} at condition ${condition.id} failed: ${condition.what} (got ${got})`);
            }
          }
      } finally {
        await connection.close();
      }
    }),
  );
  failures.sort((a, b) => a.warehouse - b.warehouse || a.condition.localeCompare(b.condition, 'en', { numeric: true }));
  return { passed: failures.length === 0, checked, failures };
}
