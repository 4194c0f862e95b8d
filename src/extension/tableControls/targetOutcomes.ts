// Outcomes and tree refreshes shared by the table control commands.
import * as vscode from 'vscode';
import { serverErrorOf } from '../../core/tidb/serverError';
import type { PreCheckResult } from '../../core/tidb/tableControlPreChecks';
import type { TargetOutcome } from './tableControlOutcome';
import type { TableControlServices } from './tableControlServices';
import { targetName, type DatabaseTarget, type TableTarget } from './tableControlTargets';

export function unreachableOutcome(target: DatabaseTarget | TableTarget): TargetOutcome {
  return {
    target: targetName(target),
    status: 'failed',
    message: vscode.l10n.t('{0}: its connection is not open. Connect first.', targetName(target)),
  };
}

/** What a pre-check said, with the way out its first problem offers. */
export function refusedOutcome(target: DatabaseTarget | TableTarget, check: PreCheckResult): TargetOutcome {
  return {
    target: targetName(target),
    status: 'refused',
    message: check.problems.map((problem) => problem.message).join(' '),
    remedy: check.problems.find((problem) => problem.remedy)?.remedy,
  };
}

/** A query that failed before anything was changed (e.g. the connection dropped). */
export function failedOutcome(target: DatabaseTarget | TableTarget, error: unknown): TargetOutcome {
  return {
    target: targetName(target),
    status: 'failed',
    message: vscode.l10n.t('Could not read the state of {0}: {1}', targetName(target), serverErrorOf(error).message),
  };
}

/** Re-lists the database items of the targets, so the tree shows their new badges. */
export function refreshTrees(services: TableControlServices, targets: readonly (DatabaseTarget | TableTarget)[]): void {
  const seen = new Set<string>();
  for (const { profileId, schema } of targets) {
    const key = JSON.stringify([profileId, schema]);
    if (seen.has(key)) continue;
    seen.add(key);
    services.explorer.refreshSchema(profileId, schema);
  }
}
