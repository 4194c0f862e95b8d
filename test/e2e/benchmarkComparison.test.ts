// A thread sweep whose runs hit errors, in the results view of a real VS Code: its runs table has an
// errors column with the codes behind each count; two of its runs compared, then one deleted from
// the Benchmarks view, and the open comparison says which run it lost, in words ("1 run", the run's
// name), never an internal id. The sweep is real: the packaged CLI runs oltp_write_only on two
// rows with 4 and 8 threads against MariaDB, which deadlocks (1213, ignored by default as in
// sysbench). Screenshots: test-results/screenshots/comparison-*.png.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import type { Frame } from 'playwright-core';
import type { ExperimentResult } from '../../src/core/results/benchmarkResult';
import { testDatabase } from '../support/testDatabase';
import { BENCHMARKS_VIEW as VIEW, clickDialogButton, focusWorkbench, foldOtherViews, resultFrame } from './support/benchmarkTabs';
import { pickFileInDialog } from './support/fileDialog';
import { repoRoot } from './support/paths';
import { WorkbenchSession } from './support/workbenchSession';
import { timeoutScale as scale, until } from './support/waiting';

const execFileAsync = promisify(execFile);
const db = testDatabase();
const database = 'tidblab_e2e_comparison';
const SWEEP = 'Writers on two rows';
const SWEEP_FILE = 'writers-on-two-rows.result.json';
/** Nothing a reader could take for a run's name: a UUID, a result id with a run index, a run key. */
const INTERNAL_ID = /[0-9a-f]{8}-[0-9a-f]{4}-|#\d|\bundefined\b|\[object /i;

async function sql(statement: string): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

/** The sweep, run by the packaged CLI (the built-in engine records the codes of the errors it ignores). */
async function sweepWithErrors(): Promise<ExperimentResult> {
  const folder = mkdtempSync(join(tmpdir(), 'tidb-lab-e2e-comparison-'));
  try {
    const definition = join(folder, 'sweep.json');
    const out = join(folder, 'result.json');
    writeFileSync(
      definition,
      JSON.stringify({
        name: SWEEP,
        workloads: ['oltp_write_only'],
        threads: [4, 8],
        tableSizes: [2],
        options: { time: 2, report_interval: 1 },
        prepare: true,
        cleanup: true,
      }),
    );
    await sql(`DROP DATABASE IF EXISTS ${database}`);
    await sql(`CREATE DATABASE ${database}`);
    await execFileAsync(
      process.execPath,
      [
        join(repoRoot, 'dist', 'cli.js'),
        'bench',
        'experiment',
        definition,
        '--engine=builtin',
        `--mysql-host=${db.host}`,
        `--mysql-port=${db.port}`,
        `--mysql-user=${db.user}`,
        `--mysql-db=${database}`,
        `--out=${out}`,
      ],
      { timeout: 180_000 * scale, env: { ...process.env, MYSQL_PWD: db.password } },
    );
    return JSON.parse(readFileSync(out, 'utf8')) as ExperimentResult;
  } finally {
    await sql(`DROP DATABASE IF EXISTS ${database}`);
    rmSync(folder, { recursive: true, force: true });
  }
}

async function comparisonText(frame: Frame): Promise<string> {
  return frame.locator('[data-view="comparison"]').innerText();
}

describe('a sweep with errors: its errors column, and a comparison that loses a run', () => {
  let session: WorkbenchSession;
  let sweep: ExperimentResult;

  before(async () => {
    sweep = await sweepWithErrors();
    assert.deepEqual(
      sweep.cells.map((cell) => cell.run.status),
      ['completed', 'completed'],
      sweep.message,
    );
    assert.ok(
      sweep.cells.every((cell) => cell.run.summary.errors > 0 && (cell.run.summary.errorCodes?.[1213] ?? 0) === cell.run.summary.errors),
      `every run of writers on two rows deadlocked: ${JSON.stringify(sweep.cells.map((cell) => cell.run.summary.errorCodes))}`,
    );
    session = await WorkbenchSession.open({
      userSettings: { 'workbench.colorTheme': 'Default Dark Modern' },
      workspaceFiles: { [SWEEP_FILE]: `${JSON.stringify(sweep, null, 2)}\n` },
    });
  });

  after(async () => {
    await session?.close();
  });

  it("the sweep's runs table gives each run's error count and, on hover, the codes behind it", () =>
    session.diagnose('comparison-errors-column', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await workbench.runCommand('TiDB Lab: Import sysbench / go-tpc / go-ycsb Log...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, SWEEP_FILE));
      const frame = await resultFrame(workbench, SWEEP);
      const table = frame.locator('table.cells');
      await table.waitFor({ state: 'visible' });
      const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim().toLowerCase());
      const column = headers.indexOf('errors');
      assert.ok(column >= 0, `an Errors column among ${headers.join(' | ')}`);
      const rows = await table.locator('tbody tr').evaluateAll((trs, index) => {
        return trs.map((tr) => {
          const cell = tr.children[index] as HTMLElement;
          const mark = cell.querySelector('[data-errors]') as HTMLElement | null;
          return {
            shown: cell.innerText.trim(),
            count: mark?.dataset.errors,
            codes: mark?.title,
            hasCodes: mark?.classList.contains('has-codes'),
          };
        });
      }, column);
      assert.deepEqual(
        rows,
        sweep.cells.map((cell) => ({
          shown: cell.run.summary.errors.toLocaleString('en-US'),
          count: String(cell.run.summary.errors),
          codes: `1213 deadlock ×${cell.run.summary.errors.toLocaleString('en-US')}`,
          hasCodes: true,
        })),
      );
      await table.locator('[data-errors]').first().hover();
      await workbench.screenshot('comparison-errors-column-dark');
    }));

  it('a comparison whose run is deleted says which one it lost, in words', () =>
    session.diagnose('comparison-run-deleted', async (workbench) => {
      await focusWorkbench(workbench);
      await workbench.openViewContainer('TiDB Lab');
      await foldOtherViews(workbench, VIEW);
      await workbench.expandTreeItem(SWEEP, VIEW);
      await workbench.treeItem('4 threads', VIEW).click();
      await workbench.treeItem('8 threads', VIEW).click({ modifiers: ['Control'] });
      await until(
        async () => workbench.page.locator('.part.sidebar .monaco-list-row.selected[role="treeitem"]').count(),
        (count) => count === 2,
        'both runs selected',
      );
      await workbench.clickViewTitleAction(VIEW, 'Compare Benchmark Runs');
      const comparison = await workbench.webviewFrame(
        '[data-view="comparison"] .chart-box[data-chart="compare-qps"][data-rendered="true"]',
      );
      assert.match(await comparison.locator('#result-title').innerText(), /\b2 runs\b/);
      assert.deepEqual(
        (await comparison.locator('.run-list .run-label').allInnerTexts()).map((text) => text.trim()),
        [`${SWEEP} · 4 threads`, `${SWEEP} · 8 threads`],
      );
      assert.match(await workbench.activeEditorTitle(), /^Compare 2 runs$/);
      const metrics = await comparison.locator('table.comparison tbody th.metric').allInnerTexts();
      assert.ok(metrics.includes('errors/s'), `the errors row says its unit once: ${metrics.join(' | ')}`);
      // Two single runs: a change under 10% is grey and marked ~ (never green or red), and the note
      // under the table says why, exactly when such a change is shown.
      const cells = await comparison.locator('table.comparison td.heat').evaluateAll((tds) =>
        tds.map((td) => ({
          tone: td.getAttribute('data-tone'),
          change: td.querySelector('.change')?.textContent ?? '',
          background: td.style.backgroundColor,
        })),
      );
      for (const cell of cells) {
        const size = Math.abs(Number(cell.change.replace(/[^\d.]/g, '')));
        const marked = cell.change.endsWith(' ~');
        assert.equal(marked, cell.tone === 'noise', `${cell.change} ${cell.tone}`);
        if (cell.tone === 'better' || cell.tone === 'worse') assert.ok(size >= 10, `${cell.change} coloured ${cell.tone}`);
        if (marked) assert.equal(cell.background, '', `${cell.change} is not coloured`);
      }
      const note = comparison.locator('[data-note="single-run-noise"]');
      assert.equal(await note.count(), cells.some((cell) => cell.tone === 'noise') ? 1 : 0);
      if ((await note.count()) > 0)
        assert.equal(
          (await note.innerText()).trim(),
          '~ single runs: differences under 10% may be noise; run 3+ rounds (an experiment with repeats) to know.',
        );
      await workbench.screenshot('comparison-single-runs-dark');

      // Deleted from the Benchmarks view while the comparison is open (only that run selected: a
      // right-click on a selected item acts on the whole selection).
      await workbench.treeItem('8 threads', VIEW).click({ modifiers: ['Control'] });
      await until(
        async () => workbench.page.locator('.part.sidebar .monaco-list-row.selected[role="treeitem"]').count(),
        (count) => count === 1,
        'only the run to delete selected',
      );
      await workbench.treeItem('4 threads', VIEW).click({ button: 'right' });
      await workbench.clickContextMenuItem('Delete');
      await clickDialogButton(workbench.page, 'Delete', /Delete the benchmark result "4 threads, run of Writers on two rows"\?/);
      await until(
        async () => comparison.locator('.run-list .run-label').allInnerTexts(),
        (labels) => labels.length === 1,
        'the comparison to go on with the run that is left',
        30_000 * scale,
      );
      // (its name now says the workload too: with one run left, the thread count is not all that varies)
      assert.match(
        (await comparison.locator('.run-list .run-label').allInnerTexts()).join(),
        new RegExp(`^${SWEEP} · (oltp_write_only · )?8 threads$`),
      );
      const text = await comparisonText(comparison);
      assert.match(await comparison.locator('#result-title').innerText(), /\b1 run\b/);
      assert.doesNotMatch(text, /\b1 runs\b/);
      assert.ok(text.includes(`"${SWEEP} · 4 threads" was deleted: it is no longer in this comparison.`), text);
      assert.ok(!text.includes(`"${SWEEP} · 8 threads" was deleted`), 'the run that is left is not the one named as deleted');
      assert.doesNotMatch(text, INTERNAL_ID, 'no internal id in what the comparison says');
      assert.ok(!text.includes(sweep.id), "the sweep's id is not shown");
      await until(
        async () => workbench.activeEditorTitle(),
        (title) => title === 'Compare 1 run',
        'the tab title to say 1 run',
      );
      await workbench.screenshot('comparison-run-deleted-dark');
    }));
});
