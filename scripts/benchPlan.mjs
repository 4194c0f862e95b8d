// Plan parser benchmark: a generated 5,000-operator EXPLAIN ANALYZE plan in the mysql
// client's table format, parsed several times; reports the median as a Markdown table row.
// Then the pathological pastes of issue 16 (text after a plan, tables whose rows never end, plans
// without header or glyphs, very wide and very deep plans), each timed once.
// Needs the compiled core: `npm run build:tests` first. Run alone: `node scripts/benchPlan.mjs`.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import os from 'node:os';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const corePath = join(repoRoot, 'out', 'src', 'core', 'plan', 'index.js');

export const PLAN_BENCH_OPERATORS = 5000;
export const PLAN_PARSE_GOAL_MS = 50;

/** Operators of a plan with exactly `count` operators: hash joins over readers and point gets. */
function generateOperators(count) {
  const rows = [];
  let serial = 1;
  const next = () => serial++;
  const add = (depth, role, kind) => {
    const id = next();
    rows.push({ depth, role, kind, id });
  };
  const subtree = (budget, depth, role) => {
    if (budget === 1) return add(depth, role, 'point');
    if (budget === 2) {
      add(depth, role, 'reader');
      return add(depth + 1, null, 'scan');
    }
    if (budget === 3) {
      add(depth, role, 'reader');
      add(depth + 1, null, 'selection');
      return add(depth + 2, null, 'scan');
    }
    if (serial % 7 === 0) {
      add(depth, role, 'projection');
      return subtree(budget - 1, depth + 1, null);
    }
    add(depth, role, 'join');
    const build = Math.floor((budget - 1) / 2);
    subtree(build, depth + 1, 'Build');
    subtree(budget - 1 - build, depth + 1, 'Probe');
  };
  subtree(count, 0, null);
  return rows;
}

function cells(row) {
  const n = row.id;
  const ms = (base) => `${(base + (n % 97) / 10).toFixed(1)}ms`;
  const rowsOut = 1000 + ((n * 7919) % 90000);
  switch (row.kind) {
    case 'join':
      return [
        `HashJoin_${n}`,
        `${rowsOut}.00`,
        `${rowsOut}`,
        'root',
        '',
        `time:${ms(300)}, loops:${(n % 90) + 1}, build_hash_table:{total:${ms(24)}, fetch:${ms(21)}, build:3.32ms}, probe:{concurrency:5, total:1.57s, max:${ms(313)}, probe:18.9ms, fetch:1.55s}`,
        `inner join, equal:[eq(test.t${n}.id, test.t${n + 1}.t1_id)]`,
        `${(n % 50) + 1}.0 MB`,
        '0 Bytes',
      ];
    case 'projection':
      return [
        `Projection_${n}`,
        `${rowsOut}.00`,
        `${rowsOut}`,
        'root',
        '',
        `time:${ms(200)}, loops:${(n % 90) + 1}, Concurrency:5`,
        `test.t${n}.a, test.t${n}.b, plus(test.t${n}.c, 1)->Column#${n}`,
        '17.7 KB',
        'N/A',
      ];
    case 'reader':
      return [
        `TableReader_${n}`,
        `${rowsOut}.00`,
        `${rowsOut}`,
        'root',
        '',
        `time:${ms(23)}, loops:12, cop_task: {num: 11, max: 504.6µs, min: 203.7µs, avg: 377.4µs, p95: 504.6µs, max_proc_keys: 10687, p95_proc_keys: 9184, tot_proc: 407ms, tot_wait: 12ms, rpc_num: 11, rpc_time: 3.92ms, copr_cache_hit_ratio: 0.62, distsql_concurrency: 15}`,
        `data:Selection_${n + 1}`,
        '14.9 MB',
        'N/A',
      ];
    case 'selection':
      return [
        `Selection_${n}`,
        `${rowsOut}.00`,
        `${rowsOut}`,
        'cop[tikv]',
        '',
        'tikv_task:{proc max:104ms, min:3ms, avg: 24.4ms, p80:33ms, p95:104ms, iters:113, tasks:11}, scan_detail: {get_snapshot_time: 241.4µs, rocksdb: {block: {}}}',
        `eq(test.t${n}.int_col, ${n})`,
        'N/A',
        'N/A',
      ];
    case 'scan':
      return [
        `TableFullScan_${n}`,
        `${rowsOut}.00`,
        `${rowsOut}`,
        'cop[tikv]',
        `table:t${n}`,
        'tikv_task:{proc max:31ms, min:0s, avg: 13ms, p80:19ms, p95:26ms, iters:181, tasks:24}, scan_detail: {total_process_keys: 69744, total_process_keys_size: 217533936, total_keys: 69753, get_snapshot_time: 637.2µs, rocksdb: {delete_skipped_count: 97368, key_skipped_count: 236847, block: {cache_hit_count: 3509}}}',
        'keep order:false',
        'N/A',
        'N/A',
      ];
    default:
      return [
        `Point_Get_${n}`,
        '1.00',
        '1',
        'root',
        `table:t${n}`,
        'time:757.205µs, loops:2, Get:{num_rpc:1, total_time:697.051µs}',
        `handle:${n}`,
        'N/A',
        'N/A',
      ];
  }
}

/** The plan as the mysql client prints it: `+---+` borders and `├─ └─ │` tree glyphs. */
export function generatePlanTable(count = PLAN_BENCH_OPERATORS) {
  const operators = generateOperators(count);
  // A node is the last child when no later sibling (same depth before the depth drops below) follows.
  const lastChild = new Array(operators.length).fill(true);
  const open = [];
  operators.forEach((row, i) => {
    open.length = row.depth + 1;
    if (open[row.depth] !== undefined) lastChild[open[row.depth]] = false;
    open[row.depth] = i;
  });
  const continues = [];
  const table = operators.map((row, i) => {
    const values = cells(row);
    continues.length = row.depth;
    let prefix = '';
    for (let level = 1; level < row.depth; level++) prefix += continues[level] ? '│ ' : '  ';
    if (row.depth > 0) prefix += lastChild[i] ? '└─' : '├─';
    continues[row.depth] = !lastChild[i];
    values[0] = `${prefix}${values[0]}${row.role ? `(${row.role})` : ''}`;
    return values;
  });
  const header = ['id', 'estRows', 'actRows', 'task', 'access object', 'execution info', 'operator info', 'memory', 'disk'];
  const widths = header.map((name, column) => Math.max(name.length, ...table.map((values) => values[column].length)));
  const border = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  const line = (values) => `| ${values.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`;
  return [border, line(header), border, ...table.map(line), border, `${count} rows in set (1.23 sec)`].join('\n');
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const NOTE_WORDS = ['the', 'scan', 'was', 'slow', 'because', 'region', 'of', 'TiKV', 'we', 'should', 'check', 'index', 'again', 'rows'];

/** Lines of prose as in a notes file (a fixed pseudo-random sequence, so every run reads the same text). */
function noteLines(count) {
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = [];
  for (let i = 0; i < count; i++) {
    const words = [`Note${i}:`];
    for (let w = 0, length = 4 + Math.floor(next() * 14); w < length; w++) words.push(NOTE_WORDS[Math.floor(next() * NOTE_WORDS.length)]);
    lines.push(words.join(' '));
  }
  return lines;
}

/**
 * The pastes of issue 16 that took seconds to minutes (sizes as reported there) and the deep and wide
 * plans that overflowed the stack: [what, text, run the report and --json too].
 */
function pathologicalPastes() {
  const plan = generatePlanTable(20);
  const notes = noteLines(8000);
  const cases = [];
  cases.push([
    `a 20-operator plan followed by a notes file (${(notes.join('\n').length / 1024).toFixed(0)} KB)`,
    `${plan}\n${notes.join('\n')}`,
  ]);
  const unbordered = ['id | estRows | task | access object | operator info', '---+---+---+---+---', 'Projection_1 | 10.00'];
  cases.push(['a pipe table without outer borders, then 8,000 lines', [...unbordered, ...notes].join('\n')]);
  cases.push([
    'a bordered row with no closing \\|, then 8,000 lines',
    `${plan.split('\n').slice(0, 4).join('\n')}\n| Projection_1 | 10.00\n${notes.join('\n')}`,
  ]);
  const headerless = [];
  for (let i = 0; i < 16000; i++)
    headerless.push(`${i % 2 === 0 ? 'Projection' : 'Selection'}_${i + 1}  ${(i % 97) + 0.5}  root  col_${i}`);
  cases.push(['a headerless aligned plan of 16,000 rows (no glyphs: the tree inferred)', headerless.join('\n'), true]);
  const dot = ['digraph Union_1 {'];
  for (let i = 0; i < 100000; i++) dot.push(`"Union_1" -> "TableReader_${i + 2}"`);
  dot.push('}');
  cases.push(["FORMAT='dot', one parent of 100,000 children", dot.join('\n'), true]);
  let open = '';
  for (let i = 0; i < 100000; i++)
    open += `{"id":"Projection_${i + 1}","estRows":"10.00","taskType":"root","operatorInfo":"c${i}","subOperators":[`;
  cases.push(["FORMAT='tidb_json', 100,000 levels deep", `[${open}${']}'.repeat(100000)}]`, true]);
  const rows = [];
  for (let i = 0; i < 200000; i++) rows.push(`Selection_${i + 1}`);
  cases.push(['a headerless plan of 200,000 rows, columns unknown (one chain)', rows.join('\n'), true]);
  return cases;
}

/** Wall time of each pathological paste: the parse, and for plans also the analysis, report and --json. */
function benchPathologicalPastes(core) {
  const rows = [];
  for (const [what, text, everything] of pathologicalPastes()) {
    // CPU time beside the wall time: on the shared machine the wall time includes waiting for a core.
    const timed = (run) => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const result = run();
      const used = process.cpuUsage(cpu);
      return { result, text: `${(performance.now() - start).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU` };
    };
    const parse = timed(() => core.parsePlanText(text));
    const plan = parse.result;
    let rest = '';
    if (everything) {
      const after = timed(() => {
        const analysis = core.analyzePlan(plan);
        const summary = core.summarizePlan(plan, analysis);
        core.renderPlanReport(plan, analysis, summary);
        JSON.stringify(core.planToJson(plan, analysis, summary), null, 2);
      });
      rest = `; analysis, report and --json ${after.text}`;
    }
    const operators = core.planNodes(plan.roots).length.toLocaleString('en-US');
    rows.push(
      `| pathological paste: ${what}, ${(text.length / 1024 / 1024).toFixed(1)} MB | parse ${parse.text} (${operators} operators)${rest} | linear; no stack overflow |`,
    );
  }
  return rows;
}

/** Returns the Markdown rows `npm run bench` prints under `| measurement | result | goal |`. */
export async function benchPlan({ runs = 9 } = {}) {
  if (!existsSync(corePath)) throw new Error(`benchPlan: ${corePath} is missing; run \`npm run build:tests\` first`);
  const require = createRequire(import.meta.url);
  const { parsePlanText, analyzePlan, planNodes, summarizePlan, renderPlanReport, planToJson } = require(corePath);
  const text = generatePlanTable();
  const parseTimes = [];
  const parseCpu = [];
  const analyzeTimes = [];
  let operators = 0;
  for (let i = 0; i < runs + 2; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const plan = parsePlanText(text);
    const parsed = performance.now();
    const cpuUsed = process.cpuUsage(cpu);
    analyzePlan(plan);
    const analyzed = performance.now();
    operators = planNodes(plan.roots).length;
    if (i >= 2) {
      parseTimes.push(parsed - start);
      parseCpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      analyzeTimes.push(analyzed - parsed);
    }
  }
  if (operators !== PLAN_BENCH_OPERATORS) throw new Error(`benchPlan: parsed ${operators} operators, expected ${PLAN_BENCH_OPERATORS}`);
  const pathological = benchPathologicalPastes({ parsePlanText, analyzePlan, planNodes, summarizePlan, renderPlanReport, planToJson });
  const parseMs = median(parseTimes);
  const parseCpuMs = median(parseCpu);
  const analyzeMs = median(analyzeTimes);
  const size = `${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB`;
  // On a shared machine wall time includes waiting for a core; CPU time (which also counts
  // the garbage collector's threads) is shown beside it, with the load average.
  const load = os.loadavg()[0].toFixed(1);
  return {
    parseMs,
    parseCpuMs,
    analyzeMs,
    rows: [
      `| plan parse, ${PLAN_BENCH_OPERATORS.toLocaleString('en-US')} operators (mysql table, ${size}), median of ${runs} | ` +
        `${parseMs.toFixed(1)} ms wall, ${parseCpuMs.toFixed(1)} ms CPU (load ${load}) | < ${PLAN_PARSE_GOAL_MS} ms ${parseMs < PLAN_PARSE_GOAL_MS ? '(met)' : '(missed)'} |`,
      `| plan analysis (time share, findings), same plan, median of ${runs} | ${analyzeMs.toFixed(1)} ms wall | - |`,
      ...pathological,
      `| (load average after the pathological pastes: ${os.loadavg()[0].toFixed(1)}) | | |`,
    ],
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { rows } = await benchPlan();
  console.log('| measurement | result | goal |');
  console.log('| --- | --- | --- |');
  for (const row of rows) console.log(row);
}
