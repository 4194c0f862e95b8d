// Plans tens of thousands of levels deep or wide, through every path: parse, analysis, findings, the
// text report, `tidb-lab plan --json` and the plan view's flat list. They run in a node with a tenth of
// the usual stack, where recursion of a few thousand levels or a spread of 15,000 arguments already
// overflows, so plans of 20,000 prove that no path recurses per level or spreads a plan's operators.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { MAX_NESTED_JSON_DEPTH } from '../../../src/core/plan';

const SIZE = 20_000;
const SMALL_STACK_KB = 100;
const compiled = resolve(__dirname, '..', '..', '..', 'src');
const scratch = mkdtempSync(join(tmpdir(), 'tidb-lab-deep-plan-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

interface PathsResult {
  operators: number;
  depth: number;
  roots: number;
  findings: number;
  reportLines: number;
  json: { roots?: number; operators?: number; lastParent?: number | null; warnings: string[] };
  cliText: { code: number; lines: number; err: string };
  cliJson: { code: number; operators: number | null; err: string };
  viewNodes: number;
}

/** Every path, in a child node with a small stack; the plan text comes from a file. */
function runAllPaths(name: string, text: string): PathsResult {
  const file = join(scratch, `${name}.txt`);
  writeFileSync(file, text);
  const script = `
    const core = require(${JSON.stringify(join(compiled, 'core', 'plan', 'index.js'))});
    const { flattenPlan } = require(${JSON.stringify(join(compiled, 'extension', 'plans', 'planDocument.js'))});
    const { runPlanCommand } = require(${JSON.stringify(join(compiled, 'cli', 'planCommand.js'))});
    const fs = require('node:fs');
    (async () => {
      const plan = core.parsePlanText(fs.readFileSync(${JSON.stringify(file)}, 'utf8'));
      const nodes = core.planNodes(plan.roots);
      const analysis = core.analyzePlan(plan);
      const summary = core.summarizePlan(plan, analysis);
      const report = core.renderPlanReport(plan, analysis, summary);
      const json = JSON.parse(JSON.stringify(core.planToJson(plan, analysis, summary), null, 2));
      const view = flattenPlan(plan, analysis, summary);
      const cli = async (argv) => {
        let out = '', err = '';
        const code = await runPlanCommand(argv, { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, readStdin: async () => '' });
        return { code, out, err };
      };
      const text = await cli([${JSON.stringify(file)}]);
      const asJson = await cli(['--json', ${JSON.stringify(file)}]);
      process.stdout.write(JSON.stringify({
        operators: nodes.length,
        depth: nodes.reduce((deepest, node) => Math.max(deepest, node.depth), 0),
        roots: plan.roots.length,
        findings: analysis.findings.length,
        reportLines: report.split('\\n').length,
        json: { roots: json.roots?.length, operators: json.operators?.length, lastParent: json.operators?.at(-1)?.parent, warnings: json.warnings },
        cliText: { code: text.code, lines: text.out.split('\\n').length, err: text.err },
        cliJson: { code: asJson.code, operators: asJson.code === 0 ? (JSON.parse(asJson.out).operators ?? JSON.parse(asJson.out).roots).length : null, err: asJson.err },
        viewNodes: view.nodes.length,
      }));
    })().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
  `;
  const child = spawnSync(process.execPath, [`--stack-size=${SMALL_STACK_KB}`, '-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(child.status, 0, `${name}: ${child.stderr.slice(0, 2000)}`);
  return JSON.parse(child.stdout) as PathsResult;
}

function assertDeep(result: PathsResult, operators: number): void {
  assert.equal(result.operators, operators);
  assert.equal(result.depth, operators - 1);
  assert.equal(result.viewNodes, operators);
  assert.equal(result.json.roots, undefined);
  assert.equal(result.json.operators, operators);
  assert.equal(result.json.lastParent, operators - 2);
  assert.ok(
    result.json.warnings.some((warning) =>
      warning.startsWith(
        `The plan is ${operators.toLocaleString('en-US')} levels deep, more than ${MAX_NESTED_JSON_DEPTH}: its operators are listed flat`,
      ),
    ),
  );
  assert.equal(result.cliJson.code, 0, result.cliJson.err);
  assert.equal(result.cliJson.operators, operators);
  assert.equal(result.cliText.code, 0, result.cliText.err);
  assert.ok(result.cliText.lines > operators);
}

test(`a FORMAT='tidb_json' plan ${SIZE.toLocaleString('en-US')} levels deep`, () => {
  let open = '';
  for (let i = 0; i < SIZE; i++)
    open += `{"id":"Projection_${i + 1}","estRows":"10.00","taskType":"root","operatorInfo":"c${i}","subOperators":[`;
  assertDeep(runAllPaths('deep-json', `[${open}${']}'.repeat(SIZE)}]`), SIZE);
});

test(`a dot graph ${SIZE.toLocaleString('en-US')} levels deep`, () => {
  const edges = ['digraph Projection_0 {'];
  for (let i = 0; i < SIZE - 1; i++) edges.push(`"Projection_${i}" -> "Projection_${i + 1}"`);
  edges.push('}');
  assertDeep(runAllPaths('deep-dot', edges.join('\n')), SIZE);
});

test(`a headerless plan of ${SIZE.toLocaleString('en-US')} rows in one chain (columns unknown)`, () => {
  const rows: string[] = [];
  for (let i = 0; i < SIZE; i++) rows.push(`Selection_${i + 1}`);
  assertDeep(runAllPaths('headerless', rows.join('\n')), SIZE);
});

test(`${SIZE.toLocaleString('en-US')} siblings, each a finding (a dot graph and a tidb_json plan)`, () => {
  const edges = ['digraph Union_1 {'];
  for (let i = 0; i < SIZE; i++) edges.push(`"Union_1" -> "TableReader_${i + 2}"`);
  edges.push('}');
  const dot = runAllPaths('wide-dot', edges.join('\n'));
  assert.equal(dot.operators, SIZE + 1);
  assert.equal(dot.depth, 1);
  assert.equal(dot.json.roots, 1);
  assert.equal(dot.reportLines > SIZE, true);
  assert.equal(dot.cliText.code, 0, dot.cliText.err);

  const children: string[] = [];
  for (let i = 0; i < SIZE; i++) {
    children.push(
      `{"id":"TableFullScan_${i + 2}","estRows":"10000.00","actRows":"5","taskType":"cop[tikv]","accessObject":"table:t${i}","operatorInfo":"keep order:false, stats:pseudo"}`,
    );
  }
  const json = runAllPaths('wide-json', `[{"id":"Union_1","estRows":"1.00","taskType":"root","subOperators":[${children.join(',')}]}]`);
  assert.equal(json.operators, SIZE + 1);
  assert.equal(json.findings >= SIZE, true);
  assert.equal(json.cliJson.operators, 1);
  assert.equal(json.cliText.code, 0, json.cliText.err);
});
