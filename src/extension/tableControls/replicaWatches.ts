// Follows TiFlash replication after a change: a cancellable progress notification per change and
// the tree's "TiFlash 2 (63%)" until the replicas are available. Several watches can run at once.
// Cancelling closes the notification only: the cluster goes on replicating, and the tree goes on
// showing its progress (read quietly) until the replicas are available, so it never stays stale.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { watchReplicaProgress, type ReplicaWatchResult, type ReplicaWatchStatus } from '../../core/tidb/replicaProgressWatch';
import { serverErrorOf } from '../../core/tidb/serverError';
import { describeTable } from '../../core/tidb/tableControlSentences';
import type { TableRef } from '../../core/tidb/tableControlStatements';
import type { ConnectionsTreeProvider } from '../explorer/connectionsTreeProvider';
import type { ExtensionLog } from '../log/extensionLog';
import { notify, reportRefusals, showLogAction } from './tableControlNotifications';

export interface ReplicaWatch {
  /** settles when every table is done, the watch is stopped, or reading the progress fails */
  readonly done: Promise<ReplicaWatchResult | undefined>;
  /** closes the notification, as its Cancel does; the tree goes on following the progress */
  stop(): void;
  /** settles when the tree stops following the progress after a cancel (done, gone, or an error) */
  readonly followed: Promise<void>;
  /** what the notification shows now, from the read the tree shows; undefined before the first read */
  readonly shown: ShownProgress | undefined;
}

export interface ShownProgress {
  /** the mean progress of the tables, 0..100 (one table: its own, as its tree item says it) */
  percent: number;
  message: string;
}

export interface ReplicaWatchOptions {
  intervalMs?: number;
}

export class ReplicaWatches implements vscode.Disposable {
  private readonly running = new Set<AbortController>();
  private disposed = false;

  constructor(
    private readonly explorer: ConnectionsTreeProvider,
    private readonly log: ExtensionLog,
  ) {}

  /** Watches the tables' replicas until each is available (or gone); `subject` names them in the notification. */
  watch(session: DatabaseSession, tables: readonly TableRef[], subject: string, options: ReplicaWatchOptions = {}): ReplicaWatch {
    const controller = new AbortController();
    this.running.add(controller);
    const profileId = session.profile.id;
    // While watched, a table's item shows the watch's reads, the ones its notification shows.
    const showInTree = (statuses: readonly ReplicaWatchStatus[]): void => {
      for (const status of statuses)
        this.explorer.showTiFlashReplica({ profileId, schema: status.schema, table: status.table }, status.replica ?? undefined);
    };
    const stopShowingInTree = (): void => {
      for (const table of tables) this.explorer.stopShowingWatchedReplica({ profileId, schema: table.schema, table: table.table });
    };
    let shown: ShownProgress | undefined;
    let followed: Promise<void> = Promise.resolve();
    const follower = new AbortController();
    const done = Promise.resolve(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('TiFlash replicas of {0}', subject), cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          let shownPercent = 0;
          return watchReplicaProgress(session, tables, {
            intervalMs: options.intervalMs,
            signal: controller.signal,
            onProgress: (statuses) => {
              showInTree(statuses);
              const percent = overallPercent(statuses);
              shown = { percent, message: progressMessage(statuses, percent) };
              progress.report({ message: shown.message, increment: Math.max(0, percent - shownPercent) });
              shownPercent = Math.max(shownPercent, percent);
            },
          });
        },
      ),
    )
      .then(
        (result) => {
          if (result.cancelled && !this.disposed)
            followed = this.followInTree(session, tables, follower, showInTree, options).finally(stopShowingInTree);
          else stopShowingInTree();
          this.announce(result, subject, () => {
            follower.abort();
            this.watch(session, tables, subject, options);
          });
          return result;
        },
        (error: unknown) => {
          stopShowingInTree();
          const message = vscode.l10n.t('Stopped watching the TiFlash replicas of {0}: {1}', subject, serverErrorOf(error).message);
          reportRefusals(this.log, message, [message]);
          return undefined;
        },
      )
      .finally(() => this.running.delete(controller));
    return {
      done,
      stop: () => controller.abort(),
      get followed() {
        return done.then(() => followed);
      },
      get shown() {
        return shown;
      },
    };
  }

  dispose(): void {
    this.disposed = true;
    for (const controller of this.running) controller.abort();
    this.running.clear();
  }

  /** After a cancel: the tree's progress, read without a notification, until the replicas are available. */
  private async followInTree(
    session: DatabaseSession,
    tables: readonly TableRef[],
    controller: AbortController,
    showInTree: (statuses: readonly ReplicaWatchStatus[]) => void,
    options: ReplicaWatchOptions,
  ): Promise<void> {
    this.running.add(controller);
    try {
      await watchReplicaProgress(session, tables, { intervalMs: options.intervalMs, signal: controller.signal, onProgress: showInTree });
    } catch (error) {
      this.log.warn(`Stopped following the TiFlash replicas in the Connections view: ${serverErrorOf(error).message}`);
    } finally {
      this.running.delete(controller);
    }
  }

  private announce(result: ReplicaWatchResult, subject: string, watchAgain: () => void): void {
    if (result.cancelled) {
      const message = vscode.l10n.t(
        'Stopped watching {0} here. TiFlash goes on replicating in the cluster; the Connections view goes on showing its progress.',
        subject,
      );
      this.log.info(message);
      notify('info', message, [{ label: vscode.l10n.t('Watch Again'), run: watchAgain }]);
      return;
    }
    const ready = result.statuses.filter((status) => status.phase === 'ready');
    const gone = result.statuses
      .filter((status) => status.phase === 'noReplica')
      .map((status) => describeTable(status.schema, status.table));
    if (ready.length > 0) {
      const message =
        ready.length === 1
          ? vscode.l10n.t(
              '{0} can be read from TiFlash: {1}, caught up.',
              describeTable(ready[0].schema, ready[0].table),
              replicaCountText(ready[0].replica?.replicaCount ?? 0),
            )
          : vscode.l10n.t('{0} tables of {1} can be read from TiFlash, caught up.', ready.length, subject);
      this.log.info(message);
      notify('info', message, [showLogAction(this.log)]);
    }
    if (gone.length > 0) {
      const message = vscode.l10n.t(
        'No TiFlash replica any more for {0}: it was removed, or the table dropped, while TiDB Lab watched.',
        gone.join(', '),
      );
      this.log.warn(message);
      notify('warning', message, [showLogAction(this.log)]);
    }
  }
}

/** The mean progress of the tables still having a replica, 0..100. */
function overallPercent(statuses: readonly ReplicaWatchStatus[]): number {
  const watched = statuses.filter((status) => status.phase !== 'noReplica');
  if (watched.length === 0) return 100;
  const sum = watched.reduce((total, status) => total + (status.phase === 'ready' ? 1 : (status.replica?.progress ?? 0)), 0);
  return Math.floor((sum / watched.length) * 100);
}

function progressMessage(statuses: readonly ReplicaWatchStatus[], percent: number): string {
  if (statuses.length === 1) {
    const [status] = statuses;
    if (status.phase === 'ready') return vscode.l10n.t('available');
    return status.replica?.available
      ? vscode.l10n.t('{0}% · the optimizer may already use TiFlash', percent)
      : vscode.l10n.t('{0}% · not available to queries yet', percent);
  }
  const ready = statuses.filter((status) => status.phase === 'ready').length;
  return vscode.l10n.t('{0} of {1} tables available · {2}%', ready, statuses.length, percent);
}

export function replicaCountText(count: number): string {
  return count === 1 ? vscode.l10n.t('1 replica') : vscode.l10n.t('{0} replicas', count);
}
