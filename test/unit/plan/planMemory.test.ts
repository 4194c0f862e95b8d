// The plan text parser's memory stays within a bound relative to its input: a 51 MB plain table
// peaked at 1.4 GB (24 times the input) and kept 10 times the input in its result, of which two
// thirds were copies of cells and the cells of every row living beside every operator. Each case runs
// in a child node of its own (a clean heap, a young generation of 1 MB so the peak is what the parser
// holds, not how much garbage the engine lets pile up): it reads the plan text, collects the garbage,
// resets the peak resident memory (VmHWM), parses, and reports the peak over the memory before the
// parse and the heap the result keeps, each as a multiple of the input's characters.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { parsePlanText } from '../../../src/core/plan';
import { MAX_PLAN_TEXT_CHARS } from '../../../src/core/plan/planTextParser';

const PLAN_CORE = join(__dirname, '..', '..', '..', 'src', 'core', 'plan', 'index.js');

interface MemoryReport {
  chars: number;
  operators: number;
  peakOverInput: number;
  keptOverInput: number;
}

/** `row(i)` is the i-th operator row of a mysql client table under `header`, about `megabytes` of text in all. */
function measureParse(header: readonly string[], row: string, megabytes: number): MemoryReport {
  const script = `
    const fs = require('node:fs');
    const { parsePlanText } = require(${JSON.stringify(PLAN_CORE)});
    const row = new Function('i', ${JSON.stringify(`return \`${row}\`;`)});
    const lines = ${JSON.stringify(header)};
    for (let i = 0, size = 0; size < ${megabytes * 1e6}; i++) { const line = row(i); lines.push(line); size += line.length + 1; }
    lines.push(lines[0]);
    const text = lines.join('\\n');
    lines.length = 0;
    const hwm = () => Number(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
    gc(); gc();
    const before = process.memoryUsage();
    fs.writeFileSync('/proc/self/clear_refs', '5');
    const plan = parsePlanText(text);
    const peak = Math.max(hwm(), process.memoryUsage().rss);
    gc(); gc();
    const kept = process.memoryUsage().heapUsed - before.heapUsed;
    let operators = 0;
    for (const root of plan.roots) operators += 1 + root.children.length;
    process.stdout.write(JSON.stringify({ chars: text.length, operators, peakOverInput: (peak - before.rss) / text.length, keptOverInput: kept / text.length }));
  `;
  const output = execFileSync(process.execPath, ['--expose-gc', '--max-semi-space-size=1', '-e', script], { encoding: 'utf8' });
  return JSON.parse(output) as MemoryReport;
}

const RULE = '+----+---------+---------+------+----------------+';

test('a plain table of short rows (cells not at the rule joints): peak and result bounded', () => {
  // Before: peak 23.6x, kept 10.4x the input. After: peak 11.7x, kept 8.0x (a plan node is some 590 bytes
  // and a row here 75 characters: the operators themselves are most of it).
  const report = measureParse(
    [RULE, '| id | estRows | actRows | task | execution info |', RULE, '| Union_1 | 10.00 | 10 | root | time:1ms, loops:1 |'],
    '| ├─TableDual_${i + 2} | 1.00 | 1 | root | time:10.5ms, loops:1, rpc num:1 |',
    3,
  );
  assert.ok(report.operators > 40_000, `${report.operators} operators`);
  assert.ok(report.keptOverInput < 9, `the result keeps ${report.keptOverInput.toFixed(1)}x the input`);
  assert.ok(report.peakOverInput < 17, `the parse peaked at ${report.peakOverInput.toFixed(1)}x the input`);
});

test('a table of EXPLAIN ANALYZE rows as TiDB prints them: peak and result bounded', () => {
  // Before: peak 9.3x, kept 4.4x the input. After: peak 4.6x, kept 3.2x.
  const rule = '+----+---------+---------+------+---------------+----------------+---------------+--------+------+';
  const report = measureParse(
    [
      rule,
      '| id | estRows | actRows | task | access object | execution info | operator info | memory | disk |',
      rule,
      '| Union_1 | 10.00 | 10 | root | | time:1ms, loops:1 | | 1 KB | N/A |',
    ],
    '| ├─TableReader_${i + 2} | 10.00 | 10 | cop[tikv] | table:t${i % 7} | time:1.2ms, loops:2, cop_task: {num: 1, max: 1.1ms, ' +
      'proc_keys: 10, tot_proc: 1ms, rpc_num: 1, rpc_time: 1ms, copr_cache_hit_ratio: 0.00}, rpc_info:{Cop:{num_rpc:1, ' +
      'total_time:1ms}} | eq(test.t.a, ${i}), keep order:false | 1.2 KB | N/A |',
    3,
  );
  assert.ok(report.operators > 9_000, `${report.operators} operators`);
  assert.ok(report.keptOverInput < 3.8, `the result keeps ${report.keptOverInput.toFixed(1)}x the input`);
  assert.ok(report.peakOverInput < 7, `the parse peaked at ${report.peakOverInput.toFixed(1)}x the input`);
});

test('a text longer than MAX_PLAN_TEXT_CHARS is refused with its size and the limit; one at the limit is read', () => {
  const plan = '+----+------+\n| id | task |\n+----+------+\n| Point_Get_1 | root |\n+----+------+\n';
  const atLimit = plan + ' '.repeat(MAX_PLAN_TEXT_CHARS - plan.length);
  assert.equal(parsePlanText(atLimit).roots[0]?.id, 'Point_Get_1');
  const over = parsePlanText(`${atLimit}${' '.repeat(6 * 1024 * 1024)}`);
  assert.deepEqual(over.roots, []);
  assert.deepEqual(over.warnings, [
    'The plan text is 70.0 MB, more than the 64.0 MB a plan is read up to; it was not read. ' +
      'Give the plan alone (the EXPLAIN output, without what surrounds it).',
  ]);
});
