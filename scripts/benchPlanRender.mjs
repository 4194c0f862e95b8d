// Plan view benchmark: the generated 5,000-operator EXPLAIN ANALYZE plan of benchPlan.mjs, read
// the way the extension reads it (the rows EXPLAIN ANALYZE returns), turned into the plan view's
// message, and drawn by the built webview (dist/webview/planView.js) in headless Chromium, in a
// test page that fakes acquireVsCodeApi. Time to first paint runs from posting the message to
// the frame after the first operator row is in the page.
// Needs `npm run build`. Run alone: `node scripts/benchPlanRender.mjs`.
import { build } from 'esbuild';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
/* global document, window, MutationObserver, requestAnimationFrame -- the functions passed to page.evaluate run in the page */
import { generatePlanTable, PLAN_BENCH_OPERATORS } from './benchPlan.mjs';
import { repoRoot, requireWebviewAndChromium, visitWebviewPages } from './headlessChromium.mjs';

export const PLAN_RENDER_PARSE_GOAL_MS = 50;
export const PLAN_RENDER_FIRST_PAINT_GOAL_MS = 300;

/** The host-side modules, bundled from the TypeScript sources for this process. */
async function loadHostModules() {
  const result = await build({
    stdin: {
      contents: [
        "export { buildDocument } from './src/extension/plans/planDocument';",
        "export { planViewStrings } from './src/extension/plans/planViewStrings';",
        "export { parsePlanRows, parsePlanText } from './src/core/plan';",
      ].join('\n'),
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

/** The rows EXPLAIN ANALYZE returns (what mysql2 hands the extension), from the generated table. */
function tableRows(text) {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  const split = (line) =>
    line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.trimEnd());
  const [header, ...rows] = lines.map(split);
  return { columns: header, rows };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timed(runs, work) {
  const times = [];
  let result;
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    result = work();
    if (i >= 2) times.push(performance.now() - start);
  }
  return { ms: median(times), result };
}

const LIGHT_THEME = `  :root { --vscode-font-family: sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
    --vscode-foreground: #3b3b3b; --vscode-editor-background: #ffffff; --vscode-charts-blue: #1a85ff; }`;

/** In the page: posts the message and resolves with the times to the first row and to the next frame. */
function postAndMeasure(message) {
  return new Promise((resolve) => {
    const app = document.getElementById('app');
    const started = performance.now();
    let firstRow = null;
    const observer = new MutationObserver(() => {
      if (firstRow !== null || app.querySelector('.plan-window .plan-row[data-index]') === null) return;
      firstRow = performance.now() - started;
      observer.disconnect();
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          resolve({
            firstRowMs: firstRow,
            firstPaintMs: performance.now() - started,
            rowsInDom: app.querySelectorAll('.plan-window .plan-row').length,
          }),
        ),
      );
    });
    observer.observe(app, { childList: true, subtree: true });
    window.postMessage(message, '*');
  });
}

/** In the page: a user action, timed to the frame after it. */
function actAndMeasure(action) {
  return new Promise((resolve) => {
    const started = performance.now();
    if (action === 'scroll-to-end') {
      const viewport = document.querySelector('.plan-viewport');
      viewport.scrollTop = viewport.scrollHeight;
    } else if (action === 'collapse-all') {
      document.getElementById('collapse-all').click();
    } else if (action === 'expand-all') {
      document.getElementById('expand-all').click();
    }
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        resolve({
          ms: performance.now() - started,
          lastRow: Number([...document.querySelectorAll('.plan-window .plan-row[data-index]')].pop()?.getAttribute('data-index') ?? -1),
          rowCount: document.querySelector('.plan-viewport')?.getAttribute('aria-rowcount'),
        }),
      ),
    );
  });
}

/** The Markdown rows `npm run bench` prints under `| measurement | result | goal |`. */
export async function benchPlanRender(options) {
  return (await measurePlanRender(options)).rows.join('\n');
}

/** The measurements, with their Markdown rows. */
export async function measurePlanRender({ runs = 5 } = {}) {
  requireWebviewAndChromium('benchPlanRender', 'planView');
  const { buildDocument, planViewStrings, parsePlanRows } = await loadHostModules();
  const text = generatePlanTable(PLAN_BENCH_OPERATORS);
  const { columns, rows } = tableRows(text);
  const origin = { title: 'Explain Analyze: generated plan', connection: 'bench · TiDB v8.5.1', ranAt: new Date().toISOString() };
  const source = { kind: 'plan', plan: { origin, input: { kind: 'rows', columns, rows } } };

  const parse = timed(runs, () => parsePlanRows(rows, columns));
  const operators = parse.result.roots.length === 0 ? 0 : countNodes(parse.result.roots);
  if (operators !== PLAN_BENCH_OPERATORS) throw new Error(`benchPlanRender: read ${operators} operators, expected ${PLAN_BENCH_OPERATORS}`);
  const strings = planViewStrings((message, ...args) => message.replace(/\{(\d+)\}/g, (all, i) => args[Number(i)] ?? all));
  const prepare = timed(runs, () => buildDocument(source, (server) => `${server} is not TiDB`));
  const message = {
    type: 'show',
    payload: { viewId: '00000000-0000-0000-0000-000000000000', content: prepare.result.content, strings, resetView: true },
  };
  const messageBytes = Buffer.byteLength(JSON.stringify(message));

  const paints = [];
  const actions = { 'scroll-to-end': [], 'collapse-all': [], 'expand-all': [] };
  let rowsInDom = 0;
  await visitWebviewPages({ panel: 'planView', themeCss: LIGHT_THEME, pages: runs + 1 }, async (page, i) => {
    const paint = await page.evaluate(postAndMeasure, message);
    rowsInDom = paint.rowsInDom;
    const scrolled = await page.evaluate(actAndMeasure, 'scroll-to-end');
    if (scrolled.lastRow !== PLAN_BENCH_OPERATORS - 1)
      throw new Error(`benchPlanRender: after scrolling to the end the last row drawn is ${scrolled.lastRow}`);
    const collapsed = await page.evaluate(actAndMeasure, 'collapse-all');
    const expanded = await page.evaluate(actAndMeasure, 'expand-all');
    if (i > 0) {
      paints.push(paint);
      actions['scroll-to-end'].push(scrolled.ms);
      actions['collapse-all'].push(collapsed.ms);
      actions['expand-all'].push(expanded.ms);
    }
  });
  const firstRowMs = median(paints.map((paint) => paint.firstRowMs));
  const firstPaintMs = median(paints.map((paint) => paint.firstPaintMs));
  const n = PLAN_BENCH_OPERATORS.toLocaleString('en-US');
  const met = (value, goal) => `< ${goal} ms ${value < goal ? '(met)' : '(missed)'}`;
  return {
    parseMs: parse.ms,
    prepareMs: prepare.ms,
    firstRowMs,
    firstPaintMs,
    rows: [
      `| plan view: read ${n} EXPLAIN ANALYZE rows (parsePlanRows), median of ${runs} | ${parse.ms.toFixed(1)} ms | ${met(parse.ms, PLAN_RENDER_PARSE_GOAL_MS)} |`,
      `| plan view: message for the webview (parse, analyse, flatten; ${(messageBytes / 1024 / 1024).toFixed(1)} MB), median of ${runs} | ${prepare.ms.toFixed(1)} ms | - |`,
      `| plan view: first row in the page, ${n} operators, headless Chromium, median of ${runs} | ${firstRowMs.toFixed(1)} ms | - |`,
      `| plan view: first paint (frame after the first row; ${rowsInDom} rows in the DOM), median of ${runs} | ${firstPaintMs.toFixed(1)} ms | ${met(firstPaintMs, PLAN_RENDER_FIRST_PAINT_GOAL_MS)} |`,
      `| plan view: scroll to the last operator, to the next frame, median of ${runs} | ${median(actions['scroll-to-end']).toFixed(1)} ms | - |`,
      `| plan view: Collapse All / Expand All, to the next frame, median of ${runs} | ${median(actions['collapse-all']).toFixed(1)} / ${median(actions['expand-all']).toFixed(1)} ms | - |`,
    ],
  };
}

function countNodes(roots) {
  let count = 0;
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop();
    count++;
    stack.push(...node.children);
  }
  return count;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log('| measurement | result | goal |');
  console.log('| --- | --- | --- |');
  console.log(await benchPlanRender());
}
