// What one benchmark thread does per event, for every workload: a transcription of sysbench
// 1.0.20's Lua scripts (oltp_common.lua and friends), down to the order of the random draws, so a
// seeded run sends the same statements with the same values as sysbench.
import type { WorkloadOptions } from '../benchOptions';
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
import type { ParamValue } from '../mysqlWire/leanMysqlConnection';
import type { StatementHandle, ThreadSession } from '../workers/threadSession';
import type { UniqueSequence } from './uniqueSequence';
import type { StatementGroup, WorkloadName } from './workloadCatalog';

/** How an event ends: undefined when every statement was counted, else what stopped it (RESTART_EVENT, STOPPED, a fatal error). */
export type EventDone = (error?: unknown) => void;

export interface WorkloadThread {
  /** thread_init(): prepares the statements */
  init(): Promise<void>;
  /**
   * Runs one event: its statements one after the other, each sent from the answer to the one
   * before (no promise per statement: this is the benchmark's hot path). done is called once,
   * never from inside event() itself.
   */
  event(done: EventDone): void;
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
  'begin',
  'commit',
  'point_selects',
  'simple_ranges',
  'sum_ranges',
  'order_ranges',
  'distinct_ranges',
  'index_updates',
  'non_index_updates',
  'deletes',
  'inserts',
];
const BEGIN = 0;
const COMMIT = 1;
const POINT_SELECTS = 2;
const SIMPLE_RANGES = 3;
const SUM_RANGES = 4;
const ORDER_RANGES = 5;
const DISTINCT_RANGES = 6;
const INDEX_UPDATES = 7;
const NON_INDEX_UPDATES = 8;
const DELETES = 9;
const INSERTS = 10;

/**
 * One part of an oltp_common event, as the Lua functions run them: a transaction statement, or
 * `count` statements of one group on one table drawn at the start of the part (drawn even when
 * count is 0, as execute_*() do).
 */
interface EventPart {
  group: number;
  count: number;
}

/** The parts of one event of an oltp_common workload, in sysbench's order. */
function eventParts(workload: WorkloadName, options: WorkloadOptions): EventPart[] {
  const transaction = (parts: EventPart[]) =>
    options.skipTrx ? parts : [{ group: BEGIN, count: 1 }, ...parts, { group: COMMIT, count: 1 }];
  // oltp_point_select.lua sets point_selects=1 in prepare_statements()
  const points = { group: POINT_SELECTS, count: workload === 'oltp_point_select' ? 1 : options.pointSelects };
  const ranges = options.rangeSelects
    ? [
        { group: SIMPLE_RANGES, count: options.simpleRanges },
        { group: SUM_RANGES, count: options.sumRanges },
        { group: ORDER_RANGES, count: options.orderRanges },
        { group: DISTINCT_RANGES, count: options.distinctRanges },
      ]
    : [];
  const writes = [
    { group: INDEX_UPDATES, count: options.indexUpdates },
    { group: NON_INDEX_UPDATES, count: options.nonIndexUpdates },
    // each delete is followed by an insert of the same id
    { group: DELETES, count: options.deleteInserts },
  ];
  switch (workload) {
    case 'oltp_point_select':
      return [points];
    case 'oltp_read_only':
      return transaction([points, ...ranges]);
    case 'oltp_read_write':
      return transaction([points, ...ranges, ...writes]);
    case 'oltp_write_only':
      return transaction(writes);
    case 'oltp_update_index':
      return [writes[0]];
    case 'oltp_update_non_index':
      return [writes[1]];
    case 'oltp_delete':
      return [{ group: DELETES, count: 1 }];
    default:
      throw new Error(`${workload} is not an oltp_common workload`);
  }
}

class OltpThread implements WorkloadThread {
  private readonly session: ThreadSession;
  private readonly random: SysbenchRandom;
  private readonly options: WorkloadOptions;
  /** statements[group][table - 1] */
  private readonly statements: StatementHandle[][] = GROUPS.map(() => []);
  private readonly parts: EventPart[];
  /** oltp_delete deletes without inserting again */
  private readonly deletesOnly: boolean;
  private readonly one: [number] = [0];
  private readonly two: [number, number] = [0, 0];
  private readonly nonIndexParams: [Uint8Array, number] = [Buffer.alloc(C_VALUE_TEMPLATE.length), 0];
  private readonly insertParams: [number, number, Uint8Array, Uint8Array] = [
    0,
    0,
    Buffer.alloc(C_VALUE_TEMPLATE.length),
    Buffer.alloc(PAD_VALUE_TEMPLATE.length),
  ];

  // where the event under way is
  private eventDone: EventDone = () => undefined;
  private part = 0;
  private left = 0;
  private table = 1;
  private insertNext = false;
  private readonly afterStatement = (error?: unknown): void => {
    if (error !== undefined) {
      this.eventDone(error);
      return;
    }
    try {
      this.sendNext();
    } catch (failure) {
      this.eventDone(failure);
    }
  };

  constructor(private readonly context: WorkloadThreadContext) {
    this.session = context.session;
    this.random = context.random;
    this.options = context.options;
    this.parts = eventParts(context.workload, context.options);
    this.deletesOnly = context.workload === 'oltp_delete';
  }

  async init(): Promise<void> {
    for (const group of preparedGroups(this.context.workload, this.options)) {
      const index = GROUPS.indexOf(group);
      if (group === 'begin' || group === 'commit') this.statements[index].push(await this.session.statement(group.toUpperCase()));
      else {
        for (let table = 1; table <= this.options.tables; table++) {
          this.statements[index].push(await this.session.statement(statementSql(group, table)));
        }
      }
    }
  }

  event(done: EventDone): void {
    this.eventDone = done;
    this.part = -1;
    this.left = 0;
    this.insertNext = false;
    this.sendNext();
  }

  async done(): Promise<void> {
    // nothing: statements are closed with the connection
  }

  /**
   * Draws the values of the next statement and sends it, or ends the event after the last. One
   * call site for executeWith(): each worker's JIT compiles this function, inlined calls and all.
   */
  private sendNext(): void {
    let statement: StatementHandle;
    let params: readonly ParamValue[];
    if (this.insertNext) {
      this.insertNext = false;
      statement = this.statements[INSERTS][this.table - 1];
      params = this.insertParams;
    } else {
      while (this.left === 0) {
        if (++this.part === this.parts.length) {
          this.eventDone();
          return;
        }
        const { group, count } = this.parts[this.part];
        if (group !== BEGIN && group !== COMMIT) this.table = this.random.uniform(1, this.options.tables);
        this.left = count;
      }
      this.left--;
      const group = this.parts[this.part].group;
      const random = this.random;
      const tableSize = this.options.tableSize;
      switch (group) {
        case BEGIN:
        case COMMIT:
          statement = this.statements[group][0];
          params = EMPTY;
          break;
        case POINT_SELECTS:
        case INDEX_UPDATES:
          this.one[0] = random.default(1, tableSize);
          statement = this.statements[group][this.table - 1];
          params = this.one;
          break;
        case NON_INDEX_UPDATES: {
          const nonIndex = this.nonIndexParams;
          random.fillString(C_VALUE_TEMPLATE, nonIndex[0]);
          nonIndex[1] = random.default(1, tableSize);
          statement = this.statements[group][this.table - 1];
          params = nonIndex;
          break;
        }
        case DELETES: {
          const id = random.default(1, tableSize);
          this.one[0] = id;
          if (!this.deletesOnly) {
            const insert = this.insertParams;
            insert[0] = id;
            insert[1] = random.default(1, tableSize);
            random.fillString(C_VALUE_TEMPLATE, insert[2]);
            random.fillString(PAD_VALUE_TEMPLATE, insert[3]);
            this.insertNext = true;
          }
          statement = this.statements[group][this.table - 1];
          params = this.one;
          break;
        }
        default: {
          // the four range groups
          const id = random.default(1, tableSize);
          this.two[0] = id;
          this.two[1] = id + this.options.rangeSize - 1;
          statement = this.statements[group][this.table - 1];
          params = this.two;
        }
      }
    }
    this.session.executeWith(statement, params, this.afterStatement);
  }
}

const EMPTY: readonly never[] = [];

class OltpInsertThread implements WorkloadThread {
  constructor(private readonly context: WorkloadThreadContext) {}

  async init(): Promise<void> {
    // oltp_insert prepares nothing
  }

  event(done: EventDone): void {
    const { random, options } = this.context;
    const table = random.uniform(1, options.tables);
    const k = random.default(1, options.tableSize);
    const c = random.string(C_VALUE_TEMPLATE);
    const pad = random.string(PAD_VALUE_TEMPLATE);
    // sysbench.rand.unique() - 2147483648 converts a uint32 to an SQL INT
    const id = options.autoInc ? 0 : this.context.unique.next() - 2147483648;
    this.context.session.queryWith(oltpInsertSql(table, id, k, c, pad), done);
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

  event(done: EventDone): void {
    const random = this.context.random;
    for (let i = 0; i < this.params.length; i++) this.params[i] = random.default(this.slice.min, this.slice.max);
    this.context.session.executeWith(this.statement!, this.params, done);
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

  event(done: EventDone): void {
    const random = this.context.random;
    const delta = this.context.options.delta;
    for (let i = 0; i < this.params.length; i += 2) {
      const value = random.default(this.slice.min, this.slice.max);
      this.params[i] = value;
      this.params[i + 1] = value + delta;
    }
    this.context.session.executeWith(this.statement!, this.params, done);
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

  event(done: EventDone): void {
    this.rowsAdded++;
    // a promise even when no statement is sent, so done is never called from inside event()
    this.statement.add(`(${this.rowsAdded},${this.rowsAdded})`).then(() => done(), done);
  }

  async done(): Promise<void> {
    await this.statement.flush();
  }
}
