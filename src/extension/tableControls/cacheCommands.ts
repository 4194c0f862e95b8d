// "Cache Table" and "Stop Caching Table" on one or several TiDB tables: pre-checks first (so a
// table that TiDB would refuse is explained, not sent), then one confirmation for all statements,
// then the statements, the tree's badges, and a notification of what happened.
import * as vscode from 'vscode';
import { cacheTable, stopCachingTable } from '../../core/tidb/tableControlActions';
import { checkCachedTablesAvailable, checkCacheTable, checkStopCachingTable } from '../../core/tidb/tableControlPreChecks';
import { buildCacheTable, buildStopCachingTable } from '../../core/tidb/tableControlStatements';
import { tableKey } from '../../core/tidb/tiflashReplicaState';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { confirmStatements } from './ddlConfirmation';
import { TABLE_CONTROL_COMMANDS } from './tableControlIds';
import { notify, reportRefusals } from './tableControlNotifications';
import { outcomesWith, type TableControlResult, type TargetOutcome } from './tableControlOutcome';
import type { TableControlServices } from './tableControlServices';
import { targetName, type TableTarget } from './tableControlTargets';
import { readTableStatesByConnection } from './tableStates';
import { refreshTrees, refusedOutcome } from './targetOutcomes';

interface PlannedStatement {
  session: DatabaseSession;
  target: TableTarget;
  statement: string;
}

export function cacheTables(services: TableControlServices, targets: readonly TableTarget[]): Promise<TableControlResult> {
  return changeCaching(services, targets, true);
}

export function stopCachingTables(services: TableControlServices, targets: readonly TableTarget[]): Promise<TableControlResult> {
  return changeCaching(services, targets, false);
}

async function changeCaching(services: TableControlServices, targets: readonly TableTarget[], cache: boolean): Promise<TableControlResult> {
  const outcomes: TargetOutcome[] = [];
  const planned: PlannedStatement[] = [];
  const available = cache ? checkCachedTablesAvailable : checkStopCachingTable;
  for (const { session, targets: mine, states } of await readTableStatesByConnection(services.connections, targets, available, outcomes)) {
    for (const target of mine) {
      const name = targetName(target);
      const info = states.get(tableKey(target));
      if (!info) {
        outcomes.push({
          target: name,
          status: 'failed',
          message: vscode.l10n.t('{0} no longer exists. Refresh the Connections view.', name),
        });
      } else if (info.cached === cache) {
        outcomes.push({
          target: name,
          status: 'unchanged',
          message: cache ? vscode.l10n.t('{0} is already cached.', name) : vscode.l10n.t('{0} is not cached.', name),
        });
      } else {
        const check = cache ? checkCacheTable(session.identity, info) : checkStopCachingTable(session.identity);
        if (check.allowed) planned.push({ session, target, statement: cache ? buildCacheTable(target) : buildStopCachingTable(target) });
        else outcomes.push(refusedOutcome(target, check));
      }
    }
  }
  if (planned.length > 0) outcomes.push(...(await runPlanned(planned, cache)));
  refreshTrees(services, outcomesWith(outcomes, 'done').length > 0 ? targets : []);
  report(services, outcomes, cache, targets);
  return { outcomes };
}

async function runPlanned(planned: readonly PlannedStatement[], cache: boolean): Promise<TargetOutcome[]> {
  const names = planned.map((entry) => targetName(entry.target));
  const confirmed = await confirmStatements({
    question: cache
      ? names.length === 1
        ? vscode.l10n.t('Cache the table {0}?', names[0])
        : vscode.l10n.t('Cache {0} tables?', names.length)
      : names.length === 1
        ? vscode.l10n.t('Stop caching the table {0}?', names[0])
        : vscode.l10n.t('Stop caching {0} tables?', names.length),
    statements: planned.map((entry) => entry.statement),
    runLabel: cache ? vscode.l10n.t('Cache Table') : vscode.l10n.t('Stop Caching'),
    note: cache
      ? vscode.l10n.t(
          'TiDB keeps a cached table in memory: reads get faster, a write can wait up to the cache lease (tidb_table_cache_lease), and DDL on the table is refused until you stop caching it.',
        )
      : vscode.l10n.t('Reads go to TiKV again, and DDL on the table is allowed again.'),
  });
  if (!confirmed) return names.map((target): TargetOutcome => ({ target, status: 'cancelled' }));
  const outcomes: TargetOutcome[] = [];
  for (const { session, target } of planned) {
    const outcome = await (cache ? cacheTable : stopCachingTable)(session, target);
    outcomes.push(
      outcome.ok
        ? { target: targetName(target), status: 'done', statement: outcome.statement }
        : {
            target: targetName(target),
            status: 'failed',
            statement: outcome.statement,
            message: `${outcome.error.title}. ${outcome.error.detail}`,
            remedy: outcome.error.remedy,
          },
    );
  }
  return outcomes;
}

function report(services: TableControlServices, outcomes: readonly TargetOutcome[], cache: boolean, targets: readonly TableTarget[]): void {
  const done = outcomesWith(outcomes, 'done');
  const problems = [...outcomesWith(outcomes, 'refused'), ...outcomesWith(outcomes, 'failed')];
  if (done.length > 0) {
    const names = done.map((outcome) => outcome.target).join(', ');
    services.log.info(`${cache ? 'Cached' : 'Stopped caching'} ${names}.`);
    if (cache) {
      const cached = targets.filter((target) => done.some((outcome) => outcome.target === targetName(target)));
      notify(
        'info',
        done.length === 1
          ? vscode.l10n.t('Cached {0}. The first read loads it into memory.', names)
          : vscode.l10n.t('Cached {0} tables: {1}. The first read of each loads it into memory.', done.length, names),
        [
          {
            label: vscode.l10n.t('Verify Cache Hit'),
            run: () => vscode.commands.executeCommand(TABLE_CONTROL_COMMANDS.verifyCacheHit, cached),
          },
        ],
      );
    } else {
      notify(
        'info',
        done.length === 1
          ? vscode.l10n.t('Stopped caching {0}.', names)
          : vscode.l10n.t('Stopped caching {0} tables: {1}.', done.length, names),
      );
    }
  } else if (problems.length === 0) {
    const unchanged = outcomesWith(outcomes, 'unchanged');
    if (unchanged.length > 0) notify('info', unchanged.map((outcome) => outcome.message).join(' '));
  }
  const heading = cache
    ? vscode.l10n.t('{0} of {1} tables were not cached.', problems.length, outcomes.length)
    : vscode.l10n.t('{0} of {1} tables are still cached.', problems.length, outcomes.length);
  reportRefusals(
    services.log,
    heading,
    problems.map((outcome) => outcome.message ?? outcome.target),
  );
}
