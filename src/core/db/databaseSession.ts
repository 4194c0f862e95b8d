// One open connection profile: a mysql2 pool, the server's identity, and a logged SqlExecutor.
import type { Duplex } from 'node:stream';
import type { ConnectionOptions, Connection as CoreConnection } from 'mysql2';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { loadMysql2Promise } from '../lazyLibraries';
import type { ConnectionProfile } from './connectionProfile';
import { connectionOptionsFor, poolOptionsFor, type ConnectionOptionOverrides } from './connectionOptions';
import { SessionConnection } from './sessionConnection';
import {
  connectionNextStep,
  describeConnectionError,
  tlsRequiredProblem,
  type ConnectionProblem,
  type ConnectionTarget,
} from './connectionErrors';
import { mysql2Sockets, type Mysql2Sockets } from './mysql2Sockets';
import { probeServerGreeting } from './serverGreetingProbe';
import { identifyServer, type ServerIdentity } from './serverFlavor';
import type { SqlExecutor, SqlLogger, SqlRow, SqlRunOutcome } from './sqlExecutor';
import { streamStatement, type StatementStreamHandlers, type StreamEnd } from './statementStream';

/** A dedicated connection that can also read a statement's result row by row. */
export interface StreamingExecutor extends SqlExecutor {
  stream(sql: string, handlers: StatementStreamHandlers): Promise<StreamEnd>;
  /** an editor's session (its connection stays after the statement): its open transaction as last reported */
  readonly session?: { readonly inTransaction: boolean };
}

export class ConnectionFailure extends Error {
  /** target: where it tried to connect, so a caller can tell the way out in its own words (connectionNextStep) */
  constructor(
    readonly problem: ConnectionProblem,
    readonly target?: ConnectionTarget,
  ) {
    super(`${problem.title} ${problem.nextStep}`);
    this.name = 'ConnectionFailure';
  }
}

export interface OpenSessionOptions extends ConnectionOptionOverrides {
  logger?: SqlLogger;
}

export class DatabaseSession implements SqlExecutor {
  private constructor(
    readonly profile: ConnectionProfile,
    readonly identity: ServerIdentity,
    private readonly pool: Pool,
    private readonly logger: SqlLogger,
    private readonly sockets: Mysql2Sockets,
    private readonly sessionOptions: () => ConnectionOptions,
  ) {
    this.executor = loggedExecutor(pool, logger);
  }

  /** A connection of its own, outside the pool, for an editor's SQL session (logged like the pool's). */
  openSessionConnection(): Promise<SessionConnection> {
    return SessionConnection.open(this.sessionOptions(), this.logger);
  }

  private readonly executor: SqlExecutor;

  /** Connects, checks the server answers like MySQL and reads its version; throws ConnectionFailure. */
  static async open(profile: ConnectionProfile, password: string, options: OpenSessionOptions = {}): Promise<DatabaseSession> {
    const logger = options.logger ?? (() => undefined);
    let pool: Pool | undefined;
    const sockets = mysql2Sockets();
    try {
      pool = loadMysql2Promise().createPool({ ...poolOptionsFor(profile, password, options), stream: sockets.stream });
      // A pool reports connection errors only on first use; asking for one surfaces them now.
      pool.on('connection', (connection) => sockets.handshakeDone(connection as unknown as { stream?: Duplex }));
      const started = performance.now();
      const [rows] = await pool.query<RowDataPacket[]>('SELECT VERSION() AS version');
      const versionString = String(rows[0]?.version ?? '');
      logger({ sql: 'SELECT VERSION() AS version', durationMs: performance.now() - started, rowCount: rows.length });
      return new DatabaseSession(profile, identifyServer(versionString), pool, logger, sockets, () =>
        connectionOptionsFor(profile, password, options),
      );
    } catch (error) {
      await pool?.end().catch(() => undefined);
      sockets.destroyAll();
      throw new ConnectionFailure(await refineProblem(error, profile, password, options), {
        host: profile.host,
        port: profile.port,
        user: profile.user,
        tls: profile.tls,
        database: profile.database,
      });
    }
  }

  query(sql: string, values?: readonly unknown[]): Promise<SqlRow[]> {
    return this.executor.query(sql, values);
  }

  run(sql: string, values?: readonly unknown[]): Promise<SqlRunOutcome> {
    return this.executor.run(sql, values);
  }

  /**
   * Runs statements on one dedicated connection (needed for session variables and transactions,
   * e.g. EXPLAIN ANALYZE of DML inside a rolled-back transaction).
   */
  async withDedicatedConnection<T>(work: (executor: SqlExecutor) => Promise<T>): Promise<T> {
    const connection = await this.pool.getConnection();
    let result: T;
    try {
      result = await work(loggedExecutor(connection, this.logger));
    } catch (error) {
      // The connection may hold an open transaction or session state the work could not undo:
      // never hand it back to the pool.
      connection.destroy();
      throw error;
    }
    connection.release();
    return result;
  }

  /** Like withDedicatedConnection, with row-by-row reading (a stopped read closes the connection). */
  async withStreamingConnection<T>(work: (executor: StreamingExecutor) => Promise<T>): Promise<T> {
    const connection = await this.pool.getConnection();
    let result: T;
    try {
      const logged = loggedExecutor(connection, this.logger);
      result = await work({
        ...logged,
        stream: async (sql, handlers) => {
          const started = performance.now();
          let rowCount = 0;
          try {
            const end = await streamStatement(coreConnectionOf(connection), sql, {
              ...handlers,
              onRow: (row) => {
                rowCount++;
                return handlers.onRow(row);
              },
            });
            this.logger({ sql, durationMs: performance.now() - started, rowCount });
            return end;
          } catch (error) {
            this.logger({ sql, durationMs: performance.now() - started, error: errorSummary(error) });
            throw error;
          }
        },
      });
    } catch (error) {
      connection.destroy();
      throw error;
    }
    connection.release();
    return result;
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
    this.sockets.destroyAll();
  }
}

/** The callback connection under a promise one (its typings name the promise wrapper's type). */
function coreConnectionOf(connection: PoolConnection): CoreConnection {
  return (connection as unknown as { connection: CoreConnection }).connection;
}

interface QueryTarget {
  query<T extends RowDataPacket[] | ResultSetHeader>(sql: string, values?: unknown[]): Promise<[T, unknown]>;
}

function loggedExecutor(target: QueryTarget, logger: SqlLogger): SqlExecutor {
  return {
    async query(sql, values) {
      const started = performance.now();
      try {
        const [rows] = await target.query<RowDataPacket[]>(sql, values as unknown[] | undefined);
        const list = Array.isArray(rows) ? (rows as SqlRow[]) : [];
        logger({ sql, durationMs: performance.now() - started, rowCount: list.length });
        return list;
      } catch (error) {
        logger({ sql, durationMs: performance.now() - started, error: errorSummary(error) });
        throw error;
      }
    },
    async run(sql, values) {
      const started = performance.now();
      try {
        const [header] = await target.query<ResultSetHeader>(sql, values as unknown[] | undefined);
        logger({ sql, durationMs: performance.now() - started, rowCount: header.affectedRows });
        return { affectedRows: header.affectedRows ?? 0, insertId: header.insertId, warningStatus: header.warningStatus };
      } catch (error) {
        logger({ sql, durationMs: performance.now() - started, error: errorSummary(error) });
        throw error;
      }
    },
  };
}

export function errorSummary(error: unknown): { code?: string; errno?: number; message: string } {
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; errno?: unknown; message?: unknown };
    return {
      code: typeof e.code === 'string' ? e.code : undefined,
      errno: typeof e.errno === 'number' ? e.errno : undefined,
      message: typeof e.message === 'string' ? e.message : String(error),
    };
  }
  return { message: String(error) };
}

async function refineProblem(
  error: unknown,
  profile: ConnectionProfile,
  password: string,
  options: OpenSessionOptions,
): Promise<ConnectionProblem> {
  const problem = describeConnectionError(error, profile);
  if (problem.kind === 'wrongPassword' && profile.tls === 'off' && (await acceptedOverTls(profile, password, options)))
    return tlsRequiredProblem(problem, profile);
  if (problem.kind !== 'timeout' && problem.kind !== 'notMySqlCompatible') return problem;
  const verdict = await probeServerGreeting(profile.host, profile.port, 2000);
  if (verdict.kind === 'notMySql' || verdict.kind === 'silent') {
    const greeting =
      verdict.kind === 'notMySql' && verdict.firstBytes ? ` (it greeted with "${verdict.firstBytes}")` : ' (it sent no MySQL greeting)';
    return {
      kind: 'notMySqlCompatible',
      title: `${profile.host}:${profile.port} answers, but not as a MySQL-compatible server${greeting}.`,
      nextStep: connectionNextStep('notMySqlCompatible', profile, 'editor'),
      serverMessage: problem.serverMessage,
      detail: problem.detail,
    };
  }
  return problem;
}

/**
 * Whether the server that refused this user over a plain connection accepts it over TLS: a server
 * that requires TLS (MariaDB's require_secure_transport) answers a plain connection "Access denied".
 * The retry is encrypted, so the password is never sent more openly than the first attempt did.
 */
async function acceptedOverTls(profile: ConnectionProfile, password: string, options: OpenSessionOptions): Promise<boolean> {
  const sockets = mysql2Sockets();
  const pool = loadMysql2Promise().createPool({
    ...poolOptionsFor({ ...profile, tls: 'required' }, password, options),
    connectionLimit: 1,
    stream: sockets.stream,
  });
  pool.on('connection', (connection) => sockets.handshakeDone(connection as unknown as { stream?: Duplex }));
  const sql = 'SELECT 1 /* over TLS: does the server require it? */';
  const started = performance.now();
  try {
    await pool.query(sql);
    options.logger?.({ sql, durationMs: performance.now() - started, rowCount: 1 });
    return true;
  } catch (error) {
    options.logger?.({ sql, durationMs: performance.now() - started, error: errorSummary(error) });
    return false;
  } finally {
    await pool.end().catch(() => undefined);
    sockets.destroyAll();
  }
}
