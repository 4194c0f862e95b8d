// The prepare phase inside one worker_thread (oltp_common.lua's cmd_prepare / create_table):
// thread t creates tables t+1, t+1+threads, ... with their rows in 512 KiB multi-row INSERTs and
// then the secondary index, exactly like sysbench's parallel prepare.
import { BulkInsertStatement } from '../sysbench/bulkInsertStatement';
import { SysbenchRandom } from '../sysbench/sysbenchRandom';
import { C_VALUE_TEMPLATE, PAD_VALUE_TEMPLATE, bulkInsertPrefix, createSecondaryIndexSql, createTableSql } from '../sysbench/sysbenchSql';
import { LeanMysqlConnection } from '../mysqlWire/leanMysqlConnection';
import { MysqlError } from '../mysqlWire/mysqlClientError';
import { CONNECTION_ID_QUERY, connectionIdFrom } from '../../db/queryKill';
import { CONTROL_STOP, type PrepareWorkerSetup, type WorkerFailure, type WorkerMessage, type WorkerThreadPlan } from './workerMessages';

export class WorkerPrepare {
  private readonly control: Int32Array;
  private failure: WorkerFailure | undefined;
  private readonly connections = new Set<LeanMysqlConnection>();
  // CONNECTION_ID() on TiDB, whose 64-bit ids do not fit the handshake's 4 bytes
  private readonly serverIds = new Map<LeanMysqlConnection, bigint>();

  constructor(
    private readonly setup: PrepareWorkerSetup,
    private readonly post: (message: WorkerMessage) => void,
  ) {
    this.control = new Int32Array(setup.control);
  }

  get failureReport(): WorkerFailure | undefined {
    return this.failure;
  }

  async run(): Promise<void> {
    await Promise.all(this.setup.threads.map((plan) => this.prepareThread(plan).catch((error: unknown) => this.fail(error))));
  }

  /** Stops every thread at once; returns the ids of connections cut in the middle of a statement (to KILL). */
  stop(): bigint[] {
    Atomics.store(this.control, CONTROL_STOP, 1);
    const abandoned: bigint[] = [];
    for (const connection of this.connections) {
      if (connection.isBusy) abandoned.push(this.serverIds.get(connection) ?? BigInt(connection.connectionId));
      connection.destroy();
    }
    return abandoned;
  }

  private fail(error: unknown): void {
    if (this.failure === undefined) {
      this.failure =
        error instanceof MysqlError
          ? { message: `${error.message} (error ${error.errno})`, errno: error.errno }
          : { message: error instanceof Error ? error.message : String(error) };
    }
    this.stop();
  }

  private get stopping(): boolean {
    return this.control[CONTROL_STOP] !== 0;
  }

  private async prepareThread(plan: WorkerThreadPlan): Promise<void> {
    const { options } = this.setup;
    const threads = options.limits.threads;
    const tables = options.workloadOptions.tables;
    const connection = await LeanMysqlConnection.connect(plan.connect);
    this.connections.add(connection);
    try {
      if (this.setup.serverIsTiDB) {
        const id = connectionIdFrom(await connection.queryValue(CONNECTION_ID_QUERY));
        if (id !== null) this.serverIds.set(connection, id);
      }
      const random = new SysbenchRandom(options.random, plan.random);
      for (let table = (plan.threadId % threads) + 1; table <= tables; table += threads) {
        if (this.stopping) return;
        await this.createTable(connection, random, table);
      }
    } finally {
      await connection.close();
      this.connections.delete(connection);
      this.serverIds.delete(connection);
    }
  }

  private async createTable(connection: LeanMysqlConnection, random: SysbenchRandom, table: number): Promise<void> {
    const w = this.setup.options.workloadOptions;
    // oltp_insert with --auto_inc=off prepares empty tables, so that IDs it generates do not collide
    const tableSize = this.setup.options.workload === 'oltp_insert' && !w.autoInc ? 0 : w.tableSize;
    const info = (message: string) => this.post({ type: 'log', level: 'info', message });

    info(`Creating table 'sbtest${table}'...`);
    this.post({ type: 'table', tableNumber: table, complete: false });
    await connection.query(createTableSql(table, w));
    if (tableSize > 0) info(`Inserting ${tableSize} records into 'sbtest${table}'`);

    let inserted = 0;
    const statement = new BulkInsertStatement(bulkInsertPrefix(table, w.autoInc), async (sql, rows) => {
      if (this.stopping) throw new Error('stopped');
      await connection.query(sql);
      inserted += rows;
      this.post({ type: 'progress', tableNumber: table, rows: inserted });
    });
    for (let i = 1; i <= tableSize; i++) {
      const c = random.string(C_VALUE_TEMPLATE);
      const pad = random.string(PAD_VALUE_TEMPLATE);
      const k = random.default(1, tableSize);
      await statement.add(w.autoInc ? `(${k}, '${c}', '${pad}')` : `(${i}, ${k}, '${c}', '${pad}')`);
    }
    await statement.flush();

    if (w.createSecondary) {
      info(`Creating a secondary index on 'sbtest${table}'...`);
      await connection.query(createSecondaryIndexSql(table));
    }
    this.post({ type: 'table', tableNumber: table, complete: true });
  }
}
