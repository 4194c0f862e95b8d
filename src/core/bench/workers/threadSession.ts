// One benchmark thread's connection: its prepared statements, the counting of every statement as
// read / write / other (sysbench's rule: a result set is a read, otherwise affected rows > 0 is a
// write, else other), and what an error does (restart the event, reconnect, or stop the run).
import {
  LeanMysqlConnection,
  RESULT_SET,
  type CommandCallback,
  type LeanConnectOptions,
  type ParamValue,
  type PreparedStatement,
} from '../mysqlWire/leanMysqlConnection';
import { MysqlError } from '../mysqlWire/mysqlClientError';
import type { ErrorPolicy } from './errorPolicy';
import { CONNECTION_ID_QUERY, connectionIdFrom } from '../../db/queryKill';

export const COUNTER_EVENTS = 0;
export const COUNTER_READS = 1;
export const COUNTER_WRITES = 2;
export const COUNTER_OTHERS = 3;
export const COUNTER_ERRORS = 4;
export const COUNTER_RECONNECTS = 5;
export const COUNTER_FIELDS = 6;

const ER_UNSUPPORTED_PS = 1295;

/** Thrown to make the thread run the event again from its start (an ignored error). */
export const RESTART_EVENT = Object.freeze({ restartEvent: true });

/** Thrown when the run was asked to stop while a statement was under way. */
export const STOPPED = Object.freeze({ stopped: true });

/** How a statement ends for the thread: undefined when it was counted, else RESTART_EVENT, STOPPED or a fatal error. */
export type StatementDone = (error?: unknown) => void;

export class FatalRunError extends Error {
  constructor(
    message: string,
    readonly errno?: number,
  ) {
    super(message);
    this.name = 'FatalRunError';
  }
}

/** A statement as sysbench holds it: server-side prepared, or emulated with text when the server refuses. */
export class StatementHandle {
  prepared: PreparedStatement | undefined;
  private readonly parts: string[];

  constructor(readonly sql: string) {
    this.parts = sql.split('?');
  }

  /** The statement with values inlined the way sysbench's emulation prints them (%d, '%s'). */
  format(params: readonly ParamValue[]): string {
    let text = this.parts[0];
    for (let i = 1; i < this.parts.length; i++) {
      const value = params[i - 1];
      if (value === null || value === undefined) text += 'NULL';
      else if (typeof value === 'number') text += String(value);
      else if (typeof value === 'string') text += `'${value}'`;
      else text += `'${Buffer.from(value.buffer, value.byteOffset, value.length).toString('latin1')}'`;
      text += this.parts[i];
    }
    return text;
  }
}

export interface SessionOptions {
  connect: LeanConnectOptions;
  /** run after every connect and reconnect */
  sessionStatements: string[];
  usePreparedStatements: boolean;
  policy: ErrorPolicy;
  /** this thread's counters: COUNTER_FIELDS slots starting at counterOffset */
  counters: Float64Array;
  counterOffset: number;
  /** each ignored error's code, counted per code (the summary's "12 errors: 1213 deadlock ×10, ...") */
  onIgnoredError?: (errno: number) => void;
  isStopping: () => boolean;
  /** the run's time limit has passed (a reconnect loop gives up then) */
  isPastDeadline: () => boolean;
  reconnectTimeoutMs: number;
  /**
   * Ask the server for this connection's id (CONNECTION_ID()) after every connect: TiDB's 64-bit
   * ids do not fit the handshake's 4 bytes, and a KILL with the truncated id would miss.
   */
  readServerConnectionId: boolean;
  /** notes for --debug / --verbosity=5 (never called with a password) */
  debug: (message: string) => void;
}

export class ThreadSession {
  connection: LeanMysqlConnection | undefined;
  private readonly handles: StatementHandle[] = [];
  // The statement under way; one at a time, so one bound callback serves them all.
  private pendingDone: StatementDone | undefined;
  private pendingFunction = '';
  private pendingSql = '';
  private serverConnectionId: bigint | null = null;
  private readonly onOutcome: CommandCallback = (error, outcome) => {
    const done = this.pendingDone!;
    this.pendingDone = undefined;
    if (error === undefined) {
      this.count(outcome);
      done();
      return;
    }
    this.onError(error, this.pendingFunction, this.pendingSql).then(undefined, done);
  };

  constructor(private readonly options: SessionOptions) {}

  /** The id a KILL needs: CONNECTION_ID() where the handshake's cannot hold it, else the handshake's. */
  get connectionId(): bigint | undefined {
    if (this.connection === undefined) return undefined;
    return this.serverConnectionId ?? BigInt(this.connection.connectionId);
  }

  get busy(): boolean {
    return this.connection?.isBusy ?? false;
  }

  async open(): Promise<void> {
    const connection = await LeanMysqlConnection.connect(this.options.connect);
    this.connection = connection;
    if (this.options.isStopping()) {
      connection.destroy();
      throw STOPPED;
    }
    await this.afterConnect(connection);
  }

  private async afterConnect(connection: LeanMysqlConnection): Promise<void> {
    this.serverConnectionId = this.options.readServerConnectionId
      ? connectionIdFrom(await connection.queryValue(CONNECTION_ID_QUERY))
      : null;
    await this.runSessionStatements(connection);
  }

  private async runSessionStatements(connection: LeanMysqlConnection): Promise<void> {
    for (const sql of this.options.sessionStatements) {
      try {
        await connection.query(sql);
      } catch (error) {
        const detail = error instanceof MysqlError ? `error ${error.errno}: ${error.message}` : String(error);
        throw new FatalRunError(
          `Session set-up statement failed (${detail}): ${sql}`,
          error instanceof MysqlError ? error.errno : undefined,
        );
      }
    }
  }

  /** Registers a statement; it is prepared now and again after every reconnect. */
  async statement(sql: string): Promise<StatementHandle> {
    const handle = new StatementHandle(sql);
    this.handles.push(handle);
    await this.prepareHandle(handle);
    return handle;
  }

  /** Runs a statement and counts it; done() is called once, after the server answered. */
  executeWith(handle: StatementHandle, params: readonly ParamValue[], done: StatementDone): void {
    this.pendingDone = done;
    this.pendingSql = handle.sql;
    if (handle.prepared !== undefined) {
      this.pendingFunction = 'mysql_stmt_execute()';
      this.connection!.executeWith(handle.prepared, params, this.onOutcome);
    } else {
      this.pendingFunction = 'mysql_drv_query()';
      this.connection!.queryWith(handle.format(params), this.onOutcome);
    }
  }

  queryWith(sql: string, done: StatementDone): void {
    this.pendingDone = done;
    this.pendingSql = sql;
    this.pendingFunction = 'mysql_drv_query()';
    this.connection!.queryWith(sql, this.onOutcome);
  }

  query(sql: string): Promise<void> {
    return new Promise((resolve, reject) => this.queryWith(sql, (error) => (error === undefined ? resolve() : reject(error))));
  }

  /** Closes the connection politely (statements are freed with it). */
  async close(): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    if (connection.isOpen && !connection.isBusy) {
      for (const handle of this.handles) if (handle.prepared) connection.closeStatement(handle.prepared);
    }
    await connection.close(500);
  }

  destroy(): void {
    this.connection?.destroy();
  }

  private count(outcome: number): void {
    const field = outcome === RESULT_SET ? COUNTER_READS : outcome > 0 ? COUNTER_WRITES : COUNTER_OTHERS;
    this.options.counters[this.options.counterOffset + field]++;
  }

  private async prepareHandle(handle: StatementHandle): Promise<void> {
    handle.prepared = undefined;
    if (!this.options.usePreparedStatements) return;
    try {
      handle.prepared = await this.connection!.prepare(handle.sql);
    } catch (error) {
      if (error instanceof MysqlError && error.errno === ER_UNSUPPORTED_PS) {
        this.options.debug(`Failed to prepare query "${handle.sql}" (${error.errno}: ${error.message}), using emulation`);
        return;
      }
      const detail = error instanceof MysqlError ? `MySQL error: ${error.errno} "${error.message}"` : String(error);
      throw new FatalRunError(
        `mysql_stmt_prepare() failed for '${handle.sql}': ${detail}`,
        error instanceof MysqlError ? error.errno : undefined,
      );
    }
  }

  private async onError(error: unknown, fn: string, sql: string): Promise<never> {
    if (this.options.isStopping()) throw STOPPED;
    if (!(error instanceof MysqlError)) throw error;
    switch (this.options.policy.actionFor(error.errno)) {
      case 'restart':
        this.options.counters[this.options.counterOffset + COUNTER_ERRORS]++;
        this.options.onIgnoredError?.(error.errno);
        this.options.debug(`Ignoring error ${error.errno} ${error.message}`);
        throw RESTART_EVENT;
      case 'reconnect':
        this.options.debug(`Reconnecting after error ${error.errno} ${error.message}`);
        await this.reconnect(error);
        throw RESTART_EVENT;
      default:
        // Not an "ignored error": the run stops on it (sysbench prints no summary then; we keep the
        // partial one, so the count must not claim it was ignored).
        throw new FatalRunError(`${fn} returned error ${error.errno} (${error.message}) for query '${abbreviate(sql)}'`, error.errno);
    }
  }

  /**
   * Reconnects with the same settings and prepares the statements again, retrying until that works,
   * the run stops or the timeout passes. A connection lost again while it is set up (during the
   * session statements or mysql_stmt_prepare) is one more reason to retry, not a fatal error: the
   * ignore list asked to survive lost connections. Counted as one reconnect once the thread can
   * work again (sysbench counts it after mysql_drv_reconnect() returns, never for a failed one).
   */
  private async reconnect(cause: MysqlError): Promise<void> {
    this.connection?.destroy();
    const deadline = performance.now() + this.options.reconnectTimeoutMs;
    let pause = 1;
    let lastError: unknown = cause;
    for (;;) {
      if (this.options.isStopping() || this.options.isPastDeadline()) throw STOPPED;
      let connection: LeanMysqlConnection | undefined;
      try {
        connection = await LeanMysqlConnection.connect({
          ...this.options.connect,
          connectTimeoutMs: Math.min(5000, this.options.reconnectTimeoutMs),
        });
      } catch (error) {
        lastError = error;
      }
      if (connection !== undefined) {
        this.connection = connection;
        try {
          await this.setUpAgain(connection);
          this.options.counters[this.options.counterOffset + COUNTER_RECONNECTS]++;
          this.options.debug('Reconnected');
          return;
        } catch (error) {
          if (!this.isLostAgain(error)) throw error;
          this.options.debug(
            `Lost the new connection while setting it up (${error instanceof Error ? error.message : String(error)}), reconnecting`,
          );
          connection.destroy();
          lastError = error;
        }
      }
      if (performance.now() >= deadline) {
        const detail = lastError instanceof Error ? lastError.message : String(lastError);
        throw new FatalRunError(
          `Lost the connection (${cause.errno}: ${cause.message}) and could not reconnect within ${Math.round(this.options.reconnectTimeoutMs / 1000)} s: ${detail}`,
          cause.errno,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(100, pause * 2);
    }
  }

  private async setUpAgain(connection: LeanMysqlConnection): Promise<void> {
    await this.afterConnect(connection);
    for (const handle of this.handles) await this.prepareHandle(handle);
  }

  /** The connection was lost again while being set up, and the ignore list asks to reconnect on that loss. */
  private isLostAgain(error: unknown): boolean {
    const errno = error instanceof FatalRunError || error instanceof MysqlError ? error.errno : undefined;
    return errno !== undefined && this.options.policy.actionFor(errno) === 'reconnect';
  }
}

function abbreviate(sql: string): string {
  return sql.length > 300 ? `${sql.slice(0, 300)}...` : sql;
}
