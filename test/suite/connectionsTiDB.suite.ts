// The Connections tree on TiDB, against the TiDB STAND-IN (test/standin: a MySQL-protocol server
// relaying to the local MariaDB and answering the TiDB-only tables): server name, cluster
// components, cached tables and TiFlash replicas, and TiDB Cloud Starter's refused cluster_info.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TidbLabApi } from '../../src/extension/api';
import type { ExplorerNode } from '../../src/extension/explorer/explorerNode';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';
import { testDatabase } from '../support/testDatabase';
import { suite, test } from './harness';

const db = testDatabase();
const schema = 'tidblab_suite_tidb';

async function api(): Promise<TidbLabApi> {
  const extension = vscode.extensions.getExtension<TidbLabApi>('tidb-lab.tidb-lab');
  assert.ok(extension, 'TiDB Lab is not loaded');
  return extension.activate();
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function items(tidbLab: TidbLabApi, node?: ExplorerNode): Promise<Array<{ node: ExplorerNode; item: vscode.TreeItem }>> {
  return ((await tidbLab.explorer.getChildren(node)) ?? []).map((child) => ({
    node: child,
    item: tidbLab.explorer.getTreeItem(child) as vscode.TreeItem,
  }));
}

async function named(
  tidbLab: TidbLabApi,
  parent: ExplorerNode | undefined,
  name: string | RegExp,
): Promise<{ node: ExplorerNode; item: vscode.TreeItem }> {
  const all = await items(tidbLab, parent);
  const found = all.find((entry) => (typeof name === 'string' ? label(entry.item) === name : name.test(label(entry.item))));
  assert.ok(found, `no tree item ${String(name)} among ${all.map((entry) => label(entry.item)).join(', ')}`);
  return found;
}

async function connectTo(name: string, port: number): Promise<string> {
  const id = await vscode.commands.executeCommand<string>('tidbLab.addConnection', {
    profile: { name, host: db.host, port, user: db.user },
    password: db.password,
  });
  assert.equal(await vscode.commands.executeCommand('tidbLab.connect', id), true);
  return id;
}

suite('connections on TiDB (stand-in)', () => {
  test('server, cluster components, cached tables and TiFlash replicas show in the tree', async () => {
    const tidbLab = await api();
    const standIn: TiDBStandIn = await startTestStandIn({ tiflashNodes: 2, replicaProgressPerSecond: 0.05 });
    let id: string | undefined;
    try {
      id = await connectTo('Suite TiDB', standIn.port);
      const session = tidbLab.connections.sessionFor(id);
      assert.equal(session?.identity.flavor, 'tidb');
      await session.run(`DROP DATABASE IF EXISTS ${schema}`);
      await session.run(`CREATE DATABASE ${schema}`);
      await session.run(`CREATE TABLE ${schema}.config (k VARCHAR(32) PRIMARY KEY, v VARCHAR(64))`);
      await session.run(`CREATE TABLE ${schema}.events (id BIGINT PRIMARY KEY, payload TEXT)`);
      await session.run(`CREATE TABLE ${schema}.plain (id INT PRIMARY KEY)`);
      await session.run(`ALTER TABLE ${schema}.config CACHE`);
      await session.run(`ALTER TABLE ${schema}.events SET TIFLASH REPLICA 2`);

      const connection = tidbLab.explorer.connectionNode(id);
      const [server, cluster] = await items(tidbLab, connection);
      assert.equal(label(server.item), 'TiDB v8.5.1');
      assert.equal(server.item.contextValue, 'server.tidb');
      assert.equal(label(cluster.item), 'Cluster');
      assert.equal(cluster.item.contextValue, 'cluster.available');
      const components = (await items(tidbLab, cluster.node)).map((entry) => label(entry.item));
      assert.ok(components.length >= 4, components.join(', '));
      assert.match(components[0], /^TiDB /, 'TiDB first');
      assert.equal(components.filter((name) => name.startsWith('TiFlash ')).length, 2, components.join(', '));
      const tiflashNode = (await items(tidbLab, cluster.node)).find((entry) => label(entry.item).startsWith('TiFlash '));
      assert.match(String(tiflashNode?.item.description), /^v?\d+\.\d+\.\d+/);

      const database = await named(tidbLab, connection, schema);
      assert.equal(database.item.contextValue, 'database.tidb');
      const config = await named(tidbLab, database.node, 'config');
      assert.equal(config.item.contextValue, 'table.tidb.cached');
      assert.match(String(config.item.description), /^cached · /);
      const events = await named(tidbLab, database.node, 'events');
      assert.equal(events.item.contextValue, 'table.tidb.notCached');
      assert.match(String(events.item.description), /^TiFlash 2 \(\d+%\) · /, 'replicating: count and progress');
      assert.equal((events.item.iconPath as vscode.ThemeIcon).id, 'sync');
      const plain = await named(tidbLab, database.node, 'plain');
      assert.equal(plain.item.contextValue, 'table.tidb.notCached');
      assert.doesNotMatch(String(plain.item.description), /cached|TiFlash/);
      await session.run(`DROP DATABASE ${schema}`);
    } finally {
      if (id) await vscode.commands.executeCommand('tidbLab.removeConnection', id, { confirm: false });
      await standIn.close();
    }
  }, 60_000);

  test('where cluster_info is refused (TiDB Cloud Starter) the cluster is "unavailable", not an error', async () => {
    const tidbLab = await api();
    const standIn = await startTestStandIn({ serverless: true });
    let id: string | undefined;
    try {
      id = await connectTo('Suite TiDB refusing cluster_info', standIn.port);
      const cluster = await named(tidbLab, tidbLab.explorer.connectionNode(id), 'Cluster');
      const [message] = await items(tidbLab, cluster.node);
      assert.equal(label(message.item), 'unavailable on TiDB Cloud Starter');
      assert.equal(message.item.contextValue, 'message.info');
    } finally {
      if (id) await vscode.commands.executeCommand('tidbLab.removeConnection', id, { confirm: false });
      await standIn.close();
    }
  });

  test('a TiDB Cloud Starter server says so without asking for cluster_info', async () => {
    const tidbLab = await api();
    const standIn = await startTestStandIn({ serverless: true, versionString: '8.0.11-TiDB-v8.5.3-serverless' });
    let id: string | undefined;
    try {
      id = await connectTo('Suite TiDB Starter', standIn.port);
      const [server, cluster] = await items(tidbLab, tidbLab.explorer.connectionNode(id));
      assert.equal(label(server.item), 'TiDB v8.5.3 (serverless)');
      assert.equal(server.item.description, 'TiDB Cloud Starter');
      assert.equal(cluster.item.description, 'unavailable on TiDB Cloud Starter');
      assert.equal(cluster.item.collapsibleState, vscode.TreeItemCollapsibleState.None);
      assert.ok(!standIn.state.receivedStatements.some((sql) => /cluster_info/i.test(sql)));
    } finally {
      if (id) await vscode.commands.executeCommand('tidbLab.removeConnection', id, { confirm: false });
      await standIn.close();
    }
  });
});
