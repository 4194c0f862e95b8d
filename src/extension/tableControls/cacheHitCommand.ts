// "Verify Cache Hit": TRACEs a sample read of each cached table and says whether TiDB served it
// from memory. The first read after CACHE goes to TiKV and starts the load, so misses are retried
// for a while, with the try shown in a cancellable progress notification.
import * as vscode from 'vscode';
import { verifyCacheHit, type CacheHitOptions } from '../../core/tidb/cacheHitVerification';
import { serverErrorOf } from '../../core/tidb/serverError';
import { checkCachedTablesAvailable } from '../../core/tidb/tableControlPreChecks';
import { tableKey } from '../../core/tidb/tiflashReplicaState';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { TABLE_CONTROL_COMMANDS } from './tableControlIds';
import { notify, reportRefusals, showLogAction } from './tableControlNotifications';
import type { TableControlResult, TargetOutcome } from './tableControlOutcome';
import type { TableControlServices } from './tableControlServices';
import { targetName, type TableTarget } from './tableControlTargets';
import { readTableStatesByConnection } from './tableStates';

export type CacheHitCommandOptions = Pick<CacheHitOptions, 'attempts' | 'intervalMs'>;

// Up to about 5 s for the first load: a small table loads in well under a second, a busy cluster
// takes longer, and the notification lets the user stop earlier.
const DEFAULT_ATTEMPTS = 10;

export interface CacheHitOutcome extends TargetOutcome {
  /** set when a TRACE decided */
  servedFromCache?: boolean;
}

export async function verifyCacheHits(
  services: TableControlServices,
  targets: readonly TableTarget[],
  options: CacheHitCommandOptions = {},
): Promise<TableControlResult & { outcomes: CacheHitOutcome[] }> {
  const outcomes: CacheHitOutcome[] = [];
  const notCached: TableTarget[] = [];
  for (const { session, targets: mine, states } of await readTableStatesByConnection(
    services.connections,
    targets,
    checkCachedTablesAvailable,
    outcomes,
  )) {
    for (const target of mine) {
      if (states.get(tableKey(target))?.cached !== true) {
        notCached.push(target);
        continue;
      }
      outcomes.push(await verifyOne(services, session, target, options));
    }
  }
  const problems = outcomes.filter((outcome) => outcome.status === 'failed' || outcome.status === 'refused');
  reportRefusals(
    services.log,
    vscode.l10n.t('{0} of {1} tables could not be verified.', problems.length, targets.length),
    problems.map((outcome) => outcome.message ?? outcome.target),
  );
  if (notCached.length > 0) {
    const names = notCached.map(targetName).join(', ');
    const message =
      notCached.length === 1
        ? vscode.l10n.t('{0} is not cached, so its reads cannot come from memory. Cache it first.', names)
        : vscode.l10n.t('{0} are not cached, so their reads cannot come from memory. Cache them first.', names);
    services.log.warn(message);
    notify('warning', message, [
      { label: vscode.l10n.t('Cache Table'), run: () => vscode.commands.executeCommand(TABLE_CONTROL_COMMANDS.cacheTable, notCached) },
    ]);
    outcomes.push(...notCached.map((target): CacheHitOutcome => ({ target: targetName(target), status: 'refused', message })));
  }
  return { outcomes };
}

async function verifyOne(
  services: TableControlServices,
  session: DatabaseSession,
  target: TableTarget,
  options: CacheHitCommandOptions,
): Promise<CacheHitOutcome> {
  const name = targetName(target);
  const controller = new AbortController();
  try {
    const result = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Verifying that reads of {0} come from memory', name),
        cancellable: true,
      },
      (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        return verifyCacheHit(session, target.schema, target.table, {
          attempts: DEFAULT_ATTEMPTS,
          ...options,
          signal: controller.signal,
          onAttempt: (attempt, attempts) =>
            progress.report({
              message:
                attempt === 1
                  ? vscode.l10n.t('tracing a read…')
                  : vscode.l10n.t('try {0} of {1}: the first read after caching loads the table…', attempt, attempts),
            }),
        });
      },
    );
    services.log.info(result.detail);
    if (result.servedFromCache) {
      notify('info', result.detail, [showLogAction(services.log)]);
    } else {
      notify('warning', result.detail, [
        { label: vscode.l10n.t('Try Again'), run: () => vscode.commands.executeCommand(TABLE_CONTROL_COMMANDS.verifyCacheHit, target) },
        {
          label: vscode.l10n.t('Cache Lease...'),
          run: () => vscode.commands.executeCommand(TABLE_CONTROL_COMMANDS.cacheLease, { profileId: target.profileId }),
        },
      ]);
    }
    return { target: name, status: 'done', servedFromCache: result.servedFromCache, message: result.detail };
  } catch (error) {
    if (controller.signal.aborted) return { target: name, status: 'cancelled' };
    return {
      target: name,
      status: 'failed',
      message: vscode.l10n.t('Could not trace a read of {0}: {1}', name, serverErrorOf(error).message),
    };
  }
}
