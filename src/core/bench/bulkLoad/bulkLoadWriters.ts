// The writers of one bulk-load cell inside a benchmark worker_thread (benchWorker.ts), so that
// building multi-row INSERTs and reading their answers never runs on the extension host's thread.
// Writers of every worker take batches from one shared counter, as a loader reading a file does.
import { bulkInsertPrefix } from './bulkLoadTable';
import { LatencyCounts } from '../measurement/latencyCounts';
import { LeanMysqlConnection } from '../mysqlWire/leanMysqlConnection';
import { DEFAULT_DISTRIBUTION } from '../sysbench/randomDistribution';
import { SysbenchRandom } from '../sysbench/sysbenchRandom';
import { C_VALUE_TEMPLATE, PAD_VALUE_TEMPLATE } from '../sysbench/sysbenchSql';
import type { KeyOrder } from '../experiments/experimentDefinition';
import type { BulkLoadWorkerSetup } from '../workers/workerMessages';
import { BULK_CONTROL_NEXT_BATCH, CONTROL_STOP } from '../workers/workerMessages';

/** The keys 1..rows in load order: ascending, or a Fisher-Yates shuffle. */
export function fillLoadOrder(keys: Int32Array, order: KeyOrder, random: SysbenchRandom): Int32Array {
  const rows = keys.length;
  for (let i = 0; i < rows; i++) keys[i] = i + 1;
  if (order === 'shuffled') {
    for (let i = rows - 1; i > 0; i--) {
      const j = Math.floor(random.nextDouble() * (i + 1));
      const swap = keys[i];
      keys[i] = keys[j];
      keys[j] = swap;
    }
  }
  return keys;
}

export interface BulkLoadOutcome {
  rowsLoaded: number;
  latencies: LatencyCounts;
  failure?: string;
}

export class BulkLoadWriters {
  private connections: LeanMysqlConnection[] = [];
  private readonly control: Int32Array;
  private readonly keys: Int32Array;

  constructor(private readonly setup: BulkLoadWorkerSetup) {
    this.control = new Int32Array(setup.control);
    this.keys = new Int32Array(setup.keys);
  }

  /** Connects every writer (and fills the shared key order when this worker is asked to). */
  async init(): Promise<void> {
    if (this.setup.fillKeys) fillLoadOrder(this.keys, this.setup.keyOrder, new SysbenchRandom(DEFAULT_DISTRIBUTION, this.setup.keysRandom));
    const settled = await Promise.allSettled(this.setup.writers.map((writer) => LeanMysqlConnection.connect(writer.connect)));
    for (const outcome of settled) if (outcome.status === 'fulfilled') this.connections.push(outcome.value);
    const refused = settled.find((outcome) => outcome.status === 'rejected');
    if (refused) throw refused.reason;
  }

  async run(): Promise<BulkLoadOutcome> {
    const { rows, rowsPerInsert } = this.setup;
    const prefix = bulkInsertPrefix(this.setup.table, this.setup.serverKeys);
    const batches = Math.ceil(rows / rowsPerInsert);
    const latencies = new LatencyCounts();
    let rowsLoaded = 0;
    let failure: string | undefined;
    const stopped = () => failure !== undefined || Atomics.load(this.control, CONTROL_STOP) !== 0;
    await Promise.all(
      this.connections.map(async (connection, index) => {
        const random = new SysbenchRandom(DEFAULT_DISTRIBUTION, this.setup.writers[index].random);
        while (!stopped()) {
          const batch = Atomics.add(this.control, BULK_CONTROL_NEXT_BATCH, 1);
          if (batch >= batches) break;
          const from = batch * rowsPerInsert;
          const to = Math.min(rows, from + rowsPerInsert);
          const values: string[] = [];
          for (let i = from; i < to; i++) {
            const id = this.setup.serverKeys ? '' : `${this.keys[i]}, `;
            values.push(`(${id}${random.uniform(1, rows)}, '${random.string(C_VALUE_TEMPLATE)}', '${random.string(PAD_VALUE_TEMPLATE)}')`);
          }
          const sent = performance.now();
          try {
            await connection.query(prefix + values.join(','));
          } catch (error) {
            failure ??= `INSERT of ${to - from} rows failed: ${error instanceof Error ? error.message : String(error)}`;
            // the other writers, in every worker, stop at their next batch
            Atomics.store(this.control, CONTROL_STOP, 1);
            break;
          }
          latencies.record(performance.now() - sent);
          rowsLoaded += to - from;
        }
      }),
    );
    return { rowsLoaded, latencies, failure };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }
}
