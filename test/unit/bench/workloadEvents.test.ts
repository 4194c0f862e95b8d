import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveBenchOptions } from '../../../src/core/bench/benchOptions';
import { SysbenchRandom } from '../../../src/core/bench/sysbench/sysbenchRandom';
import { threadRandomStates } from '../../../src/core/bench/sysbench/randomSeeding';
import { StatementHandle, type ThreadSession } from '../../../src/core/bench/workers/threadSession';
import { UniqueSequence } from '../../../src/core/bench/sysbench/uniqueSequence';
import { createWorkloadThread, type WorkloadThread } from '../../../src/core/bench/sysbench/workloadThread';
import {
  createTableSql,
  preparedGroups,
  selectRandomPointsSql,
  selectRandomRangesSql,
  statementSql,
} from '../../../src/core/bench/sysbench/sysbenchSql';

interface Sent {
  sql: string;
  params?: Array<number | string | null>;
}

/** Records what a workload thread prepares and sends, in order. */
class RecordingSession {
  readonly prepared: string[] = [];
  readonly sent: Sent[] = [];

  async statement(sql: string): Promise<StatementHandle> {
    this.prepared.push(sql);
    return new StatementHandle(sql);
  }

  // The answer comes later, as from a socket: a thread must not expect it inside its own call.
  executeWith(handle: StatementHandle, params: ReadonlyArray<number | string | Uint8Array | null>, done: (error?: unknown) => void): void {
    this.sent.push({
      sql: handle.sql,
      params: params.map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value)),
    });
    setImmediate(done);
  }

  queryWith(sql: string, done: (error?: unknown) => void): void {
    this.sent.push({ sql });
    setImmediate(done);
  }

  async query(sql: string): Promise<void> {
    this.sent.push({ sql });
  }
}

function runEvent(thread: WorkloadThread): Promise<void> {
  return new Promise((resolve, reject) => thread.event((error) => (error === undefined ? resolve() : reject(error))));
}

async function runEvents(workload: string, options: Record<string, string>, events: number, seed = 7, threadId = 0) {
  const resolved = resolveBenchOptions(workload, new Map(Object.entries({ 'rand-seed': String(seed), ...options })));
  const session = new RecordingSession();
  const random = new SysbenchRandom(
    resolved.random,
    threadRandomStates({ seed, threads: resolved.limits.threads, reportThread: false, eventGenerator: false }).workers[threadId],
  );
  const thread = createWorkloadThread({
    workload: resolved.workload,
    options: resolved.workloadOptions,
    session: session as unknown as ThreadSession,
    random,
    threadId,
    threads: resolved.limits.threads,
    unique: new UniqueSequence(UniqueSequence.createCounter(), 1, 2),
  });
  await thread.init();
  for (let i = 0; i < events; i++) {
    await runEvent(thread);
    random.nextDouble(); // sysbench's per-event histogram draw
  }
  await thread.done();
  return session;
}

const shapes = (session: RecordingSession) => session.sent.map((sent) => sent.sql.replace(/sbtest\d+/g, 'sbtestN'));

describe('workload events', () => {
  test('oltp_read_write sends what sysbench 1.0.20 sent in its first seeded event (captured)', async () => {
    const session = await runEvents('oltp_read_write', { tables: '2' }, 1);
    const points = [5016, 4991, 5037, 5227, 4991, 5048, 4799, 4987, 5026, 5003];
    assert.deepEqual(session.sent, [
      { sql: 'BEGIN', params: [] },
      ...points.map((id) => ({ sql: 'SELECT c FROM sbtest2 WHERE id=?', params: [id] })),
      { sql: 'SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ?', params: [5817, 5916] },
      { sql: 'SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?', params: [4982, 5081] },
      { sql: 'SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ? ORDER BY c', params: [5030, 5129] },
      { sql: 'SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c', params: [5035, 5134] },
      { sql: 'UPDATE sbtest2 SET k=k+1 WHERE id=?', params: [5028] },
      {
        sql: 'UPDATE sbtest1 SET c=? WHERE id=?',
        params: [
          '29101023922-50462081503-73987402891-16248105229-81414164157-18404925966-62394744201-98763668728-56194424839-85021727894',
          5211,
        ],
      },
      { sql: 'DELETE FROM sbtest2 WHERE id=?', params: [5033] },
      {
        sql: 'INSERT INTO sbtest2 (id, k, c, pad) VALUES (?, ?, ?, ?)',
        params: [
          5033,
          4991,
          '88134382483-07928039469-43836760918-18341705437-71550861802-91309172085-56906140731-26590500661-49568850789-91756689223',
          '26763704072-70375886404-66327582167-75544409529-61151781242',
        ],
      },
      { sql: 'COMMIT', params: [] },
    ]);
  });

  test("statements are prepared per table in the order of sysbench's prepare_statements()", async () => {
    const session = await runEvents('oltp_read_write', { tables: '2' }, 0);
    assert.deepEqual(session.prepared.slice(0, 6), [
      'BEGIN',
      'COMMIT',
      'SELECT c FROM sbtest1 WHERE id=?',
      'SELECT c FROM sbtest2 WHERE id=?',
      'SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?',
      'SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ?',
    ]);
    assert.equal(session.prepared.length, 2 + 9 * 2);
    assert.deepEqual((await runEvents('oltp_read_only', {}, 0)).prepared.slice(0, 3), [
      'SELECT c FROM sbtest1 WHERE id=?',
      'BEGIN',
      'COMMIT',
    ]);
    assert.deepEqual((await runEvents('oltp_insert', {}, 0)).prepared, []);
  });

  test('transaction shapes: reads, writes and BEGIN/COMMIT per event', async () => {
    const count = (session: RecordingSession, pattern: RegExp) => shapes(session).filter((sql) => pattern.test(sql)).length;
    const rw = await runEvents('oltp_read_write', {}, 3);
    assert.equal(rw.sent.length, 3 * 20);
    assert.equal(count(rw, /^SELECT/), 3 * 14);
    assert.equal(count(rw, /^(UPDATE|DELETE|INSERT)/), 3 * 4);
    assert.equal(count(rw, /^(BEGIN|COMMIT)$/), 3 * 2);

    const ro = await runEvents('oltp_read_only', { skip_trx: 'on', range_selects: 'off', point_selects: '3' }, 2);
    assert.deepEqual(shapes(ro), Array(6).fill('SELECT c FROM sbtestN WHERE id=?'));

    const wo = await runEvents('oltp_write_only', { delete_inserts: '2', index_updates: '0', non_index_updates: '2' }, 1);
    assert.deepEqual(shapes(wo), [
      'BEGIN',
      'UPDATE sbtestN SET c=? WHERE id=?',
      'UPDATE sbtestN SET c=? WHERE id=?',
      'DELETE FROM sbtestN WHERE id=?',
      'INSERT INTO sbtestN (id, k, c, pad) VALUES (?, ?, ?, ?)',
      'DELETE FROM sbtestN WHERE id=?',
      'INSERT INTO sbtestN (id, k, c, pad) VALUES (?, ?, ?, ?)',
      'COMMIT',
    ]);
    const inserts = wo.sent.filter((sent) => sent.sql.startsWith('INSERT'));
    const deletes = wo.sent.filter((sent) => sent.sql.startsWith('DELETE'));
    assert.deepEqual(
      inserts.map((sent) => sent.params?.[0]),
      deletes.map((sent) => sent.params?.[0]),
      'the insert re-creates the id it deleted',
    );
  });

  test('oltp_point_select always does one point select, whatever --point_selects says', async () => {
    const session = await runEvents('oltp_point_select', { point_selects: '7' }, 4);
    assert.deepEqual(shapes(session), Array(4).fill('SELECT c FROM sbtestN WHERE id=?'));
  });

  test('single-statement workloads repeat their statement by its count option', async () => {
    assert.deepEqual(
      shapes(await runEvents('oltp_update_index', { index_updates: '3' }, 1)),
      Array(3).fill('UPDATE sbtestN SET k=k+1 WHERE id=?'),
    );
    assert.deepEqual(shapes(await runEvents('oltp_update_non_index', {}, 2)), Array(2).fill('UPDATE sbtestN SET c=? WHERE id=?'));
    assert.deepEqual(shapes(await runEvents('oltp_delete', {}, 2)), Array(2).fill('DELETE FROM sbtestN WHERE id=?'));
  });

  test('oltp_insert sends a text INSERT with id 0 under auto_inc, unique ids otherwise', async () => {
    const auto = await runEvents('oltp_insert', {}, 2);
    for (const sent of auto.sent)
      assert.match(sent.sql, /^INSERT INTO sbtest1 \(id, k, c, pad\) VALUES \(0, \d+, '(\d{11}-){9}\d{11}', '(\d{11}-){4}\d{11}'\)$/);
    const explicit = await runEvents('oltp_insert', { auto_inc: 'off' }, 3);
    const ids = explicit.sent.map((sent) => Number(/VALUES \((-?\d+),/.exec(sent.sql)?.[1]));
    assert.equal(new Set(ids).size, 3);
    for (const id of ids) assert.ok(id >= -2147483648 && id <= 2147483647);
  });

  test("select_random_* draw from the thread's slice of the table", async () => {
    const points = await runEvents('select_random_points', { threads: '4', table_size: '1000', 'rand-type': 'uniform' }, 20, 7, 2);
    assert.equal(points.sent[0].sql, selectRandomPointsSql(10));
    for (const sent of points.sent)
      for (const value of sent.params ?? []) assert.ok(Number(value) >= 500 && Number(value) <= 750, `value ${value}`);
    const ranges = await runEvents('select_random_ranges', { threads: '2', table_size: '100', number_of_ranges: '3', delta: '7' }, 5, 7, 1);
    assert.equal(ranges.sent[0].sql, selectRandomRangesSql(3));
    for (const sent of ranges.sent) {
      const params = (sent.params ?? []).map(Number);
      assert.equal(params.length, 6);
      for (let i = 0; i < 6; i += 2) {
        assert.equal(params[i + 1], params[i] + 7);
        assert.ok(params[i] >= 50 && params[i] <= 100);
      }
    }
  });

  test('bulk_insert appends (n,n) rows to one statement per thread and sends the rest at the end', async () => {
    const session = await runEvents('bulk_insert', { threads: '3' }, 5, 7, 1);
    assert.deepEqual(session.sent, [{ sql: 'INSERT INTO sbtest2 VALUES(1,1),(2,2),(3,3),(4,4),(5,5)' }]);
  });
});

describe('sysbench SQL text', () => {
  test('CREATE TABLE is character for character what oltp_common.lua builds', () => {
    assert.equal(
      createTableSql(3, { autoInc: true, secondary: false, storageEngine: 'innodb', createTableOptions: '' }),
      "CREATE TABLE sbtest3(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n  k INTEGER DEFAULT '0' NOT NULL,\n  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL,\n  PRIMARY KEY (id)\n) /*! ENGINE = innodb */ ",
    );
    assert.match(
      createTableSql(1, { autoInc: false, secondary: true, storageEngine: 'rocksdb', createTableOptions: 'SHARD_ROW_ID_BITS=4' }),
      /id INTEGER NOT NULL,\n[\s\S]*KEY xid \(id\)\n\) \/\*! ENGINE = rocksdb \*\/ SHARD_ROW_ID_BITS=4$/,
    );
  });

  test('statement templates', () => {
    assert.equal(statementSql('distinct_ranges', 7), 'SELECT DISTINCT c FROM sbtest7 WHERE id BETWEEN ? AND ? ORDER BY c');
    assert.equal(statementSql('begin', 1), 'BEGIN');
    assert.throws(() => statementSql('point_selects', 0), /Invalid sbtest table number/);
    assert.equal(
      selectRandomPointsSql(3),
      '        SELECT id, k, c, pad\n          FROM sbtest1\n          WHERE k IN (?, ?, ?)\n        ',
    );
    assert.equal(
      selectRandomRangesSql(2),
      '        SELECT count(k)\n          FROM sbtest1\n          WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ?',
    );
    const options = resolveBenchOptions(
      'oltp_read_write',
      new Map([
        ['skip_trx', 'on'],
        ['range_selects', 'off'],
      ]),
    ).workloadOptions;
    assert.deepEqual(preparedGroups('oltp_read_write', options), [
      'point_selects',
      'index_updates',
      'non_index_updates',
      'deletes',
      'inserts',
    ]);
  });
});
