import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectionIdOf, killQuery } from '../../../src/core/db/queryKill';
import type { SqlExecutor } from '../../../src/core/db/sqlExecutor';

function answering(id: unknown, sent: string[] = []): SqlExecutor {
  return {
    async query(sql) {
      sent.push(sql);
      return [{ id }];
    },
    async run(sql) {
      sent.push(sql);
      return { affectedRows: 0 };
    },
  };
}

test('the connection id comes from CONNECTION_ID(), also a 64-bit TiDB global id beyond 2^53', async () => {
  const sent: string[] = [];
  assert.equal(await connectionIdOf(answering(1308, sent)), 1308n);
  assert.deepEqual(sent, ['SELECT CONNECTION_ID() AS id']);
  assert.equal(await connectionIdOf(answering('8306449708033769879')), 8306449708033769879n);
});

test('anything but a non-negative integer is refused, so KILL QUERY never carries other text', async () => {
  for (const id of ['1; DROP TABLE t', '12 ', '-1', '', -1, 1.5, Number.MAX_SAFE_INTEGER + 2, null, undefined]) {
    await assert.rejects(connectionIdOf(answering(id)), /not a connection id/, String(id));
  }
});

test('KILL QUERY names the connection id as an integer', async () => {
  const sent: string[] = [];
  await killQuery(answering(undefined, sent), 8306449708033769879n);
  assert.deepEqual(sent, ['KILL QUERY 8306449708033769879']);
});
