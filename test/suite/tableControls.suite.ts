// The TiDB table controls through their commands and the real VS Code API, against the TiDB
// STAND-IN (test/standin: relays to the local MariaDB, answers the TiDB-only statements): caching
// with pre-checks and the tree's badges, several tables at once, cache-hit verification, the cache
// lease, TiFlash replicas with their watched progress, refusals as sentences with the way out, and
// no TiDB actions on MariaDB or on TiDB before v6.0.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TidbLabApi } from '../../src/extension/api';
import type { ExplorerNode } from '../../src/extension/explorer/explorerNode';
import type { CacheHitOutcome } from '../../src/extension/tableControls/cacheHitCommand';
import type { CacheLeaseResult } from '../../src/extension/tableControls/cacheLeaseCommand';
import { TABLE_CONTROL_COMMANDS, TABLE_CONTROL_SETTINGS } from '../../src/extension/tableControls/tableControlIds';
import type { TableControlResult, TargetOutcome } from '../../src/extension/tableControls/tableControlOutcome';
import type { StopCachingThenSetReplicasResult, TiFlashReplicaResult } from '../../src/extension/tableControls/tiflashReplicaCommand';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';
import type { TiDBStandInOptions } from '../standin/tidbStandIn';
import { testDatabase } from '../support/testDatabase';
import { suite, test } from './harness';
import { until } from '../support/until';

const db = testDatabase();
const schema = 'tidblab_suite_controls';
const MiB = 1024 * 1024;

/** One stand-in with a connection to it, and the tree as VS Code reads it. */
class TiDBFixture {
  private constructor(
    readonly tidbLab: TidbLabApi,
    readonly standIn: TiDBStandIn | undefined,
    readonly profileId: string,
  ) {}

  static async open(name: string, standInOptions: Partial<TiDBStandInOptions> | 'mariadb'): Promise<TiDBFixture> {
    const extension = vscode.extensions.getExtension<TidbLabApi>('tidb-lab.tidb-lab');
    assert.ok(extension, 'TiDB Lab is not loaded');
    const tidbLab = await extension.activate();
    const standIn = standInOptions === 'mariadb' ? undefined : await startTestStandIn(standInOptions);
    const port = standIn?.port ?? db.port;
    const profileId = await vscode.commands.executeCommand<string>('tidbLab.addConnection', {
      profile: { name, host: db.host, port, user: db.user },
      password: db.password,
    });
    assert.equal(await vscode.commands.executeCommand('tidbLab.connect', profileId), true, `cannot connect to ${name}`);
    return new TiDBFixture(tidbLab, standIn, profileId);
  }

  get session() {
    const session = this.tidbLab.connections.sessionFor(this.profileId);
    assert.ok(session, 'not connected');
    return session;
  }

  /** Creates the test schema (on the MariaDB behind the stand-in) with the given tables. */
  async createSchema(...statements: string[]): Promise<void> {
    await this.session.run(`DROP DATABASE IF EXISTS ${schema}`);
    await this.session.run(`CREATE DATABASE ${schema}`);
    for (const statement of statements) await this.session.run(statement);
  }

  async databaseNode(): Promise<ExplorerNode> {
    return (await this.child(this.tidbLab.explorer.connectionNode(this.profileId), schema)).node;
  }

  /** The table items as the tree lists them now (one query, like expanding the database). */
  async tables(): Promise<Map<string, { node: ExplorerNode; item: vscode.TreeItem }>> {
    const entries = await this.children(await this.databaseNode());
    return new Map(entries.map((entry) => [label(entry.item), entry]));
  }

  async table(name: string): Promise<{ node: ExplorerNode; item: vscode.TreeItem }> {
    const found = (await this.tables()).get(name);
    assert.ok(found, `no table item ${name}`);
    return found;
  }

  received(pattern: RegExp): string[] {
    return (this.standIn?.state.receivedStatements ?? []).filter((sql) => pattern.test(sql));
  }

  async close(): Promise<void> {
    await this.session.run(`DROP DATABASE IF EXISTS ${schema}`).catch(() => undefined);
    await vscode.commands.executeCommand('tidbLab.removeConnection', this.profileId, { confirm: false });
    await this.standIn?.close();
  }

  private async children(node: ExplorerNode | undefined): Promise<Array<{ node: ExplorerNode; item: vscode.TreeItem }>> {
    return ((await this.tidbLab.explorer.getChildren(node)) ?? []).map((child) => ({
      node: child,
      item: this.tidbLab.explorer.getTreeItem(child) as vscode.TreeItem,
    }));
  }

  private async child(parent: ExplorerNode | undefined, name: string): Promise<{ node: ExplorerNode; item: vscode.TreeItem }> {
    const all = await this.children(parent);
    const found = all.find((entry) => label(entry.item) === name);
    assert.ok(found, `no tree item ${name} among ${all.map((entry) => label(entry.item)).join(', ')}`);
    return found;
  }
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

function outcomeOf<T extends TargetOutcome>(result: { outcomes: T[] } | undefined, table: string): T {
  const found = result?.outcomes.find((outcome) => outcome.target === `${schema}.${table}` || outcome.target === table);
  assert.ok(found, `no outcome for ${table} in ${JSON.stringify(result)}`);
  return found;
}

function ref(fixture: TiDBFixture, table?: string): { profileId: string; schema: string; table?: string } {
  return table === undefined ? { profileId: fixture.profileId, schema } : { profileId: fixture.profileId, schema, table };
}

/** Collects the descriptions the tree shows for a table item each time the provider says the item changed. */
function recordDescriptions(fixture: TiDBFixture, table: string): { descriptions: string[]; dispose(): void } {
  const descriptions: string[] = [];
  const subscription = fixture.tidbLab.explorer.onDidChangeTreeData((changed) => {
    for (const node of (Array.isArray(changed) ? changed : [changed]).filter((entry): entry is ExplorerNode => entry !== undefined)) {
      const item = fixture.tidbLab.explorer.getTreeItem(node) as vscode.TreeItem;
      if (label(item) === table && item.id?.includes(fixture.profileId)) descriptions.push(String(item.description));
    }
  });
  return { descriptions, dispose: () => subscription.dispose() };
}

async function withoutDdlPrompt(): Promise<void> {
  await vscode.workspace.getConfiguration().update(TABLE_CONTROL_SETTINGS.confirmDdl, false, vscode.ConfigurationTarget.Global);
}

suite('table controls on TiDB (stand-in)', () => {
  test('caches and stops caching several tables at once; the tree shows the new badges', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: caching', {});
    try {
      await fixture.createSchema(
        `CREATE TABLE ${schema}.config (k VARCHAR(32) PRIMARY KEY, v VARCHAR(64))`,
        `CREATE TABLE ${schema}.rates (currency CHAR(3) PRIMARY KEY, rate DECIMAL(12,6))`,
      );
      const before = await fixture.tables();
      const config = before.get('config');
      const rates = before.get('rates');
      assert.ok(config && rates);
      assert.equal(config.item.contextValue, 'table.tidb.notCached');
      // Fetched last, like the item VS Code shows: the one a table control refreshes.
      const database = await fixture.databaseNode();
      let databaseRefreshed = 0;
      const listening = fixture.tidbLab.explorer.onDidChangeTreeData((changed) => {
        if (changed === database) databaseRefreshed++;
      });

      const cached = await vscode.commands.executeCommand<TableControlResult>(TABLE_CONTROL_COMMANDS.cacheTable, config.node, [
        config.node,
        rates.node,
      ]);
      listening.dispose();
      assert.deepEqual(
        cached?.outcomes.map((outcome) => [outcome.target, outcome.status]),
        [
          [`${schema}.config`, 'done'],
          [`${schema}.rates`, 'done'],
        ],
      );
      assert.deepEqual(fixture.received(/ CACHE$/), [
        `ALTER TABLE \`${schema}\`.\`config\` CACHE`,
        `ALTER TABLE \`${schema}\`.\`rates\` CACHE`,
      ]);
      assert.ok(databaseRefreshed >= 1, 'the database item is refreshed so its tables show their new state');
      const after = await fixture.tables();
      for (const name of ['config', 'rates']) {
        assert.equal(after.get(name)?.item.contextValue, 'table.tidb.cached', name);
        assert.match(String(after.get(name)?.item.description), /^cached · /, name);
      }

      const again = await vscode.commands.executeCommand<TableControlResult>(TABLE_CONTROL_COMMANDS.cacheTable, ref(fixture, 'config'));
      assert.equal(outcomeOf(again, 'config').status, 'unchanged', 'caching a cached table sends nothing');
      assert.equal(fixture.received(/`config` CACHE$/).length, 1);

      const stopped = await vscode.commands.executeCommand<TableControlResult>(
        TABLE_CONTROL_COMMANDS.stopCachingTable,
        after.get('rates')?.node,
        [after.get('config')?.node, after.get('rates')?.node],
      );
      assert.deepEqual(
        stopped?.outcomes.map((outcome) => outcome.status),
        ['done', 'done'],
      );
      assert.equal(fixture.standIn?.state.cachedTables().length, 0);
      assert.equal((await fixture.table('config')).item.contextValue, 'table.tidb.notCached');

      const outside = await vscode.commands.executeCommand<TableControlResult>(TABLE_CONTROL_COMMANDS.cacheTable, config.node, [
        rates.node,
      ]);
      assert.deepEqual(
        outside?.outcomes.map((outcome) => outcome.target),
        [`${schema}.config`],
        'a right-click outside the selection acts on the clicked item',
      );
    } finally {
      await fixture.close();
    }
  }, 90_000);

  test('says why caching would fail before sending anything: too large (naming the size), partitioned, a view', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: pre-checks', { tableSizeOverridesBytes: { [`${schema}.big`]: 100 * MiB } });
    try {
      await fixture.createSchema(
        `CREATE TABLE ${schema}.big (id INT PRIMARY KEY, payload TEXT)`,
        `CREATE TABLE ${schema}.parts (id INT PRIMARY KEY) PARTITION BY HASH(id) PARTITIONS 2`,
        `CREATE TABLE ${schema}.small (id INT PRIMARY KEY)`,
        `CREATE VIEW ${schema}.small_view AS SELECT id FROM ${schema}.small`,
      );
      const result = await vscode.commands.executeCommand<TableControlResult>(
        TABLE_CONTROL_COMMANDS.cacheTable,
        ['big', 'parts', 'small_view', 'small'].map((table) => ref(fixture, table)),
      );
      const big = outcomeOf(result, 'big');
      assert.equal(big.status, 'refused');
      assert.match(
        big.message ?? '',
        /tidblab_suite_controls\.big holds about 100(\.0)? MiB of data and indexes; TiDB caches tables of at most 64(\.0)? MiB\./,
      );
      assert.match(outcomeOf(result, 'parts').message ?? '', /is partitioned; TiDB cannot cache partitioned tables/);
      assert.match(outcomeOf(result, 'small_view').message ?? '', /is a view; TiDB can only cache base tables/);
      assert.equal(outcomeOf(result, 'small').status, 'done', 'the tables that can be cached are cached');
      assert.deepEqual(fixture.received(/ CACHE$/), [`ALTER TABLE \`${schema}\`.\`small\` CACHE`], 'nothing is sent for the refused ones');
    } finally {
      await fixture.close();
    }
  }, 90_000);

  test('verifies a cache hit, retrying while the first read loads the table', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: cache hit', { cacheLoadDelayMs: 600 });
    try {
      await fixture.createSchema(
        `CREATE TABLE ${schema}.rates (currency CHAR(3) PRIMARY KEY, rate DECIMAL(12,6))`,
        `INSERT INTO ${schema}.rates VALUES ('EUR', 1), ('USD', 1.08)`,
      );
      const notCached = await vscode.commands.executeCommand<TableControlResult>(
        TABLE_CONTROL_COMMANDS.verifyCacheHit,
        ref(fixture, 'rates'),
        { attempts: 2, intervalMs: 10 },
      );
      assert.equal(outcomeOf(notCached, 'rates').status, 'refused');
      assert.match(outcomeOf(notCached, 'rates').message ?? '', /is not cached/);
      assert.deepEqual(fixture.received(/^TRACE/), [], 'no TRACE for a table that is not cached');

      await vscode.commands.executeCommand(TABLE_CONTROL_COMMANDS.cacheTable, ref(fixture, 'rates'));
      const verified = await vscode.commands.executeCommand<{ outcomes: CacheHitOutcome[] }>(
        TABLE_CONTROL_COMMANDS.verifyCacheHit,
        ref(fixture, 'rates'),
        { attempts: 8, intervalMs: 250 },
      );
      const outcome = outcomeOf(verified, 'rates');
      assert.equal(outcome.servedFromCache, true, outcome.message);
      assert.match(
        outcome.message ?? '',
        /served from TiDB's memory on attempt [2-8]/,
        'the first TRACE went to TiKV and started the load',
      );
      assert.ok(fixture.received(/^TRACE FORMAT='row' SELECT \* FROM `tidblab_suite_controls`\.`rates` LIMIT 1$/).length >= 2);
    } finally {
      await fixture.close();
    }
  }, 60_000);

  test('shows and sets the cache lease within 1-10 s', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: lease', {});
    try {
      const set = await vscode.commands.executeCommand<CacheLeaseResult>(
        TABLE_CONTROL_COMMANDS.cacheLease,
        { profileId: fixture.profileId },
        { seconds: 7 },
      );
      assert.deepEqual(
        { status: set?.status, previous: set?.previousSeconds, seconds: set?.seconds },
        { status: 'done', previous: 3, seconds: 7 },
      );
      assert.equal(fixture.standIn?.state.tidbVariables.get('tidb_table_cache_lease'), '7');
      assert.deepEqual(fixture.received(/tidb_table_cache_lease = /), ['SET GLOBAL tidb_table_cache_lease = 7']);

      const tooLong = await vscode.commands.executeCommand<CacheLeaseResult>(
        TABLE_CONTROL_COMMANDS.cacheLease,
        { profileId: fixture.profileId },
        { seconds: 11 },
      );
      assert.equal(tooLong?.status, 'refused');
      assert.match(tooLong?.message ?? '', /from 1 to 10; got 11/);
      const same = await vscode.commands.executeCommand<CacheLeaseResult>(
        TABLE_CONTROL_COMMANDS.cacheLease,
        { profileId: fixture.profileId },
        { seconds: 7 },
      );
      assert.equal(same?.status, 'unchanged');
      assert.equal(fixture.received(/tidb_table_cache_lease = /).length, 1, 'neither 11 nor an unchanged lease is sent');
    } finally {
      await fixture.close();
    }
  });

  test('sets TiFlash replicas on two tables; both are watched at once and the tree shows the progress, then "TiFlash 2"', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: TiFlash', { tiflashNodes: 2, replicaProgressPerSecond: 0.4 });
    try {
      await fixture.createSchema(
        `CREATE TABLE ${schema}.orders (id BIGINT PRIMARY KEY)`,
        `CREATE TABLE ${schema}.events (id BIGINT PRIMARY KEY)`,
      );
      const orders = (await fixture.tables()).get('orders');
      assert.ok(orders);
      const ordersShown = recordDescriptions(fixture, 'orders');
      const eventsShown = recordDescriptions(fixture, 'events');
      try {
        const first = await vscode.commands.executeCommand<TiFlashReplicaResult>(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, orders.node, {
          count: 2,
          watchIntervalMs: 200,
        });
        const second = await vscode.commands.executeCommand<TiFlashReplicaResult>(
          TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
          ref(fixture, 'events'),
          { count: 1, locationLabels: ['zone'], watchIntervalMs: 200 },
        );
        assert.equal(outcomeOf(first, 'orders').statement, `ALTER TABLE \`${schema}\`.\`orders\` SET TIFLASH REPLICA 2`);
        assert.equal(
          outcomeOf(second, 'events').statement,
          `ALTER TABLE \`${schema}\`.\`events\` SET TIFLASH REPLICA 1 LOCATION LABELS 'zone'`,
        );
        assert.equal(first?.watches.length, 1);
        assert.equal(second?.watches.length, 1);
        const [ordersWatch, eventsWatch] = await Promise.all([first?.watches[0].done, second?.watches[0].done]);
        assert.deepEqual(
          ordersWatch?.statuses.map((status) => status.phase),
          ['ready'],
        );
        assert.deepEqual(
          eventsWatch?.statuses.map((status) => status.phase),
          ['ready'],
        );
      } finally {
        ordersShown.dispose();
        eventsShown.dispose();
      }
      assert.ok(
        ordersShown.descriptions.some((text) => /^TiFlash 2 \(\d+%\)/.test(text)),
        `progress while replicating: ${ordersShown.descriptions.join(' | ')}`,
      );
      assert.match(ordersShown.descriptions.at(-1) ?? '', /^TiFlash 2 · /, 'when done');
      assert.match(eventsShown.descriptions.at(-1) ?? '', /^TiFlash 1 · /);
      assert.match(String((await fixture.table('orders')).item.description), /^TiFlash 2 · /, 'a fresh listing agrees');

      const unchanged = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'orders'),
        { count: 2 },
      );
      assert.equal(outcomeOf(unchanged, 'orders').status, 'unchanged');

      const removed = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'orders'),
        { count: 0, confirm: false },
      );
      assert.equal(outcomeOf(removed, 'orders').statement, `ALTER TABLE \`${schema}\`.\`orders\` SET TIFLASH REPLICA 0`);
      assert.deepEqual(removed?.watches, [], 'nothing to watch after a removal');
      assert.doesNotMatch(String((await fixture.table('orders')).item.description), /TiFlash/);
    } finally {
      await fixture.close();
    }
  }, 120_000);

  test("the tree's TiFlash progress is the notification's: a listing while a replica is watched shows the watch's read, not one of its own", async () => {
    await withoutDdlPrompt();
    // No progress until the test says so, and a watch that reads once, then again only after the test is over.
    const fixture = await TiDBFixture.open('Suite controls: progress agrees', { tiflashNodes: 1, replicaProgressPerSecond: 0 });
    try {
      await fixture.createSchema(`CREATE TABLE ${schema}.orders (id BIGINT PRIMARY KEY)`);
      await fixture.table('orders');
      const result = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'orders'),
        { count: 1, watchIntervalMs: 120_000 },
      );
      const watch = result?.watches[0];
      assert.ok(watch);
      const standIn = fixture.standIn;
      assert.ok(standIn);
      const first = await until(
        () => watch.shown,
        (shown) => shown !== undefined,
        'the watch to read the progress',
      );
      assert.equal(first?.message, '0% · not available to queries yet');

      // The cluster moves on between two reads of the watch; then the database is listed again (a
      // Refresh, a table control elsewhere): the tree must still say what the notification says.
      standIn.state.replicaProgressPerSecond = 0.05;
      await until(
        () => standIn.state.replicaRows()[0]?.progress ?? 0,
        (progress) => progress >= 0.05,
        'the cluster to replicate past what the notification shows',
      );
      const listed = String((await fixture.table('orders')).item.description);
      const shown = watch.shown;
      assert.ok(shown);
      assert.match(shown.message, new RegExp(`^${shown.percent}% · `));
      assert.match(
        listed,
        new RegExp(`^TiFlash 1 \\(${shown.percent}%\\) · `),
        `the tree says ${listed}; the notification says ${shown.message}`,
      );

      // Once the replica is there the watch ends and the tree reads the replica itself again.
      standIn.state.replicaProgressPerSecond = 5;
      await until(
        () => standIn.state.replicaRows()[0]?.progress ?? 0,
        (progress) => progress >= 1,
        'the replica to catch up',
      );
      watch.stop();
      await watch.followed;
      assert.match(String((await fixture.table('orders')).item.description), /^TiFlash 1 · /);
    } finally {
      await fixture.close();
    }
  }, 90_000);

  test('cancelling stops the watching, not the replication; the tree goes on showing the progress until the replica is available', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: cancel watch', { tiflashNodes: 1, replicaProgressPerSecond: 0.02 });
    try {
      await fixture.createSchema(`CREATE TABLE ${schema}.orders (id BIGINT PRIMARY KEY)`);
      await fixture.table('orders');
      const result = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'orders'),
        { count: 1, watchIntervalMs: 100 },
      );
      const watch = result?.watches[0];
      assert.ok(watch);
      const replicaReads = () => fixture.received(/FROM information_schema\.tiflash_replica/i).length;
      const readsBefore = replicaReads();
      await until(replicaReads, (reads) => reads >= readsBefore + 2, 'the watch to read the replica state twice');
      watch.stop();
      const ended = await watch.done;
      assert.equal(ended?.cancelled, true);
      const rows = fixture.standIn?.state.replicaRows() ?? [];
      assert.equal(rows.length, 1, 'the replica is still there');
      assert.ok((rows[0]?.progress ?? 1) < 1, 'and still replicating');
      assert.equal(fixture.received(/SET TIFLASH REPLICA/).length, 1, 'cancelling sends no statement');

      // The cluster catches up after the cancel: the tree says so without a refresh, as the
      // notification would have.
      const shown = recordDescriptions(fixture, 'orders');
      try {
        const standIn = fixture.standIn;
        assert.ok(standIn);
        standIn.state.replicaProgressPerSecond = 5;
        await until(
          () => shown.descriptions.at(-1) ?? '',
          (text) => /^TiFlash 1 · /.test(text),
          'the tree to show the replica caught up',
        );
        await watch.followed;
      } finally {
        shown.dispose();
      }
    } finally {
      await fixture.close();
    }
  });

  test('replicas for a whole database: one ALTER DATABASE, then its tables are watched', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: database replicas', { tiflashNodes: 1, replicaProgressPerSecond: 1 });
    try {
      await fixture.createSchema(`CREATE TABLE ${schema}.a (id INT PRIMARY KEY)`, `CREATE TABLE ${schema}.b (id INT PRIMARY KEY)`);
      const database = await fixture.databaseNode();
      const result = await vscode.commands.executeCommand<TiFlashReplicaResult>(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, database, {
        count: 1,
        watchIntervalMs: 200,
      });
      assert.deepEqual(
        result?.outcomes.map((outcome) => [outcome.target, outcome.status, outcome.statement]),
        [[schema, 'done', `ALTER DATABASE \`${schema}\` SET TIFLASH REPLICA 1`]],
      );
      const watched = await result?.watches[0]?.done;
      assert.deepEqual(watched?.statuses.map((status) => `${status.table}:${status.phase}`).sort(), ['a:ready', 'b:ready']);
    } finally {
      await fixture.close();
    }
  }, 60_000);

  test('replica refusals read as sentences with the way out: more than the nodes, no TiFlash, a cached table', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: replica refusals', { tiflashNodes: 2, replicaProgressPerSecond: 5 });
    try {
      await fixture.createSchema(
        `CREATE TABLE ${schema}.orders (id BIGINT PRIMARY KEY)`,
        `CREATE TABLE ${schema}.config (k INT PRIMARY KEY)`,
      );
      const tooMany = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'orders'),
        { count: 3 },
      );
      assert.equal(outcomeOf(tooMany, 'orders').status, 'refused');
      assert.equal(
        outcomeOf(tooMany, 'orders').message,
        'You asked for 3 TiFlash replicas but the cluster has 2 TiFlash nodes; choose at most 2.',
      );
      assert.equal(outcomeOf(tooMany, 'orders').remedy, 'reduceReplicas');

      await vscode.commands.executeCommand(TABLE_CONTROL_COMMANDS.cacheTable, ref(fixture, 'config'));
      const onCached = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'config'),
        { count: 1 },
      );
      assert.equal(outcomeOf(onCached, 'config').status, 'refused');
      assert.equal(outcomeOf(onCached, 'config').remedy, 'stopCaching');
      assert.match(outcomeOf(onCached, 'config').message ?? '', /stop caching tidblab_suite_controls\.config first/);
      assert.deepEqual(fixture.received(/SET TIFLASH REPLICA/), [], 'refused before sending');

      // Without a count (as from the menu) the cached table is refused before the count is asked for.
      // The command answers without waiting for anyone: had it opened the count picker, it would wait for a pick.
      let answer: TiFlashReplicaResult | undefined;
      void Promise.resolve(
        vscode.commands.executeCommand<TiFlashReplicaResult>(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, ref(fixture, 'config')),
      ).then((result) => (answer = result));
      await until(() => answer, Boolean, 'the command to answer without asking for a count', 120_000).catch(async (error: unknown) => {
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        throw error;
      });
      assert.equal(outcomeOf(answer, 'config').remedy, 'stopCaching');

      // The notification's "Stop Caching, Then Set Replicas": NOCACHE, the replicas, and once they are
      // there the table cached again (the offer its message promises, answered yes).
      const altersOfConfig = () => fixture.received(/^ALTER TABLE .*config/i).map((sql) => sql.replace(/^ALTER TABLE \S+ /i, ''));
      const altersBefore = altersOfConfig().length;
      const wayOut = await vscode.commands.executeCommand<StopCachingThenSetReplicasResult>(
        TABLE_CONTROL_COMMANDS.stopCachingThenSetTiFlashReplicas,
        [ref(fixture, 'config')],
        { count: 1, watchIntervalMs: 200, cacheAgain: true },
      );
      assert.equal(outcomeOf(wayOut?.stopped, 'config').status, 'done');
      assert.equal(outcomeOf(wayOut?.replicas, 'config').status, 'done');
      assert.equal(outcomeOf(wayOut?.cachedAgain, 'config').status, 'done', 'cached again once the replicas are there');
      assert.deepEqual(altersOfConfig().slice(altersBefore), ['NOCACHE', 'SET TIFLASH REPLICA 1', 'CACHE']);
      assert.match(String((await fixture.table('config')).item.description), /^cached · TiFlash 1 · /);

      if (fixture.standIn) fixture.standIn.state.tiflashNodes = 0;
      const none = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'orders'),
        { count: 1 },
      );
      assert.equal(outcomeOf(none, 'orders').status, 'refused');
      assert.match(outcomeOf(none, 'orders').message ?? '', /has no TiFlash nodes/);
    } finally {
      await fixture.close();
    }
  }, 180_000);

  test('where the TiFlash node count is unknown (TiDB Cloud Starter) any count is sent, and the refusal names both numbers', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: Starter', { serverless: true, tiflashNodes: 2 });
    try {
      await fixture.createSchema(`CREATE TABLE ${schema}.orders (id BIGINT PRIMARY KEY)`);
      const result = await vscode.commands.executeCommand<TiFlashReplicaResult>(
        TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
        ref(fixture, 'orders'),
        { count: 3 },
      );
      const outcome = outcomeOf(result, 'orders');
      assert.equal(outcome.status, 'failed');
      assert.equal(
        outcome.message,
        'More replicas than TiFlash nodes. You asked for 3 TiFlash replicas but the cluster has 2 TiFlash nodes; choose at most 2.',
      );
      assert.equal(outcome.maxReplicas, 2, 'the notification offers "Set 2 replicas Instead"');
    } finally {
      await fixture.close();
    }
  });
});

suite('table controls where TiDB features are missing', () => {
  test('TiDB before v6.0: no cache actions on its tables, and a clear reason when one is invoked anyway', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: TiDB 5.4', { versionString: '5.7.25-TiDB-v5.4.3' });
    try {
      await fixture.createSchema(`CREATE TABLE ${schema}.config (k INT PRIMARY KEY)`);
      const config = await fixture.table('config');
      assert.equal(config.item.contextValue, 'table.tidb.cacheUnsupported', 'menus key on this: no Cache Table');
      const result = await vscode.commands.executeCommand<TableControlResult>(TABLE_CONTROL_COMMANDS.cacheTable, config.node);
      assert.equal(outcomeOf(result, 'config').status, 'refused');
      assert.equal(outcomeOf(result, 'config').message, 'Cached tables need TiDB v6.0.0 or later; this server is TiDB v5.4.3.');
      const lease = await vscode.commands.executeCommand<CacheLeaseResult>(TABLE_CONTROL_COMMANDS.cacheLease, config.node, { seconds: 5 });
      assert.equal(lease?.status, 'refused');
      assert.deepEqual(fixture.received(/ CACHE$|tidb_table_cache_lease =/), []);
    } finally {
      await fixture.close();
    }
  });

  test('MariaDB: its tables carry no TiDB actions, and invoking one says why', async () => {
    await withoutDdlPrompt();
    const fixture = await TiDBFixture.open('Suite controls: MariaDB', 'mariadb');
    try {
      await fixture.createSchema(`CREATE TABLE ${schema}.config (k INT PRIMARY KEY)`);
      const config = await fixture.table('config');
      assert.equal(config.item.contextValue, 'table.mysql');
      const cached = await vscode.commands.executeCommand<TableControlResult>(TABLE_CONTROL_COMMANDS.cacheTable, config.node);
      assert.match(outcomeOf(cached, 'config').message ?? '', /^Cached tables are a TiDB feature; this server is MariaDB 10\./);
      const replicas = await vscode.commands.executeCommand<TiFlashReplicaResult>(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, config.node, {
        count: 1,
      });
      assert.match(outcomeOf(replicas, 'config').message ?? '', /^TiFlash replicas are a TiDB feature; this server is MariaDB 10\./);
    } finally {
      await fixture.close();
    }
  });

  test('the menus offer each action only where it applies', async () => {
    const extension = vscode.extensions.getExtension('tidb-lab.tidb-lab');
    const menus = (extension?.packageJSON.contributes.menus ?? {}) as Record<string, Array<{ command: string; when?: string }>>;
    const whenOf = (menu: string, command: string) => menus[menu]?.find((entry) => entry.command === command)?.when ?? '';
    const offered = (command: string, contextValue: string) => {
      const pattern = /viewItem (==|=~) (\S+)/.exec(whenOf('view/item/context', command));
      assert.ok(pattern, `${command} has no view/item/context entry`);
      return pattern[1] === '==' ? pattern[2] === contextValue : new RegExp(pattern[2].slice(1, -1)).test(contextValue);
    };
    assert.ok(offered(TABLE_CONTROL_COMMANDS.cacheTable, 'table.tidb.notCached'));
    for (const other of ['table.tidb.cached', 'table.tidb.cacheUnsupported', 'table.mysql', 'view.tidb'])
      assert.ok(!offered(TABLE_CONTROL_COMMANDS.cacheTable, other), other);
    assert.ok(offered(TABLE_CONTROL_COMMANDS.stopCachingTable, 'table.tidb.cached'));
    assert.ok(!offered(TABLE_CONTROL_COMMANDS.stopCachingTable, 'table.tidb.notCached'));
    for (const item of ['table.tidb.cached', 'table.tidb.notCached', 'table.tidb.cacheUnsupported', 'database.tidb'])
      assert.ok(offered(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, item), item);
    for (const item of ['table.mysql', 'database.mysql', 'view.tidb'])
      assert.ok(!offered(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, item), item);
    for (const command of [
      TABLE_CONTROL_COMMANDS.cacheTable,
      TABLE_CONTROL_COMMANDS.stopCachingTable,
      TABLE_CONTROL_COMMANDS.verifyCacheHit,
      TABLE_CONTROL_COMMANDS.setTiFlashReplicas,
    ]) {
      assert.equal(whenOf('commandPalette', command), 'false', `${command} needs a tree item: hidden from the palette`);
    }
  });
});
