import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verifyCacheHit } from '../../../src/core/tidb/cacheHitVerification';
import { answersInTurn, AWKWARD_NAMES, FakeSqlExecutor } from './fakeSqlExecutor';

const FROM_TIKV = [
  { operation: 'trace', startTS: '17:47:39.969980', duration: '827.73µs' },
  { operation: '  │     └─distsql.Select', startTS: '17:47:39.970312', duration: '24.729µs' },
  { operation: '  │       └─regionRequest.SendReqCtx', startTS: '17:47:39.970454', duration: '189.601µs' },
];
const FROM_MEMORY = [
  { operation: 'trace', startTS: '17:47:40.533888', duration: '453.547µs' },
  { operation: '  ├─*executor.UnionScanExec.Next', startTS: '17:47:40.534306', duration: '3.21µs' },
];

test('a read served from memory on the first TRACE', async () => {
  const executor = answersInTurn(FROM_MEMORY);
  const result = await verifyCacheHit(executor, AWKWARD_NAMES.schema, AWKWARD_NAMES.table, { intervalMs: 0 });
  assert.deepEqual(result, {
    servedFromCache: true,
    attempts: 1,
    detail: "A read of shop `east`.order was served from TiDB's memory on attempt 1: its TRACE has no regionRequest.SendReqCtx span.",
  });
  assert.deepEqual(executor.sqls, ["TRACE FORMAT='row' SELECT * FROM `shop ``east```.`order` LIMIT 1"]);
});

test('retries while the first load happens', async () => {
  const executor = answersInTurn(FROM_TIKV, FROM_TIKV, FROM_MEMORY);
  const tries: string[] = [];
  const result = await verifyCacheHit(executor, 'app', 'rates', {
    attempts: 5,
    intervalMs: 1,
    onAttempt: (attempt, of) => tries.push(`${attempt}/${of}`),
  });
  assert.equal(result.servedFromCache, true);
  assert.equal(result.attempts, 3);
  assert.equal(executor.statements.length, 3);
  assert.deepEqual(tries, ['1/5', '2/5', '3/5']);
});

test('gives up after the attempts and says why it may be', async () => {
  const executor = answersInTurn(FROM_TIKV);
  const result = await verifyCacheHit(executor, 'app', 'rates', { attempts: 3, intervalMs: 1 });
  assert.equal(result.servedFromCache, false);
  assert.equal(result.attempts, 3);
  assert.match(result.detail, /^Reads of app\.rates still went to TiKV after 3 tries/);
  assert.match(result.detail, /tidb_table_cache_lease/);
});

test('an empty TRACE proves nothing', async () => {
  const result = await verifyCacheHit(answersInTurn([]), 'app', 'rates', { attempts: 2, intervalMs: 1 });
  assert.equal(result.servedFromCache, false);
  assert.match(result.detail, /could not be proven/);
});

test('stops when aborted', async () => {
  const controller = new AbortController();
  const executor = new FakeSqlExecutor(() => {
    controller.abort();
    return FROM_TIKV;
  });
  await assert.rejects(verifyCacheHit(executor, 'app', 'rates', { attempts: 5, intervalMs: 10_000, signal: controller.signal }), {
    name: 'AbortError',
  });
  assert.equal(executor.statements.length, 1);
});
