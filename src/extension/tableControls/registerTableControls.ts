// The TiDB table controls in the Connections view: cache and stop caching tables, verify cache
// hits, the cache lease, and TiFlash replicas of tables and databases with their progress.
// Registration only: the work happens when a command runs.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { checkCachedTablesAvailable } from '../../core/tidb/tableControlPreChecks';
import type { TidbLabApi } from '../api';
import { verifyCacheHits, type CacheHitCommandOptions } from './cacheHitCommand';
import { changeCacheLease, type CacheLeaseOptions } from './cacheLeaseCommand';
import { cacheTables, stopCachingTables } from './cacheCommands';
import { ReplicaWatches } from './replicaWatches';
import { TABLE_CONTROL_COMMANDS, TABLE_CONTROL_CONTEXT_KEYS } from './tableControlIds';
import { notify } from './tableControlNotifications';
import type { TableControlResult } from './tableControlOutcome';
import type { TableControlServices } from './tableControlServices';
import { databaseTargets, isAboutDatabases, profileIdOf, tableTargets, type DatabaseTarget, type TableTarget } from './tableControlTargets';
import {
  setTiFlashReplicas,
  stopCachingThenSetReplicas,
  type StopCachingThenSetReplicasOptions,
  type TiFlashReplicaOptions,
} from './tiflashReplicaCommand';

export function registerTableControls(context: vscode.ExtensionContext, api: TidbLabApi): void {
  const watches = new ReplicaWatches(api.explorer, api.log);
  const services: TableControlServices = { connections: api.connections, explorer: api.explorer, log: api.log, watches };
  const showCachedTablesKey = (session: DatabaseSession | undefined) =>
    void vscode.commands.executeCommand(
      'setContext',
      TABLE_CONTROL_CONTEXT_KEYS.activeConnectionHasCachedTables,
      session !== undefined && checkCachedTablesAvailable(session.identity).allowed,
    );
  showCachedTablesKey(api.connections.activeSession());

  context.subscriptions.push(
    watches,
    api.connections.onDidChangeActive(showCachedTablesKey),
    vscode.commands.registerCommand(TABLE_CONTROL_COMMANDS.cacheTable, (clicked?: unknown, selection?: unknown) =>
      withTargets(tableTargets(clicked, selection), (targets) => cacheTables(services, targets)),
    ),
    vscode.commands.registerCommand(TABLE_CONTROL_COMMANDS.stopCachingTable, (clicked?: unknown, selection?: unknown) =>
      withTargets(tableTargets(clicked, selection), (targets) => stopCachingTables(services, targets)),
    ),
    vscode.commands.registerCommand(TABLE_CONTROL_COMMANDS.verifyCacheHit, (clicked?: unknown, second?: unknown) =>
      withTargets(tableTargets(clicked, second), (targets) =>
        verifyCacheHits(services, targets, optionsIn<CacheHitCommandOptions>(second)),
      ),
    ),
    vscode.commands.registerCommand(TABLE_CONTROL_COMMANDS.cacheLease, (item?: unknown, options?: unknown) =>
      changeCacheLease(services, profileIdOf(item), optionsIn<CacheLeaseOptions>(options)),
    ),
    vscode.commands.registerCommand(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, (clicked?: unknown, second?: unknown) => {
      const targets: Array<TableTarget | DatabaseTarget> = isAboutDatabases(clicked)
        ? databaseTargets(clicked, second)
        : tableTargets(clicked, second);
      return withTargets(targets, (chosen) => setTiFlashReplicas(services, chosen, optionsIn<TiFlashReplicaOptions>(second)));
    }),
    vscode.commands.registerCommand(
      TABLE_CONTROL_COMMANDS.stopCachingThenSetTiFlashReplicas,
      async (clicked?: unknown, second?: unknown) => {
        const targets = tableTargets(clicked, second);
        if (targets.length === 0) return withTargets(targets, () => Promise.resolve({ outcomes: [] }));
        return stopCachingThenSetReplicas(services, targets, optionsIn<StopCachingThenSetReplicasOptions>(second));
      },
    ),
  );
}

/** Item commands run on tree items; invoked without one (e.g. from a key binding) they say where to find them. */
function withTargets<T, R extends TableControlResult>(targets: T[], run: (targets: T[]) => Promise<R>): Promise<R | TableControlResult> {
  if (targets.length > 0) return run(targets);
  notify('info', vscode.l10n.t('Right-click a TiDB table (or database) in the Connections view of TiDB Lab to use this command.'));
  return Promise.resolve({ outcomes: [] });
}

/** The automation options object, when the second argument is one (from the tree it is the selection). */
function optionsIn<T extends object>(value: unknown): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'treeItem' in value || 'profileId' in value) return {} as T;
  return value as T;
}
