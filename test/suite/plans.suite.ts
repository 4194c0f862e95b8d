// The plan commands through the real VS Code API: a fixture plan visualized from a document
// selection, text with no plan, two plans compared; EXPLAIN / ANALYZE on MariaDB (its own table,
// no TiDB analysis) and a server error; EXPLAIN ANALYZE on the TiDB stand-in with its CodeLenses,
// hover and diagnostics, which go away when the statement changes.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AddConnectionRequest, TidbLabApi } from '../../src/extension/api';
import type { PlanCommandResult } from '../../src/extension/plans/planCommandResult';
import { startTestStandIn } from '../standin/testStandIn';
import { realPlanDir } from '../support/fixtureFolders';
import { testDatabase } from '../support/testDatabase';
import { suite, test } from './harness';
import { until } from '../support/until';

const db = testDatabase();
const schema = 'tidblab_suite_plans';

async function api(): Promise<TidbLabApi> {
  const extension = vscode.extensions.getExtension<TidbLabApi>('tidb-lab.tidb-lab');
  assert.ok(extension, 'TiDB Lab is not loaded');
  return extension.activate();
}

async function connect(request: AddConnectionRequest): Promise<string> {
  const tidbLab = await api();
  const id = await vscode.commands.executeCommand<string>('tidbLab.addConnection', request);
  assert.equal(typeof id, 'string');
  const session = await tidbLab.connections.connect(id, { quiet: true });
  assert.ok(session, `could not connect to ${request.profile.name}`);
  return id;
}

let sqlFiles = 0;

/**
 * A SQL file on disk (not an untitled document, whose name other suites may have taken), in the
 * suite's workspace folder, which goes with the run.
 */
async function sqlEditor(text: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite runs with a workspace folder');
  const file = join(folder.uri.fsPath, `plans-suite-${++sqlFiles}.sql`);
  writeFileSync(file, text);
  return shownEditor(await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
}

/**
 * Shows the document and waits until the extension host sees its editor as the active one: in
 * code-server, activeTextEditor can still name the previous test's editor when showTextDocument
 * resolves, and the commands act on the active editor.
 */
async function shownEditor(document: vscode.TextDocument): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(document);
  // the document itself, not its URI: a new untitled document can take the name (Untitled-1) of
  // the previous test's, whose editor is then still the active one with the old text
  await until(
    () => {
      const active = vscode.window.activeTextEditor?.document;
      return active === document ? 'the new document' : `${active?.uri.toString()} (another document)`;
    },
    (active) => active === 'the new document',
    'the editor just opened to be the active one',
  );
  return editor;
}

function placeCursor(editor: vscode.TextEditor, needle: string): vscode.Position {
  const position = editor.document.positionAt(editor.document.getText().indexOf(needle));
  editor.selection = new vscode.Selection(position, position);
  return position;
}

async function closeEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

suite('plans', () => {
  test('visualizes a fixture plan from a document selection', async () => {
    const text = readFileSync(join(realPlanDir, 'hash-join-tikv-spill-disk-column.txt'), 'utf8');
    const document = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: `notes before the plan\n${text}\nnotes after`,
    });
    const editor = await shownEditor(document);
    const start = document.positionAt(document.getText().indexOf('+---'));
    const end = document.positionAt(document.getText().lastIndexOf('+') + 1);
    editor.selection = new vscode.Selection(start, end);
    const result = await vscode.commands.executeCommand<PlanCommandResult>('tidbLab.visualizePlanFromSelection');
    assert.equal(result.kind, 'plan');
    assert.equal(result.operators, 6);
    assert.match(result.summary, /^314 ms · 0 rows · TiKV · 2 warnings$/);
    assert.ok(result.findings.includes('disk-spill') || result.findings.includes('mvcc-garbage'), result.findings.join(', '));
    await closeEditors();
  });

  test('says there is no plan in text that holds none, and keeps what it could read of a broken one', async () => {
    // The editor's context menu passes its document: that one is read, not the active editor
    // (here a whole plan, kept active while the plan-less text is shown beside it).
    const plan = readFileSync(join(realPlanDir, 'hash-join-tikv-spill-disk-column.txt'), 'utf8');
    await shownEditor(await vscode.workspace.openTextDocument({ language: 'plaintext', content: plan }));
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'SELECT 1; -- no plan here, just SQL' });
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    await until(
      () => vscode.window.visibleTextEditors.some((editor) => editor.document === document),
      (visible) => visible,
      'the plan-less text to be visible beside the plan',
    );
    const none = await vscode.commands.executeCommand<PlanCommandResult>('tidbLab.visualizePlanFromSelection', document.uri);
    assert.equal(none.operators, 0);
    assert.ok(none.warnings.length > 0, 'the reason comes from the parser');

    const text = readFileSync(join(realPlanDir, 'psql-truncated-tikv-hashagg-ru.txt'), 'utf8');
    const truncated = await vscode.workspace.openTextDocument({ language: 'plaintext', content: text });
    await shownEditor(truncated);
    const partial = await vscode.commands.executeCommand<PlanCommandResult>('tidbLab.visualizePlanFromSelection', truncated.uri);
    assert.ok(partial.operators > 0);
    assert.ok(
      partial.warnings.some((warning) => /cut off/.test(warning)),
      partial.warnings.join(' | '),
    );
    await closeEditors();
  });

  test('compares two plans given as text', async () => {
    const before = readFileSync(join(realPlanDir, 'streamagg-tablereader-fullscan-pseudo.txt'), 'utf8');
    const after = readFileSync(join(realPlanDir, 'cop-tiflash-hashagg-tiflash-scan.txt'), 'utf8');
    const result = await vscode.commands.executeCommand<PlanCommandResult>('tidbLab.comparePlans', {
      beforeText: before,
      afterText: after,
    });
    assert.equal(result.kind, 'compare');
    assert.match(result.summary, /^1\.03 s .* → 60\.8 ms .*TiFlash/);
    await closeEditors();
  });

  test('with one connection only, Explain uses it without asking, and the comment above is not part of the statement', async () => {
    const tidbLab = await api();
    assert.deepEqual(
      tidbLab.store.all().map((connection) => connection.profile.name),
      [],
      'the earlier suites removed their connections',
    );
    const id = await vscode.commands.executeCommand<string>('tidbLab.addConnection', {
      profile: { name: 'suite plans only one', host: db.host, port: db.port, user: db.user, tls: 'off' },
      password: db.password,
    });
    try {
      assert.equal(tidbLab.connections.sessionFor(id), undefined, 'saved, not connected');
      // The last statement has no final semicolon: it gets its lenses too.
      const editor = await sqlEditor(
        "SELECT 1;\n-- the tables of mysql\nSELECT table_name FROM information_schema.tables WHERE table_schema = 'mysql'",
      );
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
      assert.deepEqual(
        lenses.map((lens) => `${lens.range.start.line}:${lens.command?.title}`),
        ['0:Run', '0:Explain', '0:Explain Analyze', '2:Run', '2:Explain', '2:Explain Analyze'],
      );
      const explain = lenses.find((lens) => lens.range.start.line === 2 && lens.command?.title === 'Explain')?.command;
      assert.ok(explain);
      const running = Promise.resolve(vscode.commands.executeCommand<PlanCommandResult>(explain.command, ...(explain.arguments ?? [])));
      const outcome = await Promise.race([running, new Promise<'asked'>((resolve) => setTimeout(() => resolve('asked'), 15_000))]);
      if (outcome === 'asked') await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.notEqual(outcome, 'asked', 'Explain asked which connection although there is only one');
      const result = outcome as PlanCommandResult;
      assert.equal(result.kind, 'foreign');
      assert.equal(tidbLab.connections.activeProfileId(), id, 'the only connection is connected and active');
      assert.equal(
        result.statement,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'mysql'",
        'the comment above is not part of the statement',
      );
      await closeEditors();
    } finally {
      await tidbLab.connections.disconnect(id);
      await vscode.commands.executeCommand('tidbLab.removeConnection', id, { confirm: false });
    }
  }, 60_000);

  test('shows MariaDB its own EXPLAIN and ANALYZE output, and server errors as errors', async () => {
    await connect({
      profile: { name: 'suite plans MariaDB', host: db.host, port: db.port, user: db.user, tls: 'off', passwordMode: 'secretStorage' },
      password: db.password,
    });
    const editor = await sqlEditor(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'mysql';\nSELECT * FROM tidblab_no_such_schema.no_such_table;\n",
    );
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
    assert.deepEqual(
      lenses.map((lens) => lens.command?.title),
      ['Run', 'Explain', 'Explain Analyze', 'Run', 'Explain', 'Explain Analyze'],
    );

    placeCursor(editor, 'table_name');
    const explained = await vscode.commands.executeCommand<PlanCommandResult>('tidbLab.explainStatement');
    assert.equal(explained.kind, 'foreign');
    assert.match(explained.summary, /MariaDB 10\.\d+\.\d+ is not TiDB/);
    const analyzed = await vscode.commands.executeCommand<PlanCommandResult>('tidbLab.explainAnalyzeStatement');
    assert.equal(analyzed.kind, 'foreign', 'ANALYZE <statement> on MariaDB');

    placeCursor(editor, 'no_such_table');
    const failed = await vscode.commands.executeCommand<PlanCommandResult | undefined>('tidbLab.explainStatement');
    assert.equal(failed, undefined, 'an unknown table is reported as an error, not as a plan');
    await closeEditors();
    const tidbLab = await api();
    for (const id of tidbLab.connections.connectedProfileIds()) await tidbLab.connections.disconnect(id);
  });

  test('explains on TiDB (the stand-in): gist, hover and diagnostics that go when the statement changes', async () => {
    const admin = await import('mysql2/promise');
    const connection = await admin.createConnection({
      host: db.host,
      port: db.port,
      user: db.user,
      password: db.password,
      multipleStatements: true,
    });
    await connection.query(
      `DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema}; CREATE TABLE ${schema}.trips (id INT PRIMARY KEY, duration INT);`,
    );
    const standIn = await startTestStandIn({
      planFixtures: { directory: realPlanDir, rules: [{ match: 'trips', file: 'streamagg-tablereader-fullscan-pseudo.txt' }] },
    });
    try {
      await connect({
        profile: {
          name: 'suite plans stand-in',
          host: '127.0.0.1',
          port: standIn.port,
          user: db.user,
          tls: 'off',
          passwordMode: 'secretStorage',
        },
        password: db.password,
      });
      const editor = await sqlEditor(`-- trips\nSELECT COUNT(*) FROM ${schema}.trips WHERE duration > 10;\n`);
      const cursor = placeCursor(editor, 'COUNT');
      // As a click on the statement's "Explain Analyze" CodeLens does.
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
      const lens = lenses.find((candidate) => candidate.command?.title === 'Explain Analyze');
      assert.ok(lens?.command);
      assert.equal(lens.range.start.line, 1, `the lens sits above the SQL, below the leading comment, in:\n${editor.document.getText()}`);
      const result = await vscode.commands.executeCommand<PlanCommandResult>(lens.command.command, ...(lens.command.arguments ?? []));
      assert.equal(result.kind, 'plan');
      assert.equal(result.summary, '1.03 s · 1 row · TiKV · 1 critical, 3 warnings');

      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, cursor);
      const hoverText = hovers
        .flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)))
        .join('\n')
        .replace(/&nbsp;/g, ' ');
      assert.match(hoverText, /1\.03 s · 1 row · TiKV · 1 critical, 3 warnings/);
      assert.match(hoverText, /Where the time went:[\s\S]*TableReader\\_21 \| TiDB \| 1\.03 s/);
      assert.match(hoverText, /TableFullScan\\_18 was estimated at 10,000 rows/);

      const diagnostics = await until(
        () => vscode.languages.getDiagnostics(editor.document.uri),
        (list) => list.length > 0,
        'diagnostics',
      );
      assert.ok(diagnostics.every((diagnostic) => diagnostic.source === 'TiDB Lab plan'));
      // The critical finding (a 1,912x misestimate the plan was built on) is an error, the others warnings.
      assert.deepEqual(
        diagnostics.filter((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Error).map((diagnostic) => diagnostic.code),
        ['misestimate'],
      );
      assert.equal(diagnostics.filter((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Warning).length, 3);
      // Over the table name VS Code shows those Problems in the hover itself: the plan's hover does not repeat them.
      const onTable = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        editor.document.positionAt(editor.document.getText().indexOf('trips WHERE') + 1),
      );
      const onTableText = onTable
        .flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)))
        .join('\n');
      assert.match(onTableText, /Where the time went/);
      assert.doesNotMatch(
        onTableText,
        /TableFullScan\\?_18 was estimated at 10,000 rows/,
        'the misestimate is in the Problems part of the hover already',
      );
      assert.ok(
        diagnostics.some((diagnostic) => editor.document.getText(diagnostic.range) === 'trips' && diagnostic.range.start.line === 1),
        'a finding about table trips points at its name in the statement, not the comment',
      );

      await editor.edit((edit) => edit.insert(editor.document.positionAt(editor.document.getText().indexOf('> 10') + 4), '0'));
      await until(
        () => vscode.languages.getDiagnostics(editor.document.uri),
        (list) => list.length === 0,
        'diagnostics after the edit',
      );
      const afterEdit = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, cursor);
      assert.ok(
        !afterEdit.some((hover) =>
          hover.contents.some((content) => /TiDB Lab plan/.test(typeof content === 'string' ? content : content.value)),
        ),
        'the hover went with the change',
      );
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await closeEditors();
    } finally {
      const tidbLab = await api();
      for (const id of tidbLab.connections.connectedProfileIds()) await tidbLab.connections.disconnect(id);
      await standIn.close();
      await connection.query(`DROP DATABASE IF EXISTS ${schema}`);
      await connection.end();
    }
  }, 60_000);
});
