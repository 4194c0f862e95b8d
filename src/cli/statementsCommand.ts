// `tidb-lab statements --mysql-* [--json] [--order=total|avg|count] [--limit=N] [--db=NAME]
// [--window=MINUTES]`: the server's top statements, as the Statements view lists them (TiDB's
// statement summary, MySQL's and MariaDB's performance_schema).
import { openAdminSession } from '../core/bench/adminSession';
import { resolveBenchOptions } from '../core/bench/benchOptions';
import { formatDurationMs } from '../core/plan';
import {
  DEFAULT_STATEMENT_LIMIT,
  readTopStatements,
  STATEMENT_ORDERS,
  type StatementOrder,
  type TopStatements,
} from '../core/server/topStatements';

const USAGE = `Usage: tidb-lab statements --mysql-host=H --mysql-port=P --mysql-user=U [--mysql-password=...] [options]
  --order=total|avg|count   by total time (default), average time or executions
  --limit=N                 at most N statements [${DEFAULT_STATEMENT_LIMIT}]
  --db=NAME                 only statements run in database NAME
  --window=MINUTES          only the last MINUTES (TiDB: summary windows that ended in it;
                            MySQL/MariaDB: digests last seen in it, counts since the server started)
  --json                    print {source, since, statements, warnings}
  The password may also come from MYSQL_PWD. Other --mysql-* options are the bench command's.`;

export interface StatementsCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

const processIo: StatementsCommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
};

export async function runStatementsCommand(argv: readonly string[], io: StatementsCommandIo = processIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const connection = new Map<string, string>();
  let json = false;
  let order: StatementOrder = 'total';
  let limit = DEFAULT_STATEMENT_LIMIT;
  let database: string | undefined;
  let windowMinutes: number | undefined;
  for (const arg of argv) {
    const match = /^--([a-z][a-z0-9_-]*)(?:=(.*))?$/is.exec(arg);
    if (match === null) return usageError(`unexpected argument '${arg}'`, io);
    const [, name, value] = match;
    if (name === 'json' && value === undefined) json = true;
    else if (name === 'order') {
      if (!STATEMENT_ORDERS.includes(value as StatementOrder))
        return usageError(`--order must be one of ${STATEMENT_ORDERS.join(', ')}`, io);
      order = value as StatementOrder;
    } else if (name === 'limit' || name === 'window') {
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1) return usageError(`--${name} must be a whole number of 1 or more`, io);
      if (name === 'limit') limit = number;
      else windowMinutes = number;
    } else if (name === 'db') database = value ?? '';
    else if (name.replace(/_/g, '-').startsWith('mysql-') && value !== undefined) connection.set(name, value);
    else return usageError(`unknown option '--${name}'`, io);
  }
  if (![...connection.keys()].some((key) => key.replace(/_/g, '-') === 'mysql-password') && io.env.MYSQL_PWD !== undefined) {
    connection.set('mysql-password', io.env.MYSQL_PWD);
  }
  let values;
  try {
    // The connection options are validated as the bench command does; the workload plays no part.
    values = resolveBenchOptions('oltp_point_select', connection).connection;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error), io);
  }
  let session;
  try {
    session = await openAdminSession(values);
  } catch (error) {
    io.stderr(`tidb-lab statements: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  try {
    const result = await readTopStatements(session, session.identity.flavor, { order, limit, database, windowMinutes });
    io.stdout(json ? `${JSON.stringify(result, null, 2)}\n` : statementsTable(result, order));
    return result.source === 'none' ? 1 : 0;
  } finally {
    await session.close();
  }
}

function usageError(message: string, io: StatementsCommandIo): number {
  io.stderr(`tidb-lab statements: ${message}\n${USAGE}\n`);
  return 1;
}

const ORDER_NAMES: Record<StatementOrder, string> = { total: 'total time', avg: 'average time', count: 'executions' };

/** The statements as a text table, the ordering column named. */
export function statementsTable(result: TopStatements, order: StatementOrder): string {
  const lines = [`Top statements by ${ORDER_NAMES[order]} from ${result.source}${result.since !== null ? ` since ${result.since}` : ''}`];
  for (const warning of result.warnings) lines.push(`warning: ${warning}`);
  if (result.statements.length === 0) {
    lines.push('No statements.');
    return `${lines.join('\n')}\n`;
  }
  const header = ['total', 'avg', 'max', 'execs', 'plans', 'db', 'digest', 'statement'];
  const rows = result.statements.map((statement) => [
    formatDurationMs(statement.sumLatencyMs),
    formatDurationMs(statement.avgLatencyMs),
    formatDurationMs(statement.maxLatencyMs),
    statement.execCount.toLocaleString('en-US'),
    statement.plans.length === 0 ? '-' : String(statement.plans.length),
    statement.schemaName ?? '-',
    statement.digest.slice(0, 12),
    oneLine(statement.digestText, 80),
  ]);
  const widths = header.map((name, i) => Math.max(name.length, ...rows.map((row) => row[i].length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : i < 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  lines.push(format(header), ...rows.map(format));
  return `${lines.join('\n')}\n`;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
