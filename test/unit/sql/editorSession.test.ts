import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditorSession, SessionClosedError, type SessionLink, type SessionReopened } from '../../../src/core/sql/editorSession';
import { StatementQueue } from '../../../src/core/sql/statementQueue';
import { previewStatements } from '../../../src/core/sql/previewTransaction';
import type { SqlRow, SqlRunOutcome } from '../../../src/core/db/sqlExecutor';

class FakeLink implements SessionLink {
  database: string | null = 'shop';
  inTransaction = false;
  lost: string | undefined;
  readonly ran: string[] = [];
  private readonly listeners = new Set<(reason: string) => void>();
  constructor(readonly connectionId: bigint) {}
  async query(sql: string): Promise<SqlRow[]> {
    this.ran.push(sql);
    return [];
  }
  async run(sql: string): Promise<SqlRunOutcome> {
    this.ran.push(sql);
    if (/^BEGIN/i.test(sql)) this.inTransaction = true;
    if (/^(ROLLBACK|COMMIT)$/i.test(sql)) this.inTransaction = false;
    return { affectedRows: 0 };
  }
  onLost(listener: (reason: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  loseIt(reason: string): void {
    this.lost = reason;
    for (const listener of this.listeners) listener(reason);
  }
  async end(): Promise<void> {
    this.lost ??= 'closed';
  }
  destroy(): void {
    this.loseIt('destroyed');
  }
}

function fakeSession() {
  const links: FakeLink[] = [];
  const reopened: SessionReopened[] = [];
  const session = new EditorSession<FakeLink>(
    async () => {
      const link = new FakeLink(BigInt(links.length + 1));
      links.push(link);
      return link;
    },
    { onReopened: (notice) => reopened.push(notice) },
  );
  return { session, links, reopened };
}

test('the queue runs work one piece at a time in the order asked, also after a failure', async () => {
  const queue = new StatementQueue();
  const order: string[] = [];
  let release: () => void = () => undefined;
  const first = queue.enqueue(
    () =>
      new Promise<void>((resolve) => {
        order.push('first starts');
        release = () => {
          order.push('first ends');
          resolve();
        };
      }),
  );
  const second = queue.enqueue(async () => {
    order.push('second');
    throw new Error('second fails');
  });
  const third = queue.enqueue(async () => order.push('third'));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(order, ['first starts']);
  assert.equal(queue.pending, 3);
  release();
  await first;
  await assert.rejects(second, /second fails/);
  await third;
  assert.deepEqual(order, ['first starts', 'first ends', 'second', 'third']);
  assert.equal(queue.pending, 0);
});

test('every piece of work of an editor session uses the one connection', async () => {
  const { session, links } = fakeSession();
  await session.run((link) => link.run('SET @x = 1'));
  await session.run((link) => link.query('SELECT @x'));
  assert.equal(links.length, 1);
  assert.deepEqual(links[0]?.ran, ['SET @x = 1', 'SELECT @x']);
});

test('a lost connection is reopened on the next work, which hears what was lost', async () => {
  const { session, links, reopened } = fakeSession();
  await session.run((link) => link.run('BEGIN'));
  links[0]?.loseIt('PROTOCOL_CONNECTION_LOST');
  assert.equal(session.state().open, false);
  const told = await session.run(async (_link, notice) => notice);
  assert.equal(links.length, 2);
  assert.deepEqual(told, { reason: 'PROTOCOL_CONNECTION_LOST', lostState: { database: 'shop', inTransaction: true } });
  assert.deepEqual(reopened, [told]);
  assert.equal(await session.run(async (_link, notice) => notice), undefined);
});

test('closing rolls back an open transaction and says so; nothing runs after', async () => {
  const { session, links } = fakeSession();
  await session.run((link) => link.run('BEGIN'));
  assert.deepEqual(await session.close(), { rolledBack: true });
  assert.deepEqual(links[0]?.ran, ['BEGIN', 'ROLLBACK']);
  await assert.rejects(
    session.run(async () => 1),
    (error) => error instanceof SessionClosedError,
  );
});

test('closing without a transaction rolls nothing back', async () => {
  const { session, links } = fakeSession();
  await session.run((link) => link.run('SET @x = 1'));
  assert.deepEqual(await session.close(), { rolledBack: false });
  assert.deepEqual(links[0]?.ran, ['SET @x = 1']);
});

test('reset opens a new connection and says whether a transaction was open', async () => {
  const { session, links, reopened } = fakeSession();
  await session.run((link) => link.run('BEGIN'));
  assert.deepEqual(await session.reset(), { hadTransaction: true });
  assert.equal(links.length, 2);
  assert.equal(links[0]?.lost, 'closed');
  // a reset is asked for: not a loss to tell
  assert.equal(await session.run(async (_link, notice) => notice), undefined);
  assert.deepEqual(reopened, []);
});

test('a preview inside an open transaction uses a savepoint, never BEGIN (which would commit it)', () => {
  assert.deepEqual(previewStatements(false), { begin: ['BEGIN'], rollback: ['ROLLBACK'] });
  assert.deepEqual(previewStatements(true).begin, ['SAVEPOINT tidb_lab_preview']);
  assert.deepEqual(previewStatements(true).rollback, ['ROLLBACK TO SAVEPOINT tidb_lab_preview', 'RELEASE SAVEPOINT tidb_lab_preview']);
});
