// The one connection of an editor's SQL session: opened on its own (not taken from the pool, so
// USE, SET SESSION, user variables and transactions stay with it), every statement logged. It
// keeps what the server said of its state at no cost of its own: the open transaction from the
// status flags of each OK packet, the current database from the OK packet's session-state
// information (MySQL and MariaDB send it; TiDB does not, and SELECT DATABASE() asks after a
// statement that can change it). A result set ends with an EOF packet whose flags mysql2 does not
// pass on: after one, `DO 0` reads them (one OK packet). It notices when the server closes it.
import type { Duplex } from 'node:stream';
import type { Connection, ConnectionOptions } from 'mysql2';
import { loadMysql2 } from '../lazyLibraries';
import { stripLeadingComments } from '../sql/statementSplitter';
import { mysql2Sockets, type Mysql2Sockets } from './mysql2Sockets';
import { connectionIdFrom } from './queryKill';
import { inTransactionFrom } from './serverStatusFlags';
import type { SqlExecutor, SqlLogger, SqlRow, SqlRunOutcome } from './sqlExecutor';
import { cellTextCast, typeName, type StreamedColumn, type StreamedOutcome } from './statementStream';

/** What a statement sent back, one result set after another (a CALL can send several). */
export interface ResultSetHandlers {
  /** a result set begins */
  onColumns(columns: StreamedColumn[]): void;
  /** a row of the current result set, as text (statementStream's cellTextCast) */
  onRow(row: (string | null)[]): void;
  /** an OK packet: a statement without a result set, or the end of a CALL */
  onOutcome(outcome: StreamedOutcome & { warningCount: number }): void;
}

/** The server's state of the session, as last reported. */
export interface SessionServerState {
  database: string | null;
  inTransaction: boolean;
}

interface OkHeader {
  affectedRows?: number;
  insertId?: number;
  info?: string;
  serverStatus?: number;
  warningStatus?: number;
  stateChanges?: { schema?: string | null } | null;
}

interface QueryHandlers {
  onColumns?(columns: StreamedColumn[]): void;
  onRow?(row: unknown): void;
  onHeader?(header: OkHeader): void;
}

const MAY_CHANGE_DATABASE = /^(?:use|drop\s+(?:database|schema)|call|execute|change\s+user)\b/i;

export class SessionConnection implements SqlExecutor, SessionServerState {
  database: string | null = null;
  inTransaction = false;
  /** the server's id of this connection (CONNECTION_ID(), not the driver's 32-bit thread id) */
  connectionId = 0n;
  /** the last answer ended without an OK packet (a result set, an error): the flags are not known */
  private statusUnknown = false;
  private schemaReported = false;
  private lostReason: string | undefined;
  private readonly lostListeners = new Set<(reason: string) => void>();

  private constructor(
    private readonly connection: Connection,
    private readonly logger: SqlLogger,
    private readonly sockets: Mysql2Sockets,
  ) {
    // A connection the server closes (KILL, a restart, wait_timeout) reports it here, also when no
    // statement runs: never as an uncaught error.
    connection.on('error', (error: { fatal?: boolean; code?: string; message?: string }) => {
      if (error.fatal) this.markLost(error.code ?? error.message ?? 'connection error');
    });
    connection.on('end', () => this.markLost('the server closed the connection'));
  }

  /** Connects and reads the connection's id and database; throws the driver's error when it cannot. */
  static async open(options: ConnectionOptions, logger: SqlLogger = () => undefined): Promise<SessionConnection> {
    // its socket made by mysql2Sockets, as the pool's are: bounded packets, ended on every failure
    const sockets = mysql2Sockets();
    const session = new SessionConnection(loadMysql2().createConnection({ ...options, stream: sockets.stream }), logger, sockets);
    session.connection.once('connect', () => sockets.handshakeDone(session.connection as unknown as { stream?: Duplex }));
    try {
      const [row] = await session.query('SELECT CONNECTION_ID() AS id, DATABASE() AS db');
      const id = connectionIdFrom(row?.id);
      if (id === null) throw new Error(`CONNECTION_ID() returned ${JSON.stringify(row?.id)}, not a connection id.`);
      session.connectionId = id;
      session.database = typeof row?.db === 'string' ? row.db : null;
      await session.readStatus();
      return session;
    } catch (error) {
      session.destroy();
      throw error;
    }
  }

  /** Why the connection is gone (the server closed it, or it was closed here), or undefined while it is open. */
  get lost(): string | undefined {
    return this.lostReason;
  }

  onLost(listener: (reason: string) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  state(): SessionServerState {
    return { database: this.database, inTransaction: this.inTransaction };
  }

  async query(sql: string, values?: readonly unknown[]): Promise<SqlRow[]> {
    const rows: SqlRow[] = [];
    let resultSets = 0;
    await this.execute(sql, values, false, {
      onColumns: () => resultSets++,
      onRow: (row) => {
        if (resultSets <= 1) rows.push(row as SqlRow);
      },
    });
    return rows;
  }

  async run(sql: string, values?: readonly unknown[]): Promise<SqlRunOutcome> {
    let header: OkHeader | undefined;
    await this.execute(sql, values, false, { onHeader: (next) => (header ??= next) });
    return { affectedRows: header?.affectedRows ?? 0, insertId: header?.insertId, warningStatus: header?.warningStatus };
  }

  /** Runs a statement the user wrote, handing over every result set and OK packet as they come, cells as text. */
  async runResults(sql: string, handlers: ResultSetHandlers): Promise<void> {
    this.schemaReported = false;
    await this.execute(sql, undefined, true, {
      onColumns: (columns) => handlers.onColumns(columns),
      onRow: (row) => handlers.onRow(row as (string | null)[]),
      onHeader: (header) =>
        handlers.onOutcome({
          affectedRows: header.affectedRows ?? 0,
          ...(header.insertId ? { insertId: header.insertId } : {}),
          ...(header.info ? { info: header.info } : {}),
          warningCount: header.warningStatus ?? 0,
        }),
    });
  }

  /**
   * After a statement the user wrote (whether it worked or not): reads the transaction flag when
   * the answer did not carry it, and the database when the statement may have changed it and the
   * server did not say.
   */
  async settle(statement: string): Promise<void> {
    if (this.lostReason !== undefined) return;
    if (this.statusUnknown) await this.readStatus();
    if (!this.schemaReported && MAY_CHANGE_DATABASE.test(stripLeadingComments(statement))) {
      const [row] = await this.query('SELECT DATABASE() AS db');
      this.database = typeof row?.db === 'string' ? row.db : null;
    }
  }

  /** Closes the connection politely (the server rolls back what is open). */
  end(): Promise<void> {
    if (this.lostReason !== undefined) return Promise.resolve();
    this.markLost('closed by TiDB Lab');
    return new Promise<void>((resolve) => {
      this.connection.end(() => {
        this.sockets.destroyAll();
        resolve();
      });
    });
  }

  /** Closes the socket at once (a statement that does not stop, a failed open). */
  destroy(): void {
    this.markLost('closed by TiDB Lab');
    this.connection.destroy();
    this.sockets.destroyAll();
  }

  private async readStatus(): Promise<void> {
    await this.run('DO 0');
  }

  private markLost(reason: string): void {
    if (this.lostReason !== undefined) return;
    this.lostReason = reason;
    for (const listener of [...this.lostListeners]) listener(reason);
  }

  private observe(header: OkHeader): void {
    if (typeof header.serverStatus === 'number') {
      this.inTransaction = inTransactionFrom(header.serverStatus);
      this.statusUnknown = false;
    }
    const schema = header.stateChanges?.schema;
    if (schema !== undefined && schema !== null) {
      this.database = schema === '' ? null : schema;
      this.schemaReported = true;
    }
  }

  private execute(sql: string, values: readonly unknown[] | undefined, asText: boolean, handlers: QueryHandlers): Promise<void> {
    const started = performance.now();
    let rowCount = 0;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      let endsWithRows = false;
      const query = this.connection.query(
        asText
          ? { sql, values: values as unknown[] | undefined, rowsAsArray: true, typeCast: cellTextCast }
          : { sql, values: values as unknown[] | undefined },
      );
      query.on('fields', (fields?: { name: string; columnType?: number; type?: number }[]) => {
        if (settled || !fields) return;
        endsWithRows = true;
        handlers.onColumns?.(fields.map((field) => ({ name: field.name, type: typeName(field.columnType ?? field.type) })));
      });
      query.on('result', (row: unknown) => {
        if (settled) return;
        if (isOkHeader(row)) {
          endsWithRows = false;
          this.observe(row);
          rowCount += row.affectedRows ?? 0;
          handlers.onHeader?.(row);
          return;
        }
        rowCount++;
        handlers.onRow?.(row);
      });
      query.on('error', (error: Error) => {
        if (settled) return;
        settled = true;
        // an error packet carries no flags: a deadlock, for one, rolls the whole transaction back
        this.statusUnknown = true;
        if ((error as { fatal?: boolean }).fatal) this.markLost((error as { code?: string }).code ?? error.message);
        this.logger({ sql, durationMs: performance.now() - started, error: errorOf(error) });
        reject(error);
      });
      query.on('end', () => {
        if (settled) return;
        settled = true;
        if (endsWithRows) this.statusUnknown = true;
        this.logger({ sql, durationMs: performance.now() - started, rowCount });
        resolve();
      });
    });
  }
}

function isOkHeader(value: unknown): value is OkHeader {
  // rows are arrays or plain objects; mysql2's OK packet is an instance of its ResultSetHeader class
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype !== Object.prototype && prototype !== null && typeof (value as OkHeader).affectedRows === 'number';
}

function errorOf(error: unknown): { code?: string; errno?: number; message: string } {
  const e = error as { code?: unknown; errno?: unknown; message?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    errno: typeof e.errno === 'number' ? e.errno : undefined,
    message: typeof e.message === 'string' ? e.message : String(error),
  };
}
