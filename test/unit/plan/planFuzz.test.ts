// Thousands of damaged plans: mutations of every fixture, random bytes, random mysql2 rows,
// hostile nesting. The parser must never throw and must return a sane, serialisable plan.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import {
  analyzePlan,
  comparePlans,
  parsePlanRows,
  parsePlanText,
  planNodes,
  renderPlanReport,
  summarizePlan,
  type ParsedPlan,
} from '../../../src/core/plan';
import { seededRandom } from '../../support/seededRandom';
import { derivedPlanDir, readDerivedPlan, readRealPlan, realPlanNames } from './planFixtures';

const random = seededRandom;

const PIECES = [
  '|',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  ',',
  ', ',
  ':',
  ': ',
  '└─',
  '├─',
  '│ ',
  '  ',
  '\n',
  '\t',
  '...',
  '…',
  'µs',
  'ms',
  '0',
  '9',
  '.',
  '-',
  '+',
  '"',
  '\\',
  'N/A',
  'cop[tikv]',
  'root',
  'mpp[tiflash]',
  '(Build)',
  '(Probe)',
  'data:CTE_0',
  'CTE_0',
  'ScalarQueryCol#5',
  'digraph',
  '->',
  '***************************',
  ' 1. row ',
  '__proto__',
  'id',
  'estRows',
  '\u0000',
  '\r',
];

function mutate(text: string, next: () => number): string {
  let result = text;
  const steps = 1 + Math.floor(next() * 6);
  for (let s = 0; s < steps; s++) {
    const at = Math.floor(next() * (result.length + 1));
    const span = Math.floor(next() * 40);
    switch (Math.floor(next() * 7)) {
      case 0:
        result = result.slice(0, at) + result.slice(at + span);
        break;
      case 1:
        result = result.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)] + result.slice(at);
        break;
      case 2:
        result = result.slice(0, at) + result.slice(at, at + span) + result.slice(at);
        break;
      case 3:
        result = result.slice(0, at);
        break;
      case 4: {
        const lines = result.split('\n');
        const i = Math.floor(next() * lines.length);
        const j = Math.floor(next() * lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
        result = lines.join('\n');
        break;
      }
      case 5:
        result = result.slice(0, at) + String.fromCharCode(Math.floor(next() * 0x3000)) + result.slice(at + 1);
        break;
      default:
        result = result.replace(/ {2,}/g, () => ' '.repeat(Math.floor(next() * 4)));
    }
  }
  return result;
}

function randomText(next: () => number): string {
  const length = Math.floor(next() * 400);
  let text = '';
  for (let i = 0; i < length; i++) {
    text += next() < 0.3 ? PIECES[Math.floor(next() * PIECES.length)] : String.fromCharCode(Math.floor(next() * 0x500));
  }
  return text;
}

function assertSane(plan: ParsedPlan, input: string): void {
  assert.ok(Array.isArray(plan.roots));
  assert.ok(plan.warnings.every((warning) => typeof warning === 'string'));
  assert.ok(!plan.warnings.some((warning) => warning.startsWith('Internal error')), plan.warnings.join(' | '));
  const nodes = planNodes(plan.roots);
  nodes.forEach((node, i) => {
    assert.equal(node.index, i);
    assert.ok(node.id.length > 0);
    for (const child of node.children) assert.equal(child.depth, node.depth + 1);
    for (const value of [node.estRows, node.actRows, node.timeMs, node.memoryBytes, node.diskBytes]) {
      assert.ok(value === null || Number.isFinite(value));
    }
    for (const used of node.usedBy) assert.ok(used >= 0 && used < nodes.length);
  });
  const lineCount = input.split(/\r\n|\r|\n/).length;
  assert.ok(nodes.length <= lineCount + (input.match(/"id"|->/g)?.length ?? 0), `${nodes.length} operators from ${lineCount} lines`);
  assert.deepEqual(JSON.parse(JSON.stringify(plan)), plan);
  const analysis = analyzePlan(plan);
  assert.equal(analysis.operators.length, nodes.length);
  for (const finding of analysis.findings) assert.ok(finding.nodeIndex >= 0 && finding.nodeIndex < nodes.length);
  assert.equal(typeof summarizePlan(plan, analysis), 'string');
  assert.equal(typeof renderPlanReport(plan, analysis, ''), 'string');
}

const corpus = [
  ...realPlanNames().map(readRealPlan),
  ...readdirSync(derivedPlanDir)
    .filter((name) => !name.endsWith('.md'))
    .map(readDerivedPlan),
];

test('3,000 random mutations of the fixtures never throw and give sane plans', () => {
  const next = random(20240601);
  for (let i = 0; i < 3000; i++) {
    const original = corpus[i % corpus.length];
    const damaged = mutate(original, next);
    const plan = parsePlanText(damaged);
    assertSane(plan, damaged);
    comparePlans(parsePlanText(original), plan);
  }
});

test('500 random texts never throw', () => {
  const next = random(7);
  for (let i = 0; i < 500; i++) {
    const text = randomText(next);
    assertSane(parsePlanText(text), text);
  }
});

test('300 random mysql2 row sets never throw', () => {
  const next = random(99);
  const values = (): unknown => {
    const pick = Math.floor(next() * 8);
    if (pick === 0) return null;
    if (pick === 1) return next() * 1e6;
    if (pick === 2) return Buffer.from(randomText(next));
    if (pick === 3) return { nested: randomText(next) };
    return mutate(PIECES[Math.floor(next() * PIECES.length)] + randomText(next).slice(0, 20), next);
  };
  const columns = ['id', 'estRows', 'actRows', 'task', 'access object', 'execution info', 'operator info', 'memory', 'disk'];
  for (let i = 0; i < 300; i++) {
    const rows = Array.from({ length: Math.floor(next() * 12) }, () =>
      next() < 0.2 ? values() : Object.fromEntries(columns.filter(() => next() < 0.9).map((column) => [column, values()])),
    );
    const plan = parsePlanRows(rows);
    assert.ok(!plan.warnings.some((warning) => warning.startsWith('Internal error')), plan.warnings.join(' | '));
    assert.deepEqual(JSON.parse(JSON.stringify(plan)), plan);
    analyzePlan(plan);
  }
});

test('hostile shapes: 100,000 open braces, a 1 MB line, a tree 3,000 levels deep', () => {
  const braces = `| id | estRows | task | execution info |\n| A_1 | 1 | root | x:${'{'.repeat(100_000)} |`;
  assertSane(parsePlanText(braces), braces);
  const wide = `id\testRows\ttask\toperator info\nA_1\t1\troot\t${'x'.repeat(1_000_000)}`;
  assertSane(parsePlanText(wide), wide);
  const deep = [
    'id\testRows\ttask',
    'Projection_0\t1\troot',
    ...Array.from({ length: 3000 }, (_, i) => `${'  '.repeat(i)}└─Projection_${i + 1}\t1\troot`),
  ].join('\n');
  const plan = parsePlanText(deep);
  assert.equal(planNodes(plan.roots).at(-1)?.depth, 3000);
  assert.ok(renderPlanReport(plan, analyzePlan(plan), '').includes('Projection_3000'));
});
