// What one benchmark thread does per event, for every workload: a transcription of sysbench
// 1.0.20's Lua scripts (oltp_common.lua and friends), down to the order of the random draws, so a
// seeded run sends the same statements with the same values as sysbench.
import type { WorkloadOptions } from './benchOptions';
import { BulkInsertStatement } from './bulkInsertStatement';
import type { SysbenchRandom } from './sysbenchRandom';
import {
  C_VALUE_TEMPLATE,
  PAD_VALUE_TEMPLATE,
  bulkInsertWorkloadPrefix,
  oltpInsertSql,
  preparedGroups,
  selectRandomPointsSql,
  selectRandomRangesSql,
  statementSql,
} from './sysbenchSql';
import type { StatementHandle, ThreadSession } from './threadSession';
import type { UniqueSequence } from './uniqueSequence';
import type { StatementGroup, WorkloadName } from './workloadCatalog';

export interface WorkloadThread {
  /** thread_init(): prepares the statements */
  init(): Promise<void>;
  event(): Promise<void>;
  /** thread_done(): e.g. bulk_insert sends its last rows */
  done(): Promise<void>;
}

export interface WorkloadThreadContext {
  workload: WorkloadName;
  options: WorkloadOptions;
  session: ThreadSession;
  random: SysbenchRandom;
  /** sysbench.tid: 0-based thread number */
  threadId: number;
  threads: number;
  unique: UniqueSequence;
}

export function createWorkloadThread(context: WorkloadThreadContext): WorkloadThread {
  switch (context.workload) {
    case 'oltp_insert':
      return new OltpInsertThread(context);
    case 'select_random_points':
      return new SelectRandomPointsThread(context);
    case 'select_random_ranges':
      return new SelectRandomRangesThread(context);
    case 'bulk_insert':
      return new BulkInsertThread(context);
    default:
      return new OltpThread(context);
  }
}

const GROUPS: readonly StatementGroup[] = [
  'begin', 'commit', 'point_selects', 'simple_ranges', 'sum_ranges', 'order_ranges', 'distinct_ranges',
  'index_updates', 'non_index_updates', 'deletes', 'inserts',
];
const RANGE_GROUPS = [3, 4, 5, 6] as const;
const POINT_SELECTS = 2;
const INDEX_UPDATES = 7;
const NON_INDEX_UPDATES = 8;
const DELETES = 9;
const INSERTS = 10;

class OltpThread implements WorkloadThread {
  private readonly session: ThreadSession;
  private readonly random: SysbenchRandom;
  private readonly options: WorkloadOptions;
  /** statements[group][table - 1] */
  private readonly statements: StatementHandle[][] = GROUPS.map(() => []);
  private begin: StatementHandle | undefined;
  private commit: StatementHandle | undefined;
  private readonly one: [number] = [0];
  private readonly two: [number, number] = [0, 0];
  private readonly nonIndexParams: [Uint8Array, number] = [Buffer.alloc(C_VALUE_TEMPLATE.length), 0];
  private readonly insertParams: [number, number, Uint8Array, Uint8Array] = [0, 0, Buffer.alloc(C_VALUE_TEMPLATE.length), Buffer.alloc(PAD_VALUE_TEMPLATE.length)];
  private readonly pointSelects: number;

  constructor(private readonly context: WorkloadThreadContext) {
    this.session = context.session;
    this.random = context.random;
    this.options = context.options;
    // oltp_point_select.lua sets point_selects=1 in prepare_statements()
    this.pointSelects = context.workload === 'oltp_point_select' ? 1 : context.options.pointSelects;
  }

  async init(): Promise<void> {
    for (const group of preparedGroups(this.context.workload, this.options)) {
      if (group === 'begin') this.begin = await this.session.statement('BEGIN');
      else if (group === 'commit') this.commit = await this.session.statement('COMMIT');
      else {
        const index = GROUPS.indexOf(group);
        for (let table = 1; table <= this.options.tables; table++) {
          this.statements[index].push(await this.session.statement(statementSql(group, table)));
        }
      }
    }
  }

  async event(): Promise<void> {
    const options = this.options;
    switch (this.context.workload) {
      case 'oltp_point_select':
        return this.executePointSelects();
      case 'oltp_read_only':
        if (!options.skipTrx) await this.session.execute(this.begin!, EMPTY);
        await this.executePointSelects();
        if (options.rangeSelects) await this.executeRanges();
        if (!options.skipTrx) await this.session.execute(this.commit!, EMPTY);
        return;
      case 'oltp_read_write':
        if (!options.skipTrx) await this.session.execute(this.begin!, EMPTY);
        await this.executePointSelects();
        if (options.rangeSelects) await this.executeRanges();
        await this.executeIndexUpdates();
        await this.executeNonIndexUpdates();
        await this.executeDeleteInserts();
        if (!options.skipTrx) await this.session.execute(this.commit!, EMPTY);
        return;
      case 'oltp_write_only':
        if (!options.skipTrx) await this.session.execute(this.begin!, EMPTY);
        await this.executeIndexUpdates();
        await this.executeNonIndexUpdates();
        await this.executeDeleteInserts();
        if (!options.skipTrx) await this.session.execute(this.commit!, EMPTY);
        return;
      case 'oltp_update_index':
        return this.executeIndexUpdates();
      case 'oltp_update_non_index':
        return this.executeNonIndexUpdates();
      case 'oltp_delete': {
        const table = this.random.uniform(1, options.tables);
        this.one[0] = this.random.default(1, options.tableSize);
        return this.session.execute(this.statements[DELETES][table - 1], this.one);
      }
      default:
        throw new Error(`${this.context.workload} is not an oltp_common workload`);
    }
  }

  async done(): Promise<void> {
    // nothing: statements are closed with the connection
  }

  private async executePointSelects(): Promise<void> {
    const table = this.random.uniform(1, this.options.tables);
    const statement = this.statements[POINT_SELECTS][table - 1];
    for (let i = 0; i < this.pointSelects; i++) {
      this.one[0] = this.random.default(1, this.options.tableSize);
      await this.session.execute(statement, this.one);
    }
  }

  private async executeRanges(): Promise<void> {
    const options = this.options;
    const counts = [options.simpleRanges, options.sumRanges, options.orderRanges, options.distinctRanges];
    for (let r = 0; r < RANGE_GROUPS.length; r++) {
      const table = this.random.uniform(1, options.tables);
      const statement = this.statements[RANGE_GROUPS[r]][table - 1];
      for (let i = 0; i < counts[r]; i++) {
        const id = this.random.default(1, options.tableSize);
        this.two[0] = id;
        this.two[1] = id + options.rangeSize - 1;
        await this.session.execute(statement, this.two);
      }
    }
  }

  private async executeIndexUpdates(): Promise<void> {
    const table = this.random.uniform(1, this.options.tables);
    const statement = this.statements[INDEX_UPDATES][table - 1];
    for (let i = 0; i < this.options.indexUpdates; i++) {
      this.one[0] = this.random.default(1, this.options.tableSize);
      await this.session.execute(statement, this.one);
    }
  }

  private async executeNonIndexUpdates(): Promise<void> {
    const table = this.random.uniform(1, this.options.tables);
    const statement = this.statements[NON_INDEX_UPDATES][table - 1];
    const params = this.nonIndexParams;
    for (let i = 0; i < this.options.nonIndexUpdates; i++) {
      this.random.fillString(C_VALUE_TEMPLATE, params[0]);
      params[1] = this.random.default(1, this.options.tableSize);
      await this.session.execute(statement, params);
    }
  }

  private async executeDeleteInserts(): Promise<void> {
    const table = this.random.uniform(1, this.options.tables);
    const deletes = this.statements[DELETES][table - 1];
    const inserts = this.statements[INSERTS][table - 1];
    const params = this.insertParams;
    for (let i = 0; i < this.options.deleteInserts; i++) {
      const id = this.random.default(1, this.options.tableSize);
      const k = this.random.default(1, this.options.tableSize);
      this.one[0] = id;
      params[0] = id;
      params[1] = k;
      this.random.fillString(C_VALUE_TEMPLATE, params[2]);
      this.random.fillString(PAD_VALUE_TEMPLATE, params[3]);
      await this.session.execute(deletes, this.one);
      await this.session.execute(inserts, params);
    }
  }
}

const EMPTY: readonly never[] = [];

class OltpInsertThread implements WorkloadThread {
  constructor(private readonly context: WorkloadThreadContext) {}

  async init(): Promise<void> {
    // oltp_insert prepares nothing
  }

  async event(): Promise<void> {
    const { random, options } = this.context;
    const table = random.uniform(1, options.tables);
    const k = random.default(1, options.tableSize);
    const c = random.string(C_VALUE_TEMPLATE);
    const pad = random.string(PAD_VALUE_TEMPLATE);
    // sysbench.rand.unique() - 2147483648 converts a uint32 to an SQL INT
    const id = options.autoInc ? 0 : this.context.unique.next() - 2147483648;
    await this.context.session.query(oltpInsertSql(table, id, k, c, pad));
  }

  async done(): Promise<void> {
    // nothing to flush
  }
}

/** Each thread draws from its own slice of the table so that threads do not overlap. */
function threadSlice(context: WorkloadThreadContext): { min: number; max: number } {
  const length = context.options.tableSize / context.threads;
  const min = length * (context.threadId % context.threads);
  return { min: Math.trunc(min), max: Math.trunc(min + length) };
}

class SelectRandomPointsThread implements WorkloadThread {
  private statement: StatementHandle | undefined;
  private readonly params: number[];
  private readonly slice: { min: number; max: number };

  constructor(private readonly context: WorkloadThreadContext) {
    this.params = new Array<number>(context.options.randomPoints).fill(0);
    this.slice = threadSlice(context);
  }

  async init(): Promise<void> {
    this.statement = await this.context.session.statement(selectRandomPointsSql(this.context.options.randomPoints));
  }

  async event(): Promise<void> {
    const random = this.context.random;
    for (let i = 0; i < this.params.length; i++) this.params[i] = random.default(this.slice.min, this.slice.max);
    await this.context.session.execute(this.statement!, this.params);
  }

  async done(): Promise<void> {
    // nothing to flush
  }
}

class SelectRandomRangesThread implements WorkloadThread {
  private statement: StatementHandle | undefined;
  private readonly params: number[];
  private readonly slice: { min: number; max: number };

  constructor(private readonly context: WorkloadThreadContext) {
    this.params = new Array<number>(context.options.numberOfRanges * 2).fill(0);
    this.slice = threadSlice(context);
  }

  async init(): Promise<void> {
    this.statement = await this.context.session.statement(selectRandomRangesSql(this.context.options.numberOfRanges));
  }

  async event(): Promise<void> {
    const random = this.context.random;
    const delta = this.context.options.delta;
    for (let i = 0; i < this.params.length; i += 2) {
      const value = random.default(this.slice.min, this.slice.max);
      this.params[i] = value;
      this.params[i + 1] = value + delta;
    }
    await this.context.session.execute(this.statement!, this.params);
  }

  async done(): Promise<void> {
    // nothing to flush
  }
}

class BulkInsertThread implements WorkloadThread {
  private rowsAdded = 0;
  private readonly statement: BulkInsertStatement;

  constructor(context: WorkloadThreadContext) {
    this.statement = new BulkInsertStatement(bulkInsertWorkloadPrefix(context.threadId + 1), (sql) => context.session.query(sql));
  }

  async init(): Promise<void> {
    // bulk_insert prepares nothing
  }

  async event(): Promise<void> {
    this.rowsAdded++;
    await this.statement.add(`(${this.rowsAdded},${this.rowsAdded})`);
  }

  async done(): Promise<void> {
    await this.statement.flush();
  }
}
