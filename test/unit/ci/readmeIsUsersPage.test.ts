// The README is also the extension's page in the gallery: development measurements (parser and
// view timings, the detailed engine-against-sysbench discussion) live in
// docs/development-measurements.md, which the README points to. One measured table is the user's
// business and stays in the README: the built-in engine against sysbench (`npm run bench`), in
// its own section that says when and under which load it was measured. The README stays under 400
// lines, with a picture and the install heading on its first screen (issue 32).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');
const MEASUREMENTS = 'docs/development-measurements.md';

/** Headings and phrases of the development measurements, which belong in MEASUREMENTS only. */
const MEASUREMENT_MARKERS = [
  'Where the engine stands against sysbench',
  'parsing the pasted 2.5 MB plan text',
  '(parse, analysis, flattening)',
];

/** The one measurement the README keeps: its section heading and its table's header cell. */
const ENGINE_SECTION = '### Built-in engine vs sysbench';
const ENGINE_TABLE_CELL = '| QPS sysbench |';

export function measurementsIn(text: string): string[] {
  return MEASUREMENT_MARKERS.filter((marker) => text.includes(marker));
}

/** The README's section under a heading: from the heading to the next heading of its level or above. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) return '';
  const next = text.slice(start + heading.length + 2).search(/\n#{1,3} /);
  return next < 0 ? text.slice(start) : text.slice(start, start + heading.length + 2 + next);
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

test('the README holds no development measurements and points to the page that does', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.deepEqual(measurementsIn(readme), []);
  assert.ok(readme.includes(MEASUREMENTS), `the README names ${MEASUREMENTS}`);
  assert.ok(existsSync(join(repoRoot, MEASUREMENTS)));
  assert.deepEqual(measurementsIn(readFileSync(join(repoRoot, MEASUREMENTS), 'utf8')), MEASUREMENT_MARKERS);
});

test("the README's one measured table, built-in engine against sysbench, sits in its section with its date and load", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const engine = section(readme, ENGINE_SECTION);
  assert.ok(engine.length > 0, `the README has a section '${ENGINE_SECTION}'`);
  assert.equal(occurrences(readme, ENGINE_TABLE_CELL), 1, 'one engine table in the README');
  assert.equal(occurrences(engine, ENGINE_TABLE_CELL), 1, 'and it is in that section');
  assert.match(engine, /\b20\d\d-\d\d-\d\d\b/, 'the section says when it was measured');
  assert.match(engine, /load average/, 'and under which load');
  assert.ok(engine.includes('npm run bench'), 'and how to measure it again');
  assert.ok(engine.includes(MEASUREMENTS), 'and where the discussion is');
});

/** The lines the Extensions view shows before a user scrolls (about a screen). */
const FIRST_SCREEN_LINES = 40;
const MAX_README_LINES = 400;

export function readmeShapeProblems(text: string): string[] {
  const lines = text.replace(/\n$/, '').split('\n');
  const firstScreen = lines.slice(0, FIRST_SCREEN_LINES).join('\n');
  const problems: string[] = [];
  if (lines.length >= MAX_README_LINES) problems.push(`${lines.length} lines (at most ${MAX_README_LINES - 1})`);
  if (!/!\[[^\]]*\]\([^)]+\.png\)|<img\b[^>]*src="[^"]+\.png"/.test(firstScreen)) problems.push('no picture on the first screen');
  if (!/^## Install\b/m.test(firstScreen)) problems.push('no install heading on the first screen');
  return problems;
}

test('the README is under 400 lines, with a picture and the install heading on its first screen', () => {
  assert.deepEqual(readmeShapeProblems(readFileSync(join(repoRoot, 'README.md'), 'utf8')), []);
});

test('the shape check sees a long README and a first screen without a picture or install', () => {
  const long = ['# TiDB Lab', '![plan](media/readme/plan.png)', '## Install', ...Array<string>(400).fill('text')].join('\n');
  assert.deepEqual(readmeShapeProblems(long), ['403 lines (at most 399)']);
  const late = ['# TiDB Lab', ...Array<string>(50).fill('text'), '![plan](media/readme/plan.png)', '## Install'].join('\n');
  assert.deepEqual(readmeShapeProblems(late), ['no picture on the first screen', 'no install heading on the first screen']);
});
