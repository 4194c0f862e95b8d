// The one mysql2 connection the benchmark uses for everything outside the hot path: the server's
// identity, DDL of cleanup, TiDB's post-prepare steps, experiment set-up steps, KILL after a cancel.
// Every statement is logged through the caller's SqlLogger, with its duration, never a password.
import { DatabaseSession } from '../db/databaseSession';
import type { SqlLogger } from '../db/sqlExecutor';
import { adminProfile } from './benchConnectionSettings';
import type { ConnectionOptionValues } from './benchOptions';

export function openAdminSession(values: ConnectionOptionValues, logger?: SqlLogger): Promise<DatabaseSession> {
  return DatabaseSession.open(adminProfile(values), values.password, { logger, connectionLimit: 1 });
}
