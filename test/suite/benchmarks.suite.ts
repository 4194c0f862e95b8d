// The benchmark commands through the real VS Code API against the local MariaDB, with the
// arguments automation passes: a 2-second run that prepares its data first, a thread sweep, an
// A/B experiment, a TiDB-only preset refused on MariaDB, a sysbench log import, exports, rename,
// delete and cleanup. Passwords must not reach any file these commands write.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import * as vscode from 'vscode';
import type { ExperimentResult, RunResult } from '../../src/core/results/benchmarkResult';
import type { TidbLabApi } from '../../src/extension/api';
import type { ImportOutcome } from '../../src/extension/benchmarks/resultCommands';
import type { RunCommandResult } from '../../src/extension/benchmarks/runCommands';
import { testDatabase } from '../support/testDatabase';
import { suite, test } from './harness';

const db = testDatabase();
const database = 'tidblab_suite_bench';
const fixtures = resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'benchmark-logs');
const scratch = mkdtempSync(join(tmpdir(), 'tidb-lab-bench-suite-'));
let profileId = '';

async function activate(): Promise<TidbLabApi> {
  const extension = vscode.extensions.getExtension<TidbLabApi>('tidb-lab.tidb-lab');
  assert.ok(extension, 'TiDB Lab is not loaded');
  return extension.activate();
}

async function sql(statement: string): Promise<unknown[]> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    const [rows] = await connection.query(statement);
    return rows as unknown[];
  } finally {
    await connection.end();
  }
}

async function sbtestTables(): Promise<string[]> {
  const rows = (await sql(
    `SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = '${database}' ORDER BY TABLE_NAME`,
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

async function exported(command: string, resultId: string, file: string): Promise<string> {
  const target = join(scratch, file);
  const written = await vscode.commands.executeCommand<string>(command, { resultId, target });
  assert.ok(written, `${command} wrote nothing`);
  return readFileSync(target, 'utf8');
}

async function benchmarksTree() {
  const tree = (await activate()).benchmarks?.tree;
  assert.ok(tree, 'the Benchmarks view is registered');
  return tree;
}

async function resultNode(resultId: string) {
  const tree = await benchmarksTree();
  const node = (await tree.getChildren()).find((candidate) => candidate.kind === 'result' && candidate.stored.id === resultId);
  assert.ok(node, `no item for result ${resultId} in the Benchmarks view`);
  return node;
}

async function treeLabelOf(resultId: string): Promise<string> {
  return String((await benchmarksTree()).getTreeItem(await resultNode(resultId)).label);
}

async function treeDescriptionOf(resultId: string): Promise<string> {
  return String((await benchmarksTree()).getTreeItem(await resultNode(resultId)).description);
}

async function cellLabelsOf(resultId: string): Promise<string[]> {
  const tree = await benchmarksTree();
  const cells = await tree.getChildren(await resultNode(resultId));
  return cells.map((cell) => String(tree.getTreeItem(cell).label));
}

suite('benchmarks', () => {
  test('set-up: a connection to MariaDB and no benchmark database', async () => {
    await activate();
    await sql(`DROP DATABASE IF EXISTS ${database}`);
    profileId = await vscode.commands.executeCommand<string>('tidbLab.addConnection', {
      profile: { name: 'Benchmarks suite MariaDB', host: db.host, port: db.port, user: db.user, tls: 'off' },
      password: db.password,
    });
    assert.equal(typeof profileId, 'string');
  });

  test('a 2-second oltp_point_select run prepares its missing data, reports every second and is stored', async () => {
    const outcome = await vscode.commands.executeCommand<RunCommandResult>('tidbLab.runBenchmark', {
      profileId,
      workload: 'oltp_point_select',
      threads: 2,
      time: 2,
      tableSize: 1000,
      randType: 'uniform',
      database,
      prepare: 'ifNeeded',
      open: false,
    });
    assert.ok(outcome, 'the command returned no result');
    const run = outcome.result as RunResult;
    assert.equal(run.kind, 'run');
    assert.equal(run.status, 'completed', run.message);
    assert.equal(run.workload, 'oltp_point_select');
    assert.equal(run.options.threads, 2);
    assert.equal(run.options.rand_type, 'uniform');
    assert.equal(run.options.mysql_db, database);
    assert.ok(run.intervals.length >= 1 && run.intervals.length <= 3, `${run.intervals.length} intervals in a 2 s run at 1 s`);
    assert.ok(run.summary.qps > 100, `QPS ${run.summary.qps}`);
    assert.equal(run.summary.reads, run.summary.queries, 'point selects only read');
    assert.equal(run.server?.flavor, 'mariadb');
    assert.deepEqual(await sbtestTables(), ['sbtest1'], 'prepare created the database and its one table');
    const [{ rows }] = (await sql(`SELECT COUNT(*) AS \`rows\` FROM ${database}.sbtest1`)) as { rows: number }[];
    assert.equal(Number(rows), 1000);

    const json = await exported('tidbLab.exportBenchmarkJson', outcome.id, 'run.json');
    assert.equal((JSON.parse(json) as RunResult).id, outcome.id);
    assert.ok(!json.includes(db.password), 'the password is in the exported JSON');
    const csv = await exported('tidbLab.exportBenchmarkCsv', outcome.id, 'run.csv');
    const metadata = csv.split('\r\n').filter((line) => line.startsWith('# '));
    assert.ok(metadata.includes('# option.threads,2') && metadata.includes(`# option.mysql_db,${database}`), metadata.join('\n'));
    assert.ok(
      metadata.some((line) => /^# server,MariaDB 10\.\d+\.\d+.* at 127\.0\.0\.1:\d+$/.test(line)),
      metadata.join('\n'),
    );
    assert.ok(
      metadata.some((line) => /^# engine,"tidb-lab [\d.]+, (built-in engine|sysbench [\d.]+)"$/.test(line)),
      metadata.join('\n'),
    );
    const lines = csv
      .trim()
      .split('\r\n')
      .filter((line) => !line.startsWith('# '));
    assert.match(lines[0], /^t_s,threads,tps,qps,/);
    assert.equal(lines.length, run.intervals.length + 1, 'one CSV row per interval');
    const markdown = await exported('tidbLab.exportBenchmarkMarkdown', outcome.id, 'run.md');
    assert.match(markdown, /^\| Run \| Workload \|/);
    assert.match(markdown, /\| oltp_point_select · 2 threads \| oltp_point_select \|/);
    assert.doesNotMatch(markdown, /Report intervals/, 'the summary only, unless the intervals are asked for');
    const withIntervals = await vscode.commands.executeCommand<string>('tidbLab.exportBenchmarkMarkdown', {
      resultId: outcome.id,
      target: join(scratch, 'run-intervals.md'),
      intervals: true,
    });
    assert.ok(withIntervals);
    const intervalRows = readFileSync(join(scratch, 'run-intervals.md'), 'utf8').split('**Report intervals**')[1]?.trim().split('\n') ?? [];
    assert.equal(intervalRows.length, run.intervals.length + 2, 'a header, a rule and one row per interval');
    assert.equal(await treeLabelOf(outcome.id), 'oltp_point_select · 2 threads');
  }, 90_000);

  test('a list of threads runs a thread sweep on the data that is there, stored as one experiment', async () => {
    const outcome = await vscode.commands.executeCommand<RunCommandResult>('tidbLab.runBenchmark', {
      profileId,
      workload: 'oltp_point_select',
      threads: [1, 2],
      time: 1,
      tableSize: 1000,
      database,
      prepare: 'never',
      open: false,
    });
    assert.ok(outcome);
    const sweep = outcome.result as ExperimentResult;
    assert.equal(sweep.kind, 'experiment');
    assert.equal(sweep.status, 'completed', sweep.message);
    assert.deepEqual(
      sweep.cells.map((cell) => cell.threads),
      [1, 2],
    );
    assert.ok(sweep.cells.every((cell) => cell.run.status === 'completed' && cell.run.summary.qps > 0));
    assert.deepEqual(await sbtestTables(), ['sbtest1'], 'the sweep neither prepared nor dropped anything');

    // Its runs are named by what varies (threads), "1 thread" in the singular; they can be renamed and deleted.
    assert.deepEqual(await cellLabelsOf(outcome.id), ['1 thread', '2 threads']);
    assert.match(await treeDescriptionOf(outcome.id), /^2 runs · /);
    await vscode.commands.executeCommand('tidbLab.renameBenchmarkResult', { resultId: outcome.id, cellIndex: 1, name: 'two, renamed' });
    assert.deepEqual(await cellLabelsOf(outcome.id), ['1 thread', 'two, renamed']);
    assert.equal(
      await vscode.commands.executeCommand('tidbLab.deleteBenchmarkResult', { resultId: outcome.id, cellIndex: 0, confirm: true }),
      true,
    );
    assert.deepEqual(await cellLabelsOf(outcome.id), ['two, renamed']);
    assert.match(await treeDescriptionOf(outcome.id), /^1 run · /);
    const stored = JSON.parse(await exported('tidbLab.exportBenchmarkJson', outcome.id, 'sweep.json')) as ExperimentResult;
    assert.deepEqual(
      stored.cells.map((cell) => [cell.threads, cell.run.name]),
      [[2, 'two, renamed']],
      'the file keeps the rename and loses the deleted run',
    );
  }, 90_000);

  test('cancelling a run keeps what it measured, saved and marked cancelled', async () => {
    const benchmarks = (await activate()).benchmarks;
    assert.ok(benchmarks, 'the benchmark feature is registered');
    // Cancelled once it has reported an interval with events (however long that takes on a busy machine).
    const measured = new Promise<void>((resolveMeasured) => {
      const subscription = benchmarks.onDidReportInterval(({ interval }) => {
        if (interval.tps <= 0) return;
        subscription.dispose();
        resolveMeasured();
      });
    });
    const running = Promise.resolve(
      vscode.commands.executeCommand<RunCommandResult>('tidbLab.runBenchmark', {
        profileId,
        workload: 'oltp_point_select',
        threads: 2,
        time: 30,
        tableSize: 1000,
        database,
        prepare: 'never',
        open: false,
      }),
    );
    const first = await Promise.race([measured.then(() => 'interval' as const), running.then(() => 'ended' as const)]);
    assert.equal(first, 'interval', 'the run reported an interval before it ended');
    assert.equal(await vscode.commands.executeCommand('tidbLab.cancelBenchmark'), 1, 'one run was going on');
    const outcome = await running;
    assert.ok(outcome, 'a cancelled run still returns its result');
    const run = outcome.result as RunResult;
    assert.equal(run.status, 'cancelled');
    assert.ok(run.intervals.length >= 1, 'the intervals measured before the cancel are kept');
    assert.ok(run.durationSec < 20, `the run stopped early (${run.durationSec} s of 30)`);
    assert.ok(run.summary.events > 0);
    const stored = JSON.parse(await exported('tidbLab.exportBenchmarkJson', outcome.id, 'cancelled.json')) as RunResult;
    assert.equal(stored.status, 'cancelled');
    assert.equal(await vscode.commands.executeCommand('tidbLab.cancelBenchmark'), 0, 'nothing is left running');
  }, 60_000);

  test('an A/B experiment definition runs both variants (session variables set per variant) and keeps its data out of the way', async () => {
    const outcome = await vscode.commands.executeCommand<RunCommandResult>('tidbLab.runExperiment', {
      profileId,
      database,
      confirmDrop: true,
      open: false,
      definition: {
        name: 'suite A/B',
        workloads: ['oltp_point_select'],
        threads: [2],
        tableSizes: [500],
        options: { time: 1, report_interval: 1 },
        variants: [{ name: 'A' }, { name: 'B', sessionVariables: { max_statement_time: 0 } }],
      },
    });
    assert.ok(outcome);
    const experiment = outcome.result as ExperimentResult;
    assert.equal(experiment.status, 'completed', experiment.message);
    assert.deepEqual(experiment.variants, ['A', 'B']);
    assert.deepEqual(
      experiment.cells.map((cell) => [cell.variant, cell.tableSize, cell.run.status]),
      [
        ['A', 500, 'completed'],
        ['B', 500, 'completed'],
      ],
    );
    assert.deepEqual(await sbtestTables(), [], 'the experiment prepared its own table and dropped it at the end');
    const markdown = await exported('tidbLab.exportBenchmarkMarkdown', outcome.id, 'experiment.md');
    assert.match(markdown, /% change of QPS, B over A/);
  }, 90_000);

  test('a TiDB-only preset is refused on MariaDB with the reason', async () => {
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('tidbLab.runExperiment', {
          profileId,
          presetId: 'cached-vs-normal',
          database,
          confirmDrop: true,
          open: false,
        }),
      ),
      /Cached tables are a TiDB feature; this server is MariaDB 10\.11/,
    );
  });

  test('importing a log written by sysbench gives back its own numbers, one result per appended run, without the password of its command line', async () => {
    const outcome = await vscode.commands.executeCommand<ImportOutcome>('tidbLab.importBenchmarkLog', {
      uri: join(fixtures, 'sysbench-1.0.20-appended-runs.log'),
      open: false,
    });
    assert.equal(outcome.ids.length, 4);
    const first = JSON.parse(await exported('tidbLab.exportBenchmarkJson', outcome.ids[0], 'imported.json')) as RunResult;
    assert.equal(first.source.tool, 'sysbench');
    assert.equal(first.workload, 'oltp_point_select');
    assert.equal(first.summary.events, 250570);
    assert.equal(first.summary.tps, 83436.78);
    assert.deepEqual(
      first.intervals.map((interval) => [interval.t, interval.tps]),
      [
        [1, 81111.15],
        [2, 87594.65],
      ],
    );
    for (const id of outcome.ids) {
      const text = await exported('tidbLab.exportBenchmarkJson', id, `imported-${id}.json`);
      assert.ok(!text.includes('tidblab-pw'), 'the --mysql-password of the logged command line was kept');
    }
  });

  test('rename and delete (with the confirmation given) change the store', async () => {
    const outcome = await vscode.commands.executeCommand<ImportOutcome>('tidbLab.importBenchmarkLog', {
      uri: join(fixtures, 'sysbench-1.0.20-percentile-99.log'),
      open: false,
    });
    const [id] = outcome.ids;
    await vscode.commands.executeCommand('tidbLab.renameBenchmarkResult', { resultId: id, name: 'renamed by the suite' });
    const renamed = JSON.parse(await exported('tidbLab.exportBenchmarkJson', id, 'renamed.json')) as RunResult;
    assert.equal(renamed.name, 'renamed by the suite');
    assert.equal(await vscode.commands.executeCommand('tidbLab.deleteBenchmarkResult', { resultId: id, confirm: true }), true);
    assert.equal(
      await vscode.commands.executeCommand('tidbLab.exportBenchmarkJson', { resultId: id, target: join(scratch, 'deleted.json') }),
      undefined,
      'a deleted result cannot be exported',
    );
  });

  test('with tidbLab.benchmarks.storeInWorkspace on, results are JSON files under .tidb-lab/results in the workspace', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs with a workspace folder');
    const results = vscode.Uri.joinPath(folder.uri, '.tidb-lab', 'results');
    const setting = 'tidbLab.benchmarks.storeInWorkspace';
    await vscode.workspace.getConfiguration().update(setting, true, vscode.ConfigurationTarget.Workspace);
    try {
      const outcome = await vscode.commands.executeCommand<ImportOutcome>('tidbLab.importBenchmarkLog', {
        uri: join(fixtures, 'sysbench-1.0.20-percentile-99.log'),
        open: false,
      });
      const [id] = outcome.ids;
      const files = (await vscode.workspace.fs.readDirectory(results)).map(([name]) => name).filter((name) => name.endsWith('.json'));
      const stored = await Promise.all(
        files.map(
          async (name) =>
            JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(results, name))).toString('utf8')) as RunResult,
        ),
      );
      assert.deepEqual(
        stored.map((result) => result.id),
        [id],
        `the workspace holds ${files.join(', ')}`,
      );
      assert.equal(stored[0].summary.events, 127989, "the file is the result model with sysbench's own numbers");
      assert.equal(stored[0].options.percentile, 99);
      await vscode.workspace.getConfiguration().update(setting, undefined, vscode.ConfigurationTarget.Workspace);
      assert.equal(
        await vscode.commands.executeCommand('tidbLab.exportBenchmarkJson', { resultId: id, target: join(scratch, 'elsewhere.json') }),
        undefined,
        'with the setting off, the workspace results are not listed',
      );
    } finally {
      await vscode.workspace.getConfiguration().update(setting, undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.workspace.fs
        .delete(vscode.Uri.joinPath(folder.uri, '.tidb-lab'), { recursive: true, useTrash: false })
        .then(undefined, () => undefined);
    }
  });

  test('cleanup drops exactly the sbtest tables there are, and nothing else', async () => {
    await vscode.commands.executeCommand('tidbLab.prepareBenchmarkData', {
      profileId,
      workload: 'oltp_read_only',
      tables: 2,
      tableSize: 100,
      database,
    });
    await sql(`CREATE TABLE ${database}.keep_me (id INT PRIMARY KEY)`);
    assert.deepEqual(await sbtestTables(), ['keep_me', 'sbtest1', 'sbtest2']);
    const dropped = await vscode.commands.executeCommand<string[]>('tidbLab.cleanupBenchmarkData', { profileId, database, confirm: true });
    assert.deepEqual(dropped, ['sbtest1', 'sbtest2']);
    assert.deepEqual(await sbtestTables(), ['keep_me']);
  }, 60_000);

  test('tear-down', async () => {
    await sql(`DROP DATABASE IF EXISTS ${database}`);
    if (profileId) await vscode.commands.executeCommand('tidbLab.removeConnection', profileId, { confirm: false });
    rmSync(scratch, { recursive: true, force: true });
  });
});
