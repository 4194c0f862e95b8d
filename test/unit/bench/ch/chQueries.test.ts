// The 22 CH-benCHmark queries are go-tpc's texts (pingcap/go-tpc ch/query.go at 682637f), in its order.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { CH_QUERIES, CH_QUERY_NAMES, parseChQueryList } from '../../../../src/core/bench/ch/chQueries';
import { chQueryAt, queryOperation } from '../../../../src/core/bench/ch/analyticalThreads';

test('22 queries q1..q22, each marked /*PLACEHOLDER*/ /*qN*/ as go-tpc marks them', () => {
  assert.deepEqual(
    CH_QUERY_NAMES,
    Array.from({ length: 22 }, (_, i) => `q${i + 1}`),
  );
  for (const name of CH_QUERY_NAMES) assert.ok(CH_QUERIES[name].startsWith(`\n/*PLACEHOLDER*/ /*${name}*/select`), name);
});

test("the texts are byte for byte go-tpc's (sha-256 of the 22 texts joined, taken from ch/query.go)", () => {
  const joined = CH_QUERY_NAMES.map((name) => CH_QUERIES[name]).join('');
  assert.equal(createHash('sha256').update(joined).digest('hex'), '70e6a2def18c78cc1ee80d99109d508fabbc657ce3e8841620bb90cb2a40e916');
});

test('--queries keeps the order given and refuses unknown names', () => {
  assert.deepEqual(parseChQueryList('q6, Q1,q22'), ['q6', 'q1', 'q22']);
  assert.throws(() => parseChQueryList('q1,q23'), /unknown CH query: q23/);
  assert.throws(() => parseChQueryList(' , '), /empty/);
});

test("thread i starts at query i and goes round the list (go-tpc's queryIdx = threadID % len)", () => {
  const queries = parseChQueryList('q1,q2,q3');
  assert.deepEqual(
    [0, 1, 2, 3].map((step) => chQueryAt(queries, 1, step)),
    ['q2', 'q3', 'q1', 'q2'],
  );
  assert.equal(chQueryAt(queries, 4, 0), 'q2');
  assert.equal(queryOperation('q14'), 'Q14');
});
