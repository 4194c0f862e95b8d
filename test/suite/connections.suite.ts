// The connection commands and the Connections tree through the real VS Code API, against the
// local MariaDB: add (automation argument), connect, read the tree as VS Code does, fail with a
// clear problem, shared connections from settings, and passwords only in SecretStorage.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ConnectionStore, PROFILES_STATE_KEY, passwordSecretKey } from '../../src/extension/connections/connectionStore';
import type { AddConnectionRequest, TidbLabApi } from '../../src/extension/api';
import type { ExplorerNode } from '../../src/extension/explorer/explorerNode';
import { testDatabase } from '../support/testDatabase';
import { suite, test } from './harness';

const db = testDatabase();
const schema = 'tidblab_suite_explorer';
const added: string[] = [];

async function api(): Promise<TidbLabApi> {
  const extension = vscode.extensions.getExtension<TidbLabApi>('tidb-lab.tidb-lab');
  assert.ok(extension, 'TiDB Lab is not loaded');
  return extension.activate();
}

async function addConnection(request: AddConnectionRequest): Promise<string> {
  const id = await vscode.commands.executeCommand<string>('tidbLab.addConnection', request);
  assert.equal(typeof id, 'string', 'tidbLab.addConnection returns the new id');
  added.push(id);
  return id;
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function children(tidbLab: TidbLabApi, node?: ExplorerNode): Promise<Array<{ node: ExplorerNode; item: vscode.TreeItem }>> {
  const nodes = (await tidbLab.explorer.getChildren(node)) ?? [];
  return nodes.map((child) => ({ node: child, item: tidbLab.explorer.getTreeItem(child) as vscode.TreeItem }));
}

async function child(
  tidbLab: TidbLabApi,
  parent: ExplorerNode | undefined,
  name: string,
): Promise<{ node: ExplorerNode; item: vscode.TreeItem }> {
  const found = (await children(tidbLab, parent)).find((entry) => label(entry.item) === name);
  assert.ok(found, `no tree item '${name}' among ${(await children(tidbLab, parent)).map((entry) => label(entry.item)).join(', ')}`);
  return found;
}

class MemoryMemento implements vscode.Memento {
  readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, defaultValue?: T): T | undefined {
    return (this.values.has(key) ? this.values.get(key) : defaultValue) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

class MemorySecrets implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  private readonly emitter = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.emitter.event;
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
  async keys(): Promise<string[]> {
    return [...this.values.keys()];
  }
}

suite('connections', () => {
  test('a profile goes to global state and its password only to secret storage', async () => {
    const memento = new MemoryMemento();
    const secrets = new MemorySecrets();
    const store = new ConnectionStore(memento, secrets);
    try {
      const profile = {
        id: 'p1',
        name: 'demo',
        host: db.host,
        port: db.port,
        user: db.user,
        tls: 'off' as const,
        passwordMode: 'secretStorage' as const,
      };
      await store.save({ ...profile, password: 'sneaky' } as typeof profile, { kind: 'set', password: db.password });
      assert.doesNotMatch(JSON.stringify(memento.get(PROFILES_STATE_KEY)), new RegExp(`${db.password}|sneaky|password"`));
      assert.equal(secrets.values.get(passwordSecretKey('p1')), db.password);
      await store.save({ ...profile, passwordMode: 'ask' }, { kind: 'keep' });
      assert.equal(secrets.values.has(passwordSecretKey('p1')), false, 'a password that is no longer used is deleted');
      await store.remove('p1');
      assert.deepEqual(memento.get(PROFILES_STATE_KEY), []);
    } finally {
      store.dispose();
    }
  });

  test('Add Connection takes a profile for automation and refuses a bad one with the reason', async () => {
    const tidbLab = await api();
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('tidbLab.addConnection', { profile: { name: 'bad', host: 'h', user: 'u', port: 70000 } }),
      ),
      /port must be a whole number/,
    );
    const id = await addConnection({
      profile: { name: 'Suite MariaDB', host: db.host, port: db.port, user: db.user },
      password: db.password,
    });
    const stored = tidbLab.store.get(id);
    assert.equal(stored?.profile.tls, 'off');
    assert.equal(stored?.profile.passwordMode, 'secretStorage');
    assert.equal(await tidbLab.store.getPassword(id), db.password);
    const settings = JSON.stringify(vscode.workspace.getConfiguration('tidbLab'));
    assert.doesNotMatch(settings, new RegExp(db.password), 'no password in settings');
  });

  test('connects, becomes the active connection, and shows the server and databases in the tree', async () => {
    const tidbLab = await api();
    const id = added[0];
    const activeChanges: Array<string | undefined> = [];
    const listener = tidbLab.connections.onDidChangeActive((session) => activeChanges.push(session?.profile.id));
    try {
      assert.equal(await vscode.commands.executeCommand('tidbLab.connect', id), true);
    } finally {
      listener.dispose();
    }
    const session = tidbLab.connections.activeSession();
    assert.equal(session?.profile.id, id);
    assert.equal(session?.identity.flavor, 'mariadb');
    assert.deepEqual(activeChanges, [id]);

    await session.run(`DROP DATABASE IF EXISTS ${schema}`);
    await session.run(`CREATE DATABASE ${schema}`);
    await session.run(`CREATE TABLE ${schema}.\`odd name\` (id INT PRIMARY KEY, note VARCHAR(20) NULL, KEY k_note (note))`);
    await session.run(`INSERT INTO ${schema}.\`odd name\` VALUES (1, 'a'), (2, 'b'), (3, NULL)`);
    await session.run(`ANALYZE TABLE ${schema}.\`odd name\``);

    const connection = tidbLab.explorer.connectionNode(id);
    assert.ok(connection);
    const connectionItem = tidbLab.explorer.getTreeItem(connection) as vscode.TreeItem;
    assert.equal(connectionItem.contextValue, 'connection.connected.personal');
    const top = (await children(tidbLab, connection)).map((entry) => label(entry.item));
    assert.match(top[0], /^MariaDB 10\.11\.\d+$/);
    assert.ok(top.includes(schema), `no ${schema} in ${top.join(', ')}`);
    assert.ok(!top.includes('information_schema') && !top.includes('mysql'), 'system schemas are hidden by default');

    const database = await child(tidbLab, connection, schema);
    assert.equal(database.item.contextValue, 'database.mysql');
    const table = await child(tidbLab, database.node, 'odd name');
    assert.equal(table.item.contextValue, 'table.mysql');
    assert.match(String(table.item.description), /^~\d+ rows? · [\d.]+ KiB$/, 'rows from the statistics read as an estimate');
    assert.ok(table.item.tooltip instanceof vscode.MarkdownString);

    const [columns, indexes] = await children(tidbLab, table.node);
    assert.deepEqual([label(columns.item), label(indexes.item)], ['Columns', 'Indexes']);
    const columnItems = (await children(tidbLab, columns.node)).map((entry) => [label(entry.item), entry.item.description]);
    assert.deepEqual(columnItems, [
      ['id', 'int(11) · not null'],
      ['note', 'varchar(20)'],
    ]);
    const indexItems = (await children(tidbLab, indexes.node)).map((entry) => [label(entry.item), entry.item.description]);
    assert.deepEqual(indexItems, [
      ['PRIMARY', '(id) · primary key'],
      ['k_note', '(note)'],
    ]);
    await session.run(`DROP DATABASE ${schema}`);
  });

  test("a table row's refresh reads that table again from the server; a partitioned table says so on its row", async () => {
    const tidbLab = await api();
    const session = tidbLab.connections.sessionFor(added[0]);
    assert.ok(session);
    await session.run(`DROP DATABASE IF EXISTS ${schema}`);
    await session.run(`CREATE DATABASE ${schema}`);
    await session.run(`CREATE TABLE ${schema}.growing (id INT PRIMARY KEY)`);
    await session.run(
      `CREATE TABLE ${schema}.by_range (id INT PRIMARY KEY) PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN MAXVALUE)`,
    );
    await session.run(`ANALYZE TABLE ${schema}.growing, ${schema}.by_range`);
    try {
      const database = await child(tidbLab, tidbLab.explorer.connectionNode(added[0]), schema);
      const partitioned = await child(tidbLab, database.node, 'by_range');
      assert.match(String(partitioned.item.description), /^partitioned · ~\d+ rows?/);
      const growing = await child(tidbLab, database.node, 'growing');
      assert.match(String(growing.item.description), /^~0 rows · /);

      // Changed outside TiDB Lab: the item shows it once refreshed, as its inline Refresh does.
      await session.run(`INSERT INTO ${schema}.growing SELECT seq FROM ${schema}.seq_1_to_500`);
      await session.run(`ANALYZE TABLE ${schema}.growing`);
      const changes: unknown[] = [];
      const listener = tidbLab.explorer.onDidChangeTreeData((change) => changes.push(change));
      try {
        await vscode.commands.executeCommand('tidbLab.refresh', growing.node);
      } finally {
        listener.dispose();
      }
      assert.deepEqual(changes, [growing.node], 'the table item itself is redrawn');
      const refreshed = String((tidbLab.explorer.getTreeItem(growing.node) as vscode.TreeItem).description);
      assert.ok(
        Number(/^~([\d,]+) rows · /.exec(refreshed)?.[1]?.replace(/,/g, '')) > 0,
        `the 500 new rows count after a refresh: ${refreshed}`,
      );

      // A table dropped outside: its refresh re-lists the database instead.
      await session.run(`DROP TABLE ${schema}.growing`);
      await vscode.commands.executeCommand('tidbLab.refresh', growing.node);
      assert.ok(!(await children(tidbLab, database.node)).some((entry) => label(entry.item) === 'growing'));
    } finally {
      await session.run(`DROP DATABASE IF EXISTS ${schema}`);
    }
  });

  test("the title bar's Refresh re-reads the whole view even when VS Code passes the focused item", async () => {
    const tidbLab = await api();
    const before = tidbLab.explorer.connectionNode(added[0]);
    const database = (await children(tidbLab, before))[1];
    const changes: unknown[] = [];
    const listener = tidbLab.explorer.onDidChangeTreeData((change) => changes.push(change));
    try {
      // VS Code runs a view's title-bar action with the focused tree item as its argument.
      await vscode.commands.executeCommand('tidbLab.refreshConnections', database.node);
    } finally {
      listener.dispose();
    }
    assert.deepEqual(changes, [undefined], 'the whole tree, not the focused item');
    assert.notEqual(
      tidbLab.explorer.connectionNode(added[0]),
      before,
      'connection items are made again, so every expanded level is read again',
    );
  });

  test('system schemas appear when the setting says so', async () => {
    const tidbLab = await api();
    const config = vscode.workspace.getConfiguration('tidbLab');
    await config.update('explorer.showSystemSchemas', true, vscode.ConfigurationTarget.Global);
    try {
      const connection = tidbLab.explorer.connectionNode(added[0]);
      const labels = (await children(tidbLab, connection)).map((entry) => label(entry.item));
      assert.ok(labels.includes('information_schema') && labels.includes('mysql'), labels.join(', '));
      const mysql = await child(tidbLab, connection, 'mysql');
      assert.match(String(mysql.item.description), /system/);
    } finally {
      await config.update('explorer.showSystemSchemas', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('a wrong password fails with a clear problem, not an exception', async () => {
    const tidbLab = await api();
    const id = await addConnection({
      profile: { name: 'Suite wrong password', host: db.host, port: db.port, user: db.user },
      password: 'definitely-wrong',
    });
    assert.equal(await vscode.commands.executeCommand('tidbLab.connect', id), false);
    const problem = tidbLab.connections.lastProblem(id);
    assert.equal(problem?.kind, 'wrongPassword');
    assert.match(problem?.nextStep ?? '', /password/);
    const item = tidbLab.explorer.getTreeItem(tidbLab.explorer.connectionNode(id)!) as vscode.TreeItem;
    assert.match(String(item.description), /failed/);
    assert.equal(tidbLab.connections.activeSession()?.profile.id, added[0], 'a failed connect leaves the active connection alone');
  });

  test('a TLS-only server: refused without TLS with the reason, accepted with TLS verified against its CA', async () => {
    const tidbLab = await api();
    const plain = await addConnection({
      profile: { name: 'Suite TLS off', host: db.host, port: db.tlsOnlyPort, user: db.user, tls: 'off' },
      password: db.password,
    });
    assert.equal(await vscode.commands.executeCommand('tidbLab.connect', plain), false);
    // MariaDB answers a plain connection to a require_secure_transport server with "Access denied":
    // the problem says first that the server requires encryption, and the way out.
    const problem = tidbLab.connections.lastProblem(plain);
    assert.equal(problem?.kind, 'tlsRequiredByServer');
    assert.match(problem?.title ?? '', /requires encrypted connections/);
    assert.match(problem?.nextStep ?? '', /^Edit the connection and set its TLS mode/);
    const verified = await addConnection({
      profile: { name: 'Suite TLS verify', host: db.host, port: db.tlsOnlyPort, user: db.user, tls: 'verify', caFile: db.caFile },
      password: db.password,
    });
    assert.equal(await vscode.commands.executeCommand('tidbLab.connect', verified), true);
    const server = await child(
      tidbLab,
      tidbLab.explorer.connectionNode(verified),
      (await children(tidbLab, tidbLab.explorer.connectionNode(verified))).map((entry) => label(entry.item))[0],
    );
    assert.match(String(server.item.description), /TLS, certificate verified/);
  });

  test('disconnect closes the session and the active connection moves on', async () => {
    const tidbLab = await api();
    const [first] = added;
    await vscode.commands.executeCommand('tidbLab.disconnect', first);
    assert.equal(tidbLab.connections.sessionFor(first), undefined);
    assert.notEqual(tidbLab.connections.activeProfileId(), first);
    const item = tidbLab.explorer.getTreeItem(tidbLab.explorer.connectionNode(first)!) as vscode.TreeItem;
    assert.equal(item.contextValue, 'connection.disconnected.personal');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.equal(item.command?.command, 'tidbLab.connect', 'a click connects');
  });

  test('shared connections come from settings, marked as such; broken entries are shown with the reason', async () => {
    const tidbLab = await api();
    const config = vscode.workspace.getConfiguration('tidbLab');
    await config.update(
      'connections',
      [
        { name: 'Team MariaDB', host: db.host, port: db.port, user: db.user, passwordMode: 'ask' },
        { name: 'Leaky', host: db.host, user: db.user, password: 'do-not-do-this' },
      ],
      vscode.ConfigurationTarget.Global,
    );
    try {
      const roots = await children(tidbLab);
      const team = roots.find((entry) => label(entry.item) === 'Team MariaDB');
      assert.ok(team, roots.map((entry) => label(entry.item)).join(', '));
      assert.equal(team.item.contextValue, 'connection.disconnected.settings');
      assert.match(String(team.item.description), /from settings/);
      const leaky = roots.find((entry) => label(entry.item) === 'Leaky');
      assert.equal(leaky?.item.contextValue, 'connection.invalid');
      const tooltip = (leaky?.item.tooltip as vscode.MarkdownString).value;
      assert.match(tooltip, /passwords do not belong in settings/);
      assert.doesNotMatch(tooltip, /do-not-do-this/);

      // passwordMode 'ask': the password given for this connect is used and not stored.
      const teamId = tidbLab.store.all().find((connection) => connection.profile.name === 'Team MariaDB')!.profile.id;
      assert.ok(await tidbLab.connections.connect(teamId, { password: db.password }));
      assert.equal(await tidbLab.store.getPassword(teamId), undefined);
      await tidbLab.connections.disconnect(teamId);
      assert.equal(
        await vscode.commands.executeCommand('tidbLab.removeConnection', teamId, { confirm: false }),
        false,
        'settings connections are removed in settings',
      );
    } finally {
      await config.update('connections', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('remove deletes the profile and its password', async () => {
    const tidbLab = await api();
    for (const id of added.splice(0)) {
      assert.equal(await vscode.commands.executeCommand('tidbLab.removeConnection', id, { confirm: false }), true);
      assert.equal(tidbLab.store.get(id), undefined);
      assert.equal(await tidbLab.store.getPassword(id), undefined);
      assert.equal(tidbLab.connections.sessionFor(id), undefined);
    }
    assert.ok(!(await children(tidbLab)).some((entry) => label(entry.item).startsWith('Suite ')));
  });
});
