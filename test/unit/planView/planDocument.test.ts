import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePlanText, planNodes } from '../../../src/core/plan';
import { heaviestOperators } from '../../../src/extension/plans/heaviestOperators';
import { buildDocument, buildPlan } from '../../../src/extension/plans/planDocument';
import { exportText } from '../../../src/extension/plans/planExports';
import { resultTableText } from '../../../src/extension/plans/resultTableText';
import { isPlanViewSource, packPlan, unpackPlan, type PlanSource } from '../../../src/protocol/planView';
import { readRealPlan, realPlanNames } from '../plan/planFixtures';
import { builtFixture, textSource } from './planViewFixtures';

const reason = (server: string) => `${server} is not TiDB`;

function planSource(name: string): PlanSource {
  return { origin: { title: name }, input: { kind: 'text', text: readRealPlan(name) } };
}

describe('plan documents for the plan view', () => {
  it('packs every real plan fixture for the webview and unpacks it unchanged', () => {
    for (const name of realPlanNames()) {
      const view = builtFixture(name).view;
      assert.deepEqual(unpackPlan(JSON.parse(JSON.stringify(packPlan(view)))), view, name);
    }
  });

  it('reads EXPLAIN rows, draws them as the mysql client does, and that text reads back to the same tree', () => {
    const text = readRealPlan('index-join-tablereader-probe.txt');
    const parsed = parsePlanText(text);
    const columns = ['id', 'estRows', 'actRows', 'task', 'access object', 'execution info', 'operator info', 'memory', 'disk'];
    const rows = planNodes(parsed.roots).map((node) => [
      `${'  '.repeat(node.depth)}${node.depth > 0 ? '└─' : ''}${node.id}${node.role ? `(${node.role})` : ''}`,
      String(node.estRows),
      String(node.actRows),
      node.task ?? '',
      node.accessObject ?? '',
      node.executionInfoText ?? '',
      node.operatorInfo ?? '',
      'N/A',
      'N/A',
    ]);
    const fromRows = buildPlan({ origin: { title: 'rows' }, input: { kind: 'rows', columns, rows } });
    assert.equal(fromRows.view.nodes.length, 6);
    const table = resultTableText(columns, rows);
    assert.match(table, /^\+-+\+/);
    const reread = parsePlanText(table);
    assert.deepEqual(
      planNodes(reread.roots).map((node) => [node.id, node.depth, node.actRows]),
      planNodes(fromRows.parsed.roots).map((node) => [node.id, node.depth, node.actRows]),
    );
  });

  it('shows MySQL and MariaDB plans as they came, with the reason and MySQL tree text as text', () => {
    const table = buildDocument(
      { kind: 'foreign', origin: { title: 'x' }, serverName: 'MariaDB 10.11.6', columns: ['id', 'table'], rows: [['1', 't']] },
      reason,
    );
    assert.equal(table.content.kind === 'foreign' && table.content.reason, 'MariaDB 10.11.6 is not TiDB');
    assert.equal(table.content.kind === 'foreign' && table.content.text, null);
    const tree = buildDocument(
      {
        kind: 'foreign',
        origin: { title: 'x' },
        serverName: 'MySQL 8.0.36',
        columns: ['EXPLAIN'],
        rows: [['-> Filter: (t.a = 1)\n    -> Table scan on t']],
      },
      reason,
    );
    assert.match(tree.content.kind === 'foreign' ? (tree.content.text ?? '') : '', /Table scan on t/);
  });

  it('exports JSON with the origin, the text report, and the raw plan', () => {
    const document = buildDocument(textSource('hash-join-tikv-spill-disk-column.txt'), reason);
    const json = JSON.parse(exportText(document, 'json')) as { origin: { title: string }; roots: { id: string }[]; findings: unknown[] };
    assert.equal(json.origin.title, 'hash-join-tikv-spill-disk-column.txt');
    assert.equal(json.roots[0].id, 'HashJoin_20');
    assert.equal(json.findings.length, 2);
    assert.match(exportText(document, 'report'), /Findings:\n {2}\[warning\] HashJoin_20/);
    // No internal words: the plan came from the server's rows, not from "mysql2-rows".
    const fromRows = buildDocument(
      {
        kind: 'plan',
        plan: {
          origin: { title: 'rows' },
          input: {
            kind: 'rows',
            columns: ['id', 'estRows', 'task', 'access object', 'operator info'],
            rows: [
              ['TableReader_5', '10.00', 'root', '', 'data:TableFullScan_4'],
              ['└─TableFullScan_4', '10.00', 'cop[tikv]', 'table:t', 'keep order:false'],
            ],
          },
        },
      },
      reason,
    );
    for (const format of ['json', 'report', 'raw'] as const) assert.doesNotMatch(exportText(fromRows, format), /mysql2/);
    assert.match(exportText(fromRows, 'report'), /^rows\n\nEXPLAIN plan \(rows returned by the server, 2 operators\)/);
    assert.equal(exportText(document, 'raw'), readRealPlan('hash-join-tikv-spill-disk-column.txt'));
    const comparison = buildDocument(
      {
        kind: 'compare',
        before: planSource('streamagg-tablereader-fullscan-pseudo.txt'),
        after: planSource('cop-tiflash-hashagg-tiflash-scan.txt'),
      },
      reason,
    );
    assert.match(exportText(comparison, 'report'), /^Statement time: 1\.03 s -> 60\.8 ms/);
  });

  it('names the heaviest operators: own time in TiDB, task time in TiKV, or row estimates without runtime stats', () => {
    const heavy = heaviestOperators(builtFixture('index-join-tablereader-probe.txt').view, 3);
    assert.deepEqual(
      heavy.map((entry) => [entry.node.id, entry.measure]),
      [
        ['TableReader_20', 'self-time'],
        ['TableFullScan_19', 'task-time'],
        ['TableReader_10', 'self-time'],
      ],
    );
    assert.deepEqual(
      heaviestOperators(builtFixture('explain-merge-join.txt').view, 1).map((entry) => entry.measure),
      ['est-rows'],
    );
  });

  it('accepts only well-formed stored sources', () => {
    assert.ok(isPlanViewSource(textSource('point-get.txt')));
    assert.ok(!isPlanViewSource({ kind: 'plan', plan: { origin: { title: 1 }, input: { kind: 'text', text: '' } } }));
    assert.ok(!isPlanViewSource({ kind: 'foreign', origin: { title: 'x' }, serverName: 'x', columns: ['a'], rows: [[1]] }));
    assert.ok(!isPlanViewSource(null));
  });
});
