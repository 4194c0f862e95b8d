// What completion reads from a server: the databases the explorer lists (listSchemas, the same
// system-schema setting), every table and column of them in two queries (never one per table), and
// the server's system variable names (SHOW VARIABLES), read once per session.
import { buildSchemaSnapshot, type SchemaColumnRow, type SchemaSnapshot } from '../sql/completionSchema';
import { listSchemas } from './schemaQueries';
import type { SqlExecutor } from './sqlExecutor';

/** a schema larger than this is completed from its first columns only */
export const MAX_COMPLETION_COLUMNS = 200_000;

export async function readSchemaSnapshot(executor: SqlExecutor, options: { includeSystem: boolean }): Promise<SchemaSnapshot> {
  const databases = (await listSchemas(executor, options)).map((schema) => schema.name);
  if (databases.length === 0) return buildSchemaSnapshot([], []);
  const inList = databases.map(() => '?').join(', ');
  const tables = await executor.query(
    `SELECT TABLE_SCHEMA AS s, TABLE_NAME AS t, TABLE_TYPE AS type FROM information_schema.TABLES
      WHERE TABLE_SCHEMA IN (${inList}) ORDER BY TABLE_SCHEMA, TABLE_NAME`,
    databases,
  );
  const columns = await executor.query(
    `SELECT TABLE_SCHEMA AS s, TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA IN (${inList}) ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION LIMIT ${MAX_COMPLETION_COLUMNS}`,
    databases,
  );
  const views = new Set<string>();
  const rows: SchemaColumnRow[] = [];
  for (const row of tables) {
    const isView = /VIEW/i.test(String(row.type ?? ''));
    if (isView) views.add(`${String(row.s)}\u0000${String(row.t)}`);
    rows.push({ schema: String(row.s), table: String(row.t), isView, column: null, type: '' });
  }
  for (const row of columns) {
    const schema = String(row.s);
    const table = String(row.t);
    rows.push({ schema, table, isView: views.has(`${schema}\u0000${table}`), column: String(row.c), type: String(row.type ?? '') });
  }
  return buildSchemaSnapshot(databases, rows);
}

export async function readSystemVariableNames(executor: SqlExecutor): Promise<string[]> {
  const rows = await executor.query('SHOW VARIABLES');
  return rows.map((row) => String(row.Variable_name ?? row.variable_name ?? Object.values(row)[0])).sort((a, b) => a.localeCompare(b));
}
