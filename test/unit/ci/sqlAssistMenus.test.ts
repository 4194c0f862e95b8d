// The explorer's "Select Top 1000 Rows" and "New Query", and Query History's actions, are in the
// context menus of the right items (their `when` clauses against the tree's contextValues).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
const root = join(__dirname, '..', '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { menus: Record<string, MenuEntry[]>; views: Record<string, Array<{ id: string }>> };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** Whether the menu entry of `command` in `view` shows for an item with `contextValue`. */
function shows(command: string, view: string, contextValue: string): boolean {
  return pkg.contributes.menus['view/item/context'].some((entry) => {
    if (entry.command !== command || !entry.when?.includes(`view == ${view}`)) return false;
    const pattern = /viewItem =~ \/(.+)\/$/.exec(entry.when)?.[1];
    return pattern !== undefined && new RegExp(pattern.replace(/\\\\/g, '\\')).test(contextValue);
  });
}

test('Select Top 1000 Rows on tables and views only', () => {
  for (const value of [
    'table.tidb.cached',
    'table.tidb.notCached',
    'table.tidb.cacheUnsupported',
    'table.mysql',
    'view.tidb',
    'view.mysql',
  ]) {
    assert.ok(shows('tidbLab.selectTop1000Rows', 'tidbLab.connections', value), value);
  }
  for (const value of ['database.tidb', 'connection.connected.personal', 'columns', 'column', 'index']) {
    assert.ok(!shows('tidbLab.selectTop1000Rows', 'tidbLab.connections', value), value);
  }
});

test('New Query on a connected connection, a database, a table and a view', () => {
  for (const value of [
    'connection.connected.personal',
    'connection.connected.settings',
    'database.tidb',
    'database.mysql',
    'table.mysql',
    'view.tidb',
  ]) {
    assert.ok(shows('tidbLab.newQuery', 'tidbLab.connections', value), value);
  }
  for (const value of ['connection.disconnected.personal', 'connection.invalid', 'columns', 'server.tidb']) {
    assert.ok(!shows('tidbLab.newQuery', 'tidbLab.connections', value), value);
  }
});

test('Query History is a view of TiDB Lab with Run Again and Open in Editor on its items', () => {
  assert.ok(pkg.contributes.views.tidbLab.some((view) => view.id === 'tidbLab.queryHistory'));
  assert.equal(nls['view.queryHistory.name'], 'Query History');
  assert.ok(shows('tidbLab.queryHistory.runAgain', 'tidbLab.queryHistory', 'queryHistory.ok'));
  assert.ok(shows('tidbLab.queryHistory.openInEditor', 'tidbLab.queryHistory', 'queryHistory.failed'));
  assert.equal(nls['command.selectTop1000Rows.title'], 'Select Top 1000 Rows');
  assert.equal(nls['command.newQuery.title'], 'New Query');
});
