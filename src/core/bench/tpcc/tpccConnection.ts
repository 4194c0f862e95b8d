// One TPC-C thread's connection: mysql2 with server-side prepared statements (COM_STMT_PREPARE once
// per statement and connection, then COM_STMT_EXECUTE), as go-tpc prepares every statement of the
// five transactions on its thread's connection. mysql2, not the benchmark's lean connection: the
// transactions read values back (d_next_o_id, prices, stock quantities, customer ids) and the
// lean connection skips row contents by design. Transactions are START TRANSACTION ... COMMIT or
// ROLLBACK in the text protocol, preceded by SET TRANSACTION ISOLATION LEVEL when --isolation asks
// for one: what go-sql-driver's BeginTx sends.
import type { Connection as CoreConnection } from 'mysql2';
import type { Connection, ResultSetHeader } from 'mysql2/promise';
import { loadMysql2Promise } from '../../lazyLibraries';
import { poolOptionsFor } from '../../db/connectionOptions';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';

export type SqlParam = number | string | null;

/** Statements a connection sent, by sysbench's kinds: reads (SELECT), writes (INSERT/UPDATE/DELETE), others (transaction control). */
export interface StatementCounts {
  reads: number;
  writes: number;
  others: number;
}

/** go-tpc's --isolation (Go's sql.IsolationLevel) and the level go-sql-driver sets for it; 0 leaves the server's default. */
export const ISOLATION_LEVELS: Readonly<Record<number, string>> = {
  1: 'READ UNCOMMITTED',
  2: 'READ COMMITTED',
  4: 'REPEATABLE READ',
  6: 'SERIALIZABLE',
};

export interface TpccSession {
  /** a prepared SELECT: its rows, each as an array of column values (DECIMAL as strings, DATETIME as text) */
  rows(sql: string, params: readonly SqlParam[]): Promise<unknown[][]>;
  /** a prepared INSERT / UPDATE / DELETE: the rows it affected */
  exec(sql: string, params: readonly SqlParam[]): Promise<number>;
}

export class TpccConnection implements TpccSession {
  readonly counts: StatementCounts = { reads: 0, writes: 0, others: 0 };
  /**
   * The callback connection under the promise one: its execute() skips the stack trace mysql2's
   * promise wrapper captures on every call (about a tenth of the client's CPU in a TPC-C run).
   */
  private readonly core: CoreConnection;

  private constructor(
    private readonly connection: Connection,
    private readonly isolation: number,
  ) {
    this.core = (connection as unknown as { connection: CoreConnection }).connection;
  }

  /**
   * Connects to the n-th (host, port) pair of --mysql-host/--mysql-port in turn, as the other workloads
   * spread threads, and runs `sessionStatements` on it (an experiment variant's SET SESSION).
   */
  static async open(
    values: ConnectionOptionValues,
    isolation = 0,
    index = 0,
    sessionStatements: readonly string[] = [],
  ): Promise<TpccConnection> {
    const pairs = values.hosts.flatMap((host) => values.ports.map((port) => ({ host, port })));
    const target = pairs[index % pairs.length];
    const profile = { ...adminProfile(values), host: target.host, port: target.port };
    // connection options only: the pool's (connectionLimit, maxIdle, idleTimeout) are not a connection's
    const { connectionLimit: _limit, maxIdle: _maxIdle, idleTimeout: _idle, ...options } = poolOptionsFor(profile, values.password);
    const connection = await loadMysql2Promise().createConnection({ ...options, rowsAsArray: true });
    connection.on('error', () => undefined);
    try {
      for (const statement of sessionStatements) await connection.query(statement);
    } catch (error) {
      connection.destroy();
      throw error;
    }
    return new TpccConnection(connection, isolation);
  }

  async rows(sql: string, params: readonly SqlParam[]): Promise<unknown[][]> {
    this.counts.reads++;
    return this.execute<unknown[][]>(sql, params);
  }

  async exec(sql: string, params: readonly SqlParam[]): Promise<number> {
    this.counts.writes++;
    return (await this.execute<ResultSetHeader>(sql, params)).affectedRows;
  }

  private execute<T>(sql: string, params: readonly SqlParam[]): Promise<T> {
    return new Promise((resolve, reject) =>
      this.core.execute(sql, params as SqlParam[], (error, result) => (error ? reject(error) : resolve(result as unknown as T))),
    );
  }

  /** A text-protocol statement outside the transactions (the loader's INSERTs, DDL, checks). */
  async text(sql: string): Promise<unknown[][]> {
    const [rows] = await this.connection.query(sql);
    return Array.isArray(rows) ? (rows as unknown as unknown[][]) : [];
  }

  /**
   * Runs `body` in a transaction: COMMIT when it returns 'commit', ROLLBACK when it returns
   * 'rollback' or throws (the error is thrown on; a ROLLBACK that fails too is not the news).
   */
  async transaction(body: (session: TpccSession) => Promise<'commit' | 'rollback'>): Promise<'commit' | 'rollback'> {
    const level = ISOLATION_LEVELS[this.isolation];
    if (level !== undefined) await this.control(`SET TRANSACTION ISOLATION LEVEL ${level}`);
    await this.control('START TRANSACTION');
    let outcome: 'commit' | 'rollback';
    try {
      outcome = await body(this);
    } catch (error) {
      if ((error as { fatal?: unknown }).fatal !== true) await this.control('ROLLBACK').catch(() => undefined);
      throw error;
    }
    await this.control(outcome === 'commit' ? 'COMMIT' : 'ROLLBACK');
    return outcome;
  }

  private async control(sql: string): Promise<void> {
    this.counts.others++;
    await this.connection.query(sql);
  }

  async close(): Promise<void> {
    await this.connection.end().catch(() => this.connection.destroy());
  }

  destroy(): void {
    this.connection.destroy();
  }
}
