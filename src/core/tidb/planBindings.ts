// TiDB SQL plan management (docs.pingcap.com/tidb/stable/sql-plan-management,
// sql-statement-create-binding, sql-statement-show-bindings, sql-statement-drop-binding): bind a
// plan from the statement history by its plan digest (v6.6+, as TiDB Dashboard's plan binding),
// list the global bindings, drop one by its SQL digest (v6.5+).
import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';
import { compareVersions, type ServerIdentity } from '../db/serverFlavor';
import { quoteStringLiteral } from '../db/sqlIdentifiers';
import { rowText } from './rowValues';

export const BIND_FROM_HISTORY_MIN_VERSION = '6.6.0';
export const DROP_BY_SQL_DIGEST_MIN_VERSION = '6.5.0';

export interface PlanBinding {
  originalSql: string;
  bindSql: string;
  defaultDb: string;
  status: string;
  createTime: string;
  updateTime: string;
  source: string;
  sqlDigest: string | null;
  planDigest: string | null;
}

/** Why binding a plan from history is not offered on this server, or null when it is. */
export function bindFromHistoryUnavailable(server: ServerIdentity): string | null {
  if (server.flavor !== 'tidb') return 'Plan bindings are a TiDB feature; this server is not TiDB.';
  if (compareVersions(server.version, BIND_FROM_HISTORY_MIN_VERSION) < 0) {
    return `Binding a plan from history needs TiDB v6.6 or later; this server is TiDB v${server.version}.`;
  }
  return null;
}

/** Why dropping a binding by its SQL digest is not offered, or null when it is. */
export function dropBySqlDigestUnavailable(server: ServerIdentity): string | null {
  if (server.flavor !== 'tidb') return 'Plan bindings are a TiDB feature; this server is not TiDB.';
  if (compareVersions(server.version, DROP_BY_SQL_DIGEST_MIN_VERSION) < 0) {
    return `Dropping a binding by its SQL digest needs TiDB v6.5 or later; this server is TiDB v${server.version}: run DROP GLOBAL BINDING FOR <the statement> yourself.`;
  }
  return null;
}

const DIGEST = /^[0-9a-f]{16,128}$/i;

/** The statement that binds the plan with this digest, exactly as it is shown to the user before it runs. */
export function bindFromHistoryStatement(planDigest: string): string {
  if (!DIGEST.test(planDigest)) throw new Error(`'${planDigest}' is not a plan digest.`);
  return `CREATE GLOBAL BINDING FROM HISTORY USING PLAN DIGEST ${quoteStringLiteral(planDigest)}`;
}

export function dropBindingStatement(sqlDigest: string): string {
  if (!DIGEST.test(sqlDigest)) throw new Error(`'${sqlDigest}' is not a SQL digest.`);
  return `DROP GLOBAL BINDING FOR SQL DIGEST ${quoteStringLiteral(sqlDigest)}`;
}

export async function readGlobalBindings(executor: SqlExecutor): Promise<PlanBinding[]> {
  const rows = await executor.query('SHOW GLOBAL BINDINGS');
  return rows.map(bindingOf);
}

/** A column by name whatever case TiDB gave it (the docs list them lower case, TiDB prints Original_sql). */
function cell(row: SqlRow, name: string): string {
  const key = Object.keys(row).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? '' : rowText(row, key);
}

function bindingOf(row: SqlRow): PlanBinding {
  return {
    originalSql: cell(row, 'original_sql'),
    bindSql: cell(row, 'bind_sql'),
    defaultDb: cell(row, 'default_db'),
    status: cell(row, 'status'),
    createTime: cell(row, 'create_time'),
    updateTime: cell(row, 'update_time'),
    source: cell(row, 'source'),
    sqlDigest: cell(row, 'sql_digest') || null,
    planDigest: cell(row, 'plan_digest') || null,
  };
}
