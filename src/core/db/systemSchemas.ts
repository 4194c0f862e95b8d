// Schemas that belong to the server rather than the user (TiDB, MySQL and MariaDB together).
const SYSTEM_SCHEMAS = new Set(['mysql', 'information_schema', 'performance_schema', 'metrics_schema', 'sys', 'inspection_schema']);

export function isSystemSchema(name: string): boolean {
  return SYSTEM_SCHEMAS.has(name.toLowerCase());
}
