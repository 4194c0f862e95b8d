// Large pasted plans are parsed in a worker thread (the compiled planBuildWorker.js beside the module):
// what comes back is the plan the extension host would have built itself, also for a plan far too
// deep to post as a nested tree, and aborting stops the thread.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  buildPlanOffThread,
  needsOffThreadBuild,
  OFF_THREAD_PLAN_CHARS,
  PlanBuildCancelled,
} from '../../../src/extension/plans/planBuildOffThread';
import { buildPlan } from '../../../src/extension/plans/planDocument';
import type { PlanSource } from '../../../src/protocol/planView';
import { planNodes } from '../../../src/core/plan';
import { seededRandom } from '../../support/seededRandom';

function textSource(text: string): PlanSource {
  return { origin: { title: 'pasted' }, input: { kind: 'text', text } };
}

/** A mysql client table of EXPLAIN ANALYZE rows: joins over readers, with random numbers. */
function largeTable(operators: number, seed: number): string {
  const next = seededRandom(seed);
  const lines = [
    '+----+---------+---------+------+---------------+----------------+---------------+--------+------+',
    '| id | estRows | actRows | task | access object | execution info | operator info | memory | disk |',
    '+----+---------+---------+------+---------------+----------------+---------------+--------+------+',
    '| HashJoin_1 | 100.00 | 5000 | root | | time:1.2s, loops:3 | inner join | 1.2 MB | N/A |',
  ];
  for (let i = 0; i < operators; i++) {
    const rows = Math.floor(next() * 1e6);
    lines.push(
      `| ${i === operators - 1 ? '└─' : '├─'}TableReader_${i + 2} | ${(next() * 1e4).toFixed(2)} | ${rows} | root | | ` +
        `time:${(next() * 900).toFixed(1)}ms, loops:${1 + Math.floor(next() * 9)}, cop_task: {num: 3, max: 2ms, p95: 1ms} | data:TableFullScan_${i + 2} | ${(next() * 90).toFixed(1)} KB | N/A |`,
    );
  }
  lines.push(lines[0]);
  return lines.join('\n');
}

test('plans over the threshold go off the thread, smaller ones stay', () => {
  assert.equal(needsOffThreadBuild(textSource('x'.repeat(OFF_THREAD_PLAN_CHARS))), false);
  assert.equal(needsOffThreadBuild(textSource('x'.repeat(OFF_THREAD_PLAN_CHARS + 1))), true);
  assert.equal(needsOffThreadBuild({ origin: { title: 'rows' }, input: { kind: 'rows', columns: ['id'], rows: [] } }), false);
});

test('a plan built in the worker thread is the plan built here', async () => {
  const source = textSource(`${largeTable(2500, 21)}\nnotes after the plan\nand more of them`);
  assert.ok(needsOffThreadBuild(source));
  const here = buildPlan(source);
  const there = await buildPlanOffThread(source);
  assert.deepEqual(there.parsed, here.parsed);
  assert.deepEqual(there.analysis, here.analysis);
  assert.equal(there.summary, here.summary);
  assert.deepEqual(there.view, here.view);
  assert.equal(there.rawText(), source.input.kind === 'text' ? source.input.text : '');
  assert.deepEqual(
    there.nodesByIndex().map((node) => node.id),
    here.nodesByIndex().map((node) => node.id),
  );
  assert.ok(there.parsed.warnings.some((warning) => warning.startsWith('Ignored 2 lines after the plan')));
});

test('a plan 50,000 levels deep crosses from the worker as a flat list', async () => {
  const levels = 50_000;
  let open = '';
  for (let i = 0; i < levels; i++) open += `{"id":"Selection_${i + 1}","estRows":"1.00","taskType":"root","subOperators":[`;
  const built = await buildPlanOffThread(textSource(`[${open}${']}'.repeat(levels)}]`));
  const nodes = planNodes(built.parsed.roots);
  assert.equal(nodes.length, levels);
  assert.equal(nodes[levels - 1].depth, levels - 1);
  assert.equal(built.view.nodes[levels - 1].parent, levels - 2);
});

test('aborting stops the worker and rejects with PlanBuildCancelled', async () => {
  const abort = new AbortController();
  const building = buildPlanOffThread(textSource(largeTable(20_000, 5)), abort.signal);
  abort.abort();
  await assert.rejects(building, PlanBuildCancelled);
  const already = new AbortController();
  already.abort();
  await assert.rejects(buildPlanOffThread(textSource('x'), already.signal), PlanBuildCancelled);
});
