// Pastes that used to freeze the editor: a plan followed by pages of notes, tables whose rows never
// end, plans without glyphs or headers, a dot graph with one parent of many children. Each is built
// by a seeded generator at sizes where the old code took seconds; the checks are that the plan is
// read right (and the text after it reported, not swallowed) and that the work grows linearly: the
// CPU time of a 4x input (test/support/growth.ts) stays well under the 16x a quadratic reader takes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  analyzePlan,
  parsePlanText,
  planNodes,
  planToJson,
  renderPlanReport,
  summarizePlan,
  type ParsedPlan,
} from '../../../src/core/plan';
import { assertLinearGrowth } from '../../support/growth';
import { seededRandom } from '../../support/seededRandom';
import { readRealPlan } from './planFixtures';

const WORDS = [
  'the',
  'scan',
  'was',
  'slow',
  'because',
  'region',
  'of',
  'TiKV',
  'we',
  'should',
  'check',
  'index',
  'again',
  'after',
  'ANALYZE',
  'rows',
  'estimate',
  'join',
  'build',
  'side',
  'memory',
  'spilled',
  'ms',
  'seconds',
  'cache',
  'hit',
  'ratio',
  '42',
  '7.5',
];

/** Lines of prose as in a notes file: two or more words, no table characters. */
function noteLines(count: number, seed: number): string[] {
  const next = seededRandom(seed);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const words = [`Note${Math.floor(next() * 1000)}:`];
    const length = 3 + Math.floor(next() * 12);
    for (let w = 0; w < length; w++) words.push(WORDS[Math.floor(next() * WORDS.length)]);
    lines.push(words.join(' '));
  }
  return lines;
}

/** A quadratic reader takes 16x as long on a 4x input; a linear one about 4x. */
const MAX_GROWTH_FOR_4X = 10;

function assertLinear(name: string, build: (size: number) => string, size: number, check?: (plan: ParsedPlan, size: number) => void): void {
  const small = build(size);
  const large = build(size * 4);
  if (check) {
    check(parsePlanText(small), size);
    check(parsePlanText(large), size * 4);
  }
  assertLinearGrowth({
    name,
    factor: 4,
    maxGrowth: MAX_GROWTH_FOR_4X,
    floorMs: 5,
    small: () => parsePlanText(small),
    large: () => parsePlanText(large),
  });
}

const IGNORED = /^Ignored ([\d,]+) lines? after the plan \(from line (\d+)\)/;

function ignoredNote(plan: ParsedPlan): { lines: number; from: number } | null {
  for (const warning of plan.warnings) {
    const match = IGNORED.exec(warning);
    if (match !== null) return { lines: Number(match[1].replace(/,/g, '')), from: Number(match[2]) };
  }
  return null;
}

const FIXTURES_BY_FORMAT: readonly [string, string][] = [
  ['mysql-table', 'index-lookup-copr-cache.txt'],
  ['markdown-table', 'markdown-verbose-partition-global-index.txt'],
  ['pipe-table', 'psql-style-hashagg-tikv-mangled-indent.txt'],
  ['tab-separated', 'explain-analyze-format-ru.txt'],
  ['space-aligned', 'slowlog-decoded-batch-point-get.txt'],
];

for (const [format, name] of FIXTURES_BY_FORMAT) {
  test(`${format}: a notes file after the plan is reported as ignored, not appended to the last cell`, () => {
    const plan = readRealPlan(name).replace(/\n+$/, '');
    const alone = parsePlanText(plan);
    assert.equal(alone.format, format);
    const notes = noteLines(300, 16);
    const withNotes = parsePlanText(`${plan}\n\n${notes.join('\n')}\n`);
    assert.deepEqual(withNotes.roots, alone.roots);
    assert.equal(withNotes.format, alone.format);
    const firstNote = plan.split('\n').length + 2;
    assert.deepEqual(ignoredNote(withNotes), { lines: 300, from: firstNote });
    assert.deepEqual(
      withNotes.warnings.filter((warning) => !IGNORED.test(warning)),
      alone.warnings,
    );
    assert.equal(ignoredNote(alone), null);
    const last = planNodes(withNotes.roots).at(-1);
    assert.ok(last !== undefined && !last.raw.includes('Note') && !JSON.stringify(last).includes(notes[0]));
  });
}

test('the note is in the CLI report and in the --json warnings', () => {
  const text = `${readRealPlan('index-lookup-copr-cache.txt')}\n${noteLines(4012, 3).join('\n')}`;
  const plan = parsePlanText(text);
  const analysis = analyzePlan(plan);
  const summary = summarizePlan(plan, analysis);
  const note = plan.warnings.find((warning) => IGNORED.test(warning));
  assert.match(note ?? '', /^Ignored 4,012 lines after the plan \(from line \d+\): they are not plan rows\.$/);
  assert.ok(renderPlanReport(plan, analysis, summary).includes(`  - ${note}`));
  assert.ok(planToJson(plan, analysis, summary).warnings.includes(note as string));
});

test('a bordered row with no closing | does not swallow the lines after it', () => {
  const text = `+----+---------+------+\n| id | estRows | task |\n+----+---------+------+\n| Projection_1 | 10.00 \n${noteLines(50, 5).join('\n')}`;
  const plan = parsePlanText(text);
  assert.deepEqual(
    planNodes(plan.roots).map((node) => [node.id, node.estRows]),
    [['Projection_1', 10]],
  );
  assert.ok(
    plan.warnings.some(
      (warning) =>
        warning ===
        "Ignored 50 lines after the plan (from line 5): the row on line 4 has no closing '|', so they were not read into its last cell.",
    ),
    plan.warnings.join(' | '),
  );
});

test('a row broken over lines is still joined when it closes', () => {
  const text =
    '+----+---------+------+\n| id | estRows | task |\n+----+---------+------+\n| Projection_1 | 10.00 | ro\not |\n| └─TableDual_2 | 1.00 | root |\n+----+---------+------+';
  const plan = parsePlanText(text);
  assert.deepEqual(
    planNodes(plan.roots).map((node) => [node.id, node.task, node.depth]),
    [
      ['Projection_1', 'ro ot', 0],
      ['TableDual_2', 'root', 1],
    ],
  );
  assert.equal(ignoredNote(plan), null);
});

/** A mysql client table of `rows` operators under one Union (glyphs, so depth 1). */
function realTable(rows: number): string {
  const lines = ['+----------+---------+------+', '| id | estRows | task |', '+----------+---------+------+', '| Union_1 | 10.00 | root |'];
  for (let i = 0; i < rows; i++) lines.push(`| ${i === rows - 1 ? '└─' : '├─'}TableDual_${i + 2} | 1.00 | root |`);
  lines.push('+----------+---------+------+');
  return lines.join('\n');
}

test('linear: a plan followed by a notes file', () => {
  assertLinear(
    'notes after a mysql table',
    (size) => `${realTable(20)}\n${noteLines(size, 7).join('\n')}`,
    4000,
    (plan, size) => {
      assert.equal(planNodes(plan.roots).length, 21);
      assert.equal(ignoredNote(plan)?.lines, size);
    },
  );
});

test('linear: a pipe table without outer borders, then lines without |', () => {
  const header = 'id | estRows | task | access object | operator info\n---+---+---+---+---\n';
  assertLinear(
    'unbordered table, notes after a full row',
    (size) => `${header}Projection_1 | 10.00 | root | | a\n${noteLines(size, 8).join('\n')}`,
    4000,
    (plan, size) => {
      assert.equal(planNodes(plan.roots).length, 1);
      assert.equal(ignoredNote(plan)?.lines, size);
    },
  );
  assertLinear(
    'unbordered table, notes after a short row',
    (size) => `${header}Projection_1 | 10.00\n${noteLines(size, 9).join('\n')}`,
    4000,
    (plan) => assert.equal(planNodes(plan.roots).length, 1),
  );
});

test('linear: an unterminated bordered row', () => {
  assertLinear(
    'unterminated row',
    (size) =>
      `+----+---------+------+\n| id | estRows | task |\n+----+---------+------+\n| Projection_1 | 10.00 \n${noteLines(size, 10).join('\n')}`,
    4000,
    (plan) => assert.equal(planNodes(plan.roots).length, 1),
  );
});

/** Operators with no glyphs and no indentation: the tree is inferred; a chain of Selections and Projections. */
function glyphlessRows(size: number, seed: number): string[] {
  const next = seededRandom(seed);
  const rows: string[] = [];
  for (let i = 0; i < size; i++) {
    const operator = next() < 0.5 ? 'Projection' : 'Selection';
    rows.push(`${operator}_${i + 1}  ${(next() * 1000).toFixed(2)}  root  col_${i}`);
  }
  return rows;
}

test('linear: a headerless aligned plan (the tree inferred, one chain)', () => {
  assertLinear(
    'headerless aligned chain',
    (size) => glyphlessRows(size, 11).join('\n'),
    4000,
    (plan, size) => {
      const nodes = planNodes(plan.roots);
      assert.equal(nodes.length, size);
      assert.equal(plan.roots.length, 1);
      assert.equal(nodes.at(-1)?.depth, size - 1);
    },
  );
});

test('the inferred tree still follows data: references and Build / Probe sides', () => {
  const rows = ['| id | estRows | task | operator info |', '|---|---|---|---|', '| Union_1 | 1 | root | |'];
  for (let i = 0; i < 500; i++) {
    rows.push(
      `| TableReader_${2 * i + 2} | 1 | root | data:TableFullScan_${2 * i + 3} |`,
      `| TableFullScan_${2 * i + 3} | 1 | cop[tikv] | keep order:false |`,
    );
  }
  rows.push(
    '| HashJoin_9000 | 1 | root | |',
    '| Projection_9001(Build) | 1 | root | |',
    '| Selection_9002 | 1 | root | |',
    '| TableReader_9003 | 1 | root | data:TableFullScan_9004 |',
    '| TableFullScan_9004 | 1 | cop[tikv] | |',
    '| TableDual_9005(Probe) | 1 | root | |',
  );
  const plan = parsePlanText(rows.join('\n'));
  assert.deepEqual(
    plan.roots.map((root) => root.id),
    ['Union_1'],
  );
  const readers = plan.roots[0].children.slice(0, 500);
  assert.ok(readers.every((reader) => reader.children.length === 1 && reader.children[0].operator === 'TableFullScan'));
  const join = plan.roots[0].children[500];
  assert.equal(join.id, 'HashJoin_9000');
  assert.deepEqual(
    join.children.map((child) => [child.id, child.role]),
    [
      ['Projection_9001', 'Build'],
      ['TableDual_9005', 'Probe'],
    ],
  );
  assert.deepEqual(
    planNodes([join]).map((node) => node.depth),
    [1, 2, 3, 4, 5, 2],
  );
});

test('linear: psql continuation rows', () => {
  assertLinear(
    'psql continuation rows',
    (size) => {
      const rows = ['id | estRows | task | operator info', '---+---+---+---', 'Projection_1 | 10.00 | root | a +'];
      for (let i = 0; i < size; i++) rows.push(`   |        |      | part_${i} +`);
      return rows.join('\n');
    },
    4000,
    (plan, size) => {
      // psql's ` +` break marks go, except after the last piece (the table ended there, cut off).
      assert.equal(plan.roots[0].operatorInfo, `a ${Array.from({ length: size }, (_, i) => `part_${i}`).join(' ')} +`);
    },
  );
});

test('linear: an aligned cell wrapped over many lines under its column', () => {
  assertLinear(
    'aligned cell wrapped under its column',
    (size) => {
      const rows = ['id             estRows  task  operator info', 'Projection_1   10.00    root  a'];
      for (let i = 0; i < size; i++) rows.push(`                              part_${i}`);
      return rows.join('\n');
    },
    4000,
    (plan, size) => assert.equal(plan.roots[0].operatorInfo?.split(' ').length, size + 1),
  );
});

test('linear: a dot graph with one parent of many children', () => {
  assertLinear(
    'dot, one parent',
    (size) => {
      const edges = ['digraph Union_1 {'];
      for (let i = 0; i < size; i++) edges.push(`"Union_1" -> "TableReader_${i + 2}"`);
      edges.push('"Union_1" -> "TableReader_2"', '}');
      return edges.join('\n');
    },
    10000,
    (plan, size) => {
      assert.equal(plan.roots.length, 1);
      assert.equal(plan.roots[0].children.length, size);
    },
  );
});

test('linear: analysis of a chain where every level misestimates the other way', () => {
  const chain = (size: number) => {
    const rows = ['| id | estRows | actRows | task | access object | operator info |', '|---|---|---|---|---|---|'];
    for (let i = 0; i < size; i++)
      rows.push(`| Selection_${i + 1} | ${i % 2 === 0 ? 10 : 1000000} | ${i % 2 === 0 ? 1000000 : 10} | root | table:t${i % 50} | |`);
    return parsePlanText(rows.join('\n'));
  };
  const small = chain(2000);
  const large = chain(8000);
  assert.equal(planNodes(large.roots).at(-1)?.depth, 7999);
  assertLinearGrowth({
    name: 'analysis of 2,000 vs 8,000 levels',
    factor: 4,
    maxGrowth: MAX_GROWTH_FOR_4X,
    floorMs: 5,
    small: () => analyzePlan(small),
    large: () => analyzePlan(large),
    attempts: 1,
  });
  const findings = analyzePlan(large).findings.filter((finding) => finding.code === 'misestimate');
  assert.equal(findings.length, 8000);
  // The advice names the first 20 tables below; the deepest operators name theirs exactly.
  assert.match(findings[0].advice, /ANALYZE TABLE t0, t1, .*, t19 and the other tables below this operator;/);
  assert.match(findings[7999].advice, /Run ANALYZE TABLE t49;/);
});

test('a warning per row is listed for the first rows only, the rest counted', () => {
  const rows = ['| id | estRows | task |', '|---|---|---|', '| Union_1 | 1 | root |'];
  for (let i = 0; i < 1000; i++) rows.push('| └─ | 1 | root |');
  for (let i = 0; i < 1000; i++) rows.push(`| └─Projection_${i + 2} | 1 | somewhere_${i} |`);
  const plan = parsePlanText(rows.join('\n'));
  assert.equal(planNodes(plan.roots).length, 1001);
  assert.equal(plan.warnings.length, 50);
  assert.equal(plan.warnings.filter((warning) => warning.startsWith('Skipped a row without an operator id')).length, 10);
  assert.ok(plan.warnings.includes('Skipped 990 more rows without an operator id.'));
  assert.match(plan.warnings[49], /^… and 9[0-9]{2} more warnings\.$/);
});

/** One row whose execution info repeats `loops:1, `, the worst case of a key seen again. */
function repeatedKeyTable(size: number): string {
  const info = 'loops:1, '.repeat(size);
  return [
    '+---------+---------+---------+------+----------------+',
    '| id      | estRows | actRows | task | execution info |',
    '+---------+---------+---------+------+----------------+',
    `| Point_1 | 1.00    | 1       | root | ${info}|`,
    '+---------+---------+---------+------+----------------+',
  ].join('\n');
}

test('linear: one plan row repeating the same execution-info key', () => {
  assertLinear('repeated key loops:1', repeatedKeyTable, 2000, (plan, size) => {
    const info = planNodes(plan.roots)[0].executionInfo ?? {};
    const keys = Object.keys(info);
    assert.equal(keys.length, size);
    assert.deepEqual(keys.slice(0, 3), ['loops', 'loops#2', 'loops#3']);
    assert.equal(keys[size - 1], `loops#${size}`);
  });
});
