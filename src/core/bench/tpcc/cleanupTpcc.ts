// `tpcc cleanup`: go-tpc's DROP TABLE IF EXISTS of the nine tables, in its order, with foreign key
// checks off for the session so that --use-fk tables drop in any order.
import { DatabaseSession } from '../../db/databaseSession';
import type { SqlLogger } from '../../db/sqlExecutor';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import { dropTableStatement, TPCC_DROP_ORDER } from './tpccSchema';

export async function cleanupTpcc(
  connection: ConnectionOptionValues,
  hooks: { onLog?: (message: string) => void; onSql?: SqlLogger } = {},
): Promise<void> {
  const session = await DatabaseSession.open(adminProfile(connection), connection.password, { logger: hooks.onSql, connectionLimit: 1 });
  try {
    await session.withDedicatedConnection(async (executor) => {
      await executor.run('SET SESSION foreign_key_checks = 0');
      for (const table of TPCC_DROP_ORDER) {
        const sql = dropTableStatement(table);
        hooks.onLog?.(sql);
        await executor.run(sql);
      }
    });
  } finally {
    await session.close();
  }
}
