// "Set TiFlash Replicas..." on TiDB tables or databases: offers 0..N replicas where N is the number
// of TiFlash nodes (any count when the cluster does not say, e.g. TiDB Cloud Starter), optional
// location labels, pre-checks, one confirmation (removal always asks), then follows the replication.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { readTiFlashNodeCount } from '../../core/tidb/clusterTopology';
import { serverErrorOf } from '../../core/tidb/serverError';
import { setDatabaseTiFlashReplica, setTableTiFlashReplica } from '../../core/tidb/tableControlActions';
import type { TableControlInfo } from '../../core/tidb/tableControlInfo';
import { checkSetDatabaseTiFlashReplica, checkSetTableTiFlashReplica, checkTiFlashAvailable } from '../../core/tidb/tableControlPreChecks';
import {
  buildSetDatabaseTiFlashReplica,
  buildSetTableTiFlashReplica,
  validateLocationLabels,
  validateReplicaCount,
} from '../../core/tidb/tableControlStatements';
import { replicaCountRangeSentence } from '../../core/tidb/tableControlSentences';
import { readTiFlashReplicas, tableKey, type TiFlashReplicaState } from '../../core/tidb/tiflashReplicaState';
import { confirmStatements } from './ddlConfirmation';
import { replicaCountText, type ReplicaWatch } from './replicaWatches';
import { TABLE_CONTROL_COMMANDS } from './tableControlIds';
import { notify, reportRefusals, type NotificationAction } from './tableControlNotifications';
import { outcomesWith, type TableControlResult, type TargetOutcome } from './tableControlOutcome';
import type { TableControlServices } from './tableControlServices';
import { groupByConnection, targetName, type ConnectionGroup, type DatabaseTarget, type TableTarget } from './tableControlTargets';
import { readTableStates } from './tableStates';
import { failedOutcome, refreshTrees, refusedOutcome, unreachableOutcome } from './targetOutcomes';

export interface TiFlashReplicaOptions {
  /** automation: the replica count, without asking */
  count?: number;
  /** automation: location labels (none when a count is given without them) */
  locationLabels?: string[];
  /** automation: false removes replicas (count 0) without asking */
  confirm?: boolean;
  /** how often the progress is read while watching (default 1 s) */
  watchIntervalMs?: number;
}

export interface TiFlashReplicaOutcome extends TargetOutcome {
  /** with remedy 'reduceReplicas': the most replicas the cluster can hold */
  maxReplicas?: number;
}

export interface TiFlashReplicaResult extends TableControlResult {
  outcomes: TiFlashReplicaOutcome[];
  count?: number;
  /** one per connection whose replicas are followed */
  watches: ReplicaWatch[];
}

type Target = TableTarget | DatabaseTarget;

/** What the user chose: the replica count and location labels. */
interface ReplicaChoice {
  count: number;
  labels: string[];
}

/** What one connection knows before asking: its TiFlash nodes, current replicas, table states. */
interface GroupState {
  group: ConnectionGroup<Target>;
  tiflashNodes: number | null;
  replicas: Map<string, TiFlashReplicaState>;
  tables: Map<string, TableControlInfo>;
}

interface Planned {
  session: DatabaseSession;
  target: Target;
  statement: string;
}

export async function setTiFlashReplicas(
  services: TableControlServices,
  targets: readonly Target[],
  options: TiFlashReplicaOptions = {},
): Promise<TiFlashReplicaResult> {
  const outcomes: TiFlashReplicaOutcome[] = [];
  const { groups, unreachable } = await groupByConnection(services.connections, targets);
  outcomes.push(...unreachable.map(unreachableOutcome));
  let states: GroupState[] = [];
  for (const group of groups) {
    const availability = checkTiFlashAvailable(group.session.identity);
    if (!availability.allowed) {
      outcomes.push(...group.targets.map((target) => refusedOutcome(target, availability)));
      continue;
    }
    try {
      states.push(await readGroupState(group));
    } catch (error) {
      outcomes.push(...group.targets.map((target) => failedOutcome(target, error)));
    }
  }
  const finish = (choice?: ReplicaChoice, watches: ReplicaWatch[] = []): TiFlashReplicaResult => {
    report(services, outcomes, choice, targets);
    return { outcomes, count: choice?.count, watches };
  };
  // What no replica count can change (a cached table, a view, a table that is gone) is said before
  // the count is asked for: the way out comes first, not after a choice that cannot be kept.
  states = states
    .map((state) => ({
      ...state,
      group: {
        ...state.group,
        targets: state.group.targets.filter((target) => {
          const refusal = refusalWhateverTheCount(state, target);
          if (refusal) outcomes.push(refusal);
          return refusal === undefined;
        }),
      },
    }))
    .filter((state) => state.group.targets.length > 0);
  if (states.length === 0) return finish();

  const subject = describeTargets(targets);
  const known = states.map((state) => state.tiflashNodes).filter((nodes): nodes is number => nodes !== null);
  const limit = known.length === 0 ? null : Math.min(...known);
  const currentCounts = states.flatMap((state) =>
    state.group.targets.map((target) => ('table' in target ? (state.replicas.get(tableKey(target))?.replicaCount ?? 0) : undefined)),
  );
  if (limit === 0 && currentCounts.every((count) => count === 0)) {
    outcomes.push(
      ...states.flatMap((state) =>
        state.group.targets.map((target): TiFlashReplicaOutcome => ({
          target: targetName(target),
          status: 'refused',
          remedy: 'addTiFlashNodes',
          message: vscode.l10n.t(
            'The cluster of {0} has no TiFlash nodes, so {1} cannot have TiFlash replicas. Add TiFlash nodes to the cluster first.',
            state.group.session.profile.name,
            targetName(target),
          ),
        })),
      ),
    );
    return finish();
  }
  const current = currentCounts.length > 0 && currentCounts.every((count) => count === currentCounts[0]) ? currentCounts[0] : undefined;
  const count = options.count ?? (await askReplicaCount(subject, limit, current, isDatabases(targets)));
  if (count === undefined) return cancelAll(outcomes, states, finish);
  const labels =
    count === 0
      ? []
      : (options.locationLabels ?? (options.count !== undefined ? [] : await askLocationLabels(subject, count, currentLabels(states))));
  if (labels === undefined) return cancelAll(outcomes, states, finish);
  const choice: ReplicaChoice = { count, labels };

  const planned: Planned[] = [];
  for (const state of states) {
    const { session } = state.group;
    for (const target of state.group.targets) {
      const next = plan(state, target, count, labels);
      if (next.kind === 'run') planned.push({ session, target, statement: next.statement });
      else outcomes.push(next.outcome);
    }
  }
  if (planned.length === 0) return finish(choice);
  const confirmed = options.confirm === false || (await confirmReplicaChange(planned, count, subject, isDatabases(targets)));
  if (!confirmed) {
    outcomes.push(
      ...planned.map((entry): TiFlashReplicaOutcome => ({
        target: targetName(entry.target),
        status: 'cancelled',
        statement: entry.statement,
      })),
    );
    return finish(choice);
  }
  for (const { session, target } of planned) outcomes.push(await run(session, target, count, labels));
  const done = planned.filter((entry) =>
    outcomes.some((outcome) => outcome.status === 'done' && outcome.target === targetName(entry.target)),
  );
  refreshTrees(
    services,
    done.map((entry) => entry.target),
  );
  const watches = count === 0 ? [] : await startWatches(services, done, options);
  return finish(choice, watches);
}

function confirmReplicaChange(planned: readonly Planned[], count: number, subject: string, databases: boolean): Promise<boolean> {
  return confirmStatements({
    question:
      count === 0
        ? vscode.l10n.t('Remove the TiFlash replicas of {0}?', subject)
        : vscode.l10n.t('Set {0} for {1}?', replicaCountText(count), subject),
    statements: planned.map((entry) => entry.statement),
    runLabel: count === 0 ? vscode.l10n.t('Remove Replicas') : vscode.l10n.t('Set Replicas'),
    destructive: count === 0,
    note: [
      count === 0
        ? vscode.l10n.t('Queries that read from TiFlash go back to TiKV.')
        : vscode.l10n.t(
            'TiFlash copies the data in the background and TiDB Lab follows the progress; the optimizer uses TiFlash once a replica is available.',
          ),
      databases
        ? vscode.l10n.t(
            'For a database TiDB changes each of its tables in turn (not atomically), skipping system tables, views, temporary tables and unsupported character sets.',
          )
        : '',
    ]
      .filter(Boolean)
      .join(' '),
  });
}

async function readGroupState(group: ConnectionGroup<Target>): Promise<GroupState> {
  const { session, targets } = group;
  const tables = targets.filter((target): target is TableTarget => 'table' in target);
  const schemas = targets.filter((target) => !('table' in target)).map((target) => target.schema);
  const [tiflashNodes, replicas, tableStates] = await Promise.all([
    readTiFlashNodeCount(session),
    readTiFlashReplicas(session, { schemas, tables }),
    readTableStates(session, tables),
  ]);
  return { group, tiflashNodes, replicas: new Map(replicas.map((replica) => [tableKey(replica), replica])), tables: tableStates };
}

/** Why a table cannot get TiFlash replicas whatever the count (cached, a view, gone), if it cannot. */
function refusalWhateverTheCount(state: GroupState, target: Target): TiFlashReplicaOutcome | undefined {
  if (!('table' in target)) return undefined;
  const name = targetName(target);
  const info = state.tables.get(tableKey(target));
  if (!info) return { target: name, status: 'failed', message: vscode.l10n.t('{0} no longer exists. Refresh the Connections view.', name) };
  // 0 replicas on an unknown number of nodes: only the problems that do not depend on the count.
  const check = checkSetTableTiFlashReplica(state.group.session.identity, info, 0, null);
  return check.allowed ? undefined : refusedOutcome(target, check);
}

/** The statement to run for a target, or why there is none. */
function plan(
  state: GroupState,
  target: Target,
  count: number,
  labels: string[],
): { kind: 'run'; statement: string } | { kind: 'skip'; outcome: TiFlashReplicaOutcome } {
  const { identity } = state.group.session;
  const name = targetName(target);
  const skip = (outcome: TiFlashReplicaOutcome) => ({ kind: 'skip' as const, outcome });
  if (!('table' in target)) {
    const check = checkSetDatabaseTiFlashReplica(identity, target.schema, count, state.tiflashNodes);
    return check.allowed
      ? { kind: 'run', statement: buildSetDatabaseTiFlashReplica(target.schema, count, labels) }
      : skip(refusedOutcome(target, check));
  }
  const info = state.tables.get(tableKey(target));
  if (!info)
    return skip({ target: name, status: 'failed', message: vscode.l10n.t('{0} no longer exists. Refresh the Connections view.', name) });
  const check = checkSetTableTiFlashReplica(identity, info, count, state.tiflashNodes);
  if (!check.allowed) return skip(refusedOutcome(target, check));
  const replica = state.replicas.get(tableKey(target));
  if ((replica?.replicaCount ?? 0) === count && (count === 0 || sameLabels(replica?.locationLabels ?? [], labels))) {
    return skip({
      target: name,
      status: 'unchanged',
      message:
        count === 0
          ? vscode.l10n.t('{0} has no TiFlash replica.', name)
          : vscode.l10n.t('{0} already has {1}.', name, replicaCountText(count)),
    });
  }
  return { kind: 'run', statement: buildSetTableTiFlashReplica(target, count, labels) };
}

async function run(session: DatabaseSession, target: Target, count: number, labels: string[]): Promise<TiFlashReplicaOutcome> {
  const outcome =
    'table' in target
      ? await setTableTiFlashReplica(session, target, count, labels)
      : await setDatabaseTiFlashReplica(session, target.schema, count, labels);
  if (outcome.ok) return { target: targetName(target), status: 'done', statement: outcome.statement };
  const { error } = outcome;
  return {
    target: targetName(target),
    status: 'failed',
    statement: outcome.statement,
    message: `${error.title}. ${error.detail}`,
    remedy: error.remedy,
    maxReplicas: error.maxReplicas,
  };
}

async function startWatches(
  services: TableControlServices,
  done: readonly Planned[],
  options: TiFlashReplicaOptions,
): Promise<ReplicaWatch[]> {
  const watches: ReplicaWatch[] = [];
  for (const session of new Set(done.map((entry) => entry.session))) {
    const mine = done.filter((entry) => entry.session === session).map((entry) => entry.target);
    const tables = mine.filter((target): target is TableTarget => 'table' in target);
    const schemas = mine.filter((target) => !('table' in target)).map((target) => target.schema);
    try {
      // ALTER DATABASE skips some tables: watch the ones that got a replica.
      const inSchemas = schemas.length === 0 ? [] : await readTiFlashReplicas(session, { schemas });
      const refs = [
        ...tables.map(({ schema, table }) => ({ schema, table })),
        ...inSchemas.map(({ schema, table }) => ({ schema, table })),
      ];
      if (refs.length > 0)
        watches.push(services.watches.watch(session, refs, describeTargets(mine), { intervalMs: options.watchIntervalMs }));
    } catch (error) {
      notify(
        'error',
        vscode.l10n.t('Could not follow the TiFlash replicas of {0}: {1}', describeTargets(mine), serverErrorOf(error).message),
      );
    }
  }
  return watches;
}

function report(
  services: TableControlServices,
  outcomes: readonly TiFlashReplicaOutcome[],
  choice: ReplicaChoice | undefined,
  targets: readonly Target[],
): void {
  const count = choice?.count;
  const done = outcomesWith(outcomes, 'done');
  if (done.length > 0) services.log.info(`Set ${count ?? '?'} TiFlash replicas for ${done.map((outcome) => outcome.target).join(', ')}.`);
  if (done.length > 0 && count === 0) {
    notify('info', vscode.l10n.t('Removed the TiFlash replicas of {0}.', done.map((outcome) => outcome.target).join(', ')));
  }
  const problems = [...outcomesWith(outcomes, 'refused'), ...outcomesWith(outcomes, 'failed')] as TiFlashReplicaOutcome[];
  if (done.length === 0 && problems.length === 0) {
    const unchanged = outcomesWith(outcomes, 'unchanged');
    if (unchanged.length > 0) notify('info', unchanged.map((outcome) => outcome.message).join(' '));
  }
  reportRefusals(
    services.log,
    vscode.l10n.t('{0} of {1} were not changed.', problems.length, outcomes.length),
    problems.map((outcome) => outcome.message ?? outcome.target),
    remedyActions(problems, targets, choice),
  );
}

/** The buttons that take the way out the sentences name, for the targets they concern. */
function remedyActions(
  problems: readonly TiFlashReplicaOutcome[],
  targets: readonly Target[],
  choice: ReplicaChoice | undefined,
): NotificationAction[] {
  const concerned = (remedy: string) =>
    targets.filter((target) => problems.some((problem) => problem.remedy === remedy && problem.target === targetName(target)));
  const actions: NotificationAction[] = [];
  const cached = concerned('stopCaching').filter((target): target is TableTarget => 'table' in target);
  if (cached.length > 0) {
    actions.push({
      label: vscode.l10n.t('Stop Caching, Then Set Replicas'),
      run: () =>
        vscode.commands.executeCommand(
          TABLE_CONTROL_COMMANDS.stopCachingThenSetTiFlashReplicas,
          cached,
          choice === undefined ? {} : { count: choice.count, locationLabels: choice.labels },
        ),
    });
  }
  if (choice === undefined) return actions;
  const max = Math.min(
    ...problems
      .filter((problem) => problem.remedy === 'reduceReplicas' && problem.maxReplicas !== undefined)
      .map((problem) => problem.maxReplicas as number),
  );
  if (Number.isFinite(max)) {
    actions.push({
      label: vscode.l10n.t('Set {0} Instead', replicaCountText(max)),
      run: () =>
        vscode.commands.executeCommand(TABLE_CONTROL_COMMANDS.setTiFlashReplicas, concerned('reduceReplicas'), {
          count: max,
          locationLabels: choice.labels,
        }),
    });
  }
  return actions;
}

export interface StopCachingThenSetReplicasOptions extends TiFlashReplicaOptions {
  /** automation: answers "Cache it again?" once the replicas are there (true caches, false leaves it) */
  cacheAgain?: boolean;
}

export interface StopCachingThenSetReplicasResult {
  stopped: TableControlResult | undefined;
  replicas: TiFlashReplicaResult | undefined;
  /** with cacheAgain: true, the caching of the tables that were cached before */
  cachedAgain?: TableControlResult;
}

/**
 * The way out for cached tables, as the refusal promises: stop caching, set the replicas (asking
 * the count when none was chosen yet), and once they are there offer to cache the tables again.
 */
export async function stopCachingThenSetReplicas(
  services: TableControlServices,
  cached: readonly TableTarget[],
  options: StopCachingThenSetReplicasOptions = {},
): Promise<StopCachingThenSetReplicasResult> {
  const { cacheAgain, ...replicaOptions } = options;
  const stopped = await vscode.commands.executeCommand<TableControlResult | undefined>(TABLE_CONTROL_COMMANDS.stopCachingTable, cached);
  const statusOf = (result: TableControlResult | undefined, target: TableTarget) =>
    result?.outcomes.find((outcome) => outcome.target === targetName(target))?.status;
  const ready = cached.filter((target) => ['done', 'unchanged'].includes(statusOf(stopped, target) ?? ''));
  if (ready.length === 0) return { stopped, replicas: undefined };
  const replicas = await setTiFlashReplicas(services, ready, replicaOptions);
  // Only the tables this way out stopped caching are offered back; one whose replicas were not set gets it at once.
  const uncached = ready.filter((target) => statusOf(stopped, target) === 'done');
  if (uncached.length === 0) return { stopped, replicas };
  await Promise.all(replicas.watches.map((watch) => watch.done));
  const replicated = uncached.filter((target) => statusOf(replicas, target) === 'done');
  const names = uncached.map(targetName).join(', ');
  const question =
    replicated.length === uncached.length
      ? uncached.length === 1
        ? vscode.l10n.t('{0} has its TiFlash replicas. It was a cached table before: cache it again?', names)
        : vscode.l10n.t('{0} have their TiFlash replicas. They were cached tables before: cache them again?', names)
      : vscode.l10n.t('{0} is no longer cached, and its TiFlash replicas were not set. Cache it again?', names);
  const cacheThem = () => vscode.commands.executeCommand<TableControlResult | undefined>(TABLE_CONTROL_COMMANDS.cacheTable, uncached);
  if (cacheAgain === true) return { stopped, replicas, cachedAgain: await cacheThem() };
  if (cacheAgain === undefined) notify('info', question, [{ label: vscode.l10n.t('Cache Again'), run: cacheThem }]);
  return { stopped, replicas };
}

async function askReplicaCount(
  subject: string,
  limit: number | null,
  current: number | undefined,
  databases: boolean,
): Promise<number | undefined> {
  const title = vscode.l10n.t('TiFlash Replicas for {0}', subject);
  if (limit === null) {
    const text = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t(
        'How many TiFlash replicas? This cluster does not say how many TiFlash nodes it has (e.g. TiDB Cloud Starter), so any count can be asked for. 0 removes the replicas.',
      ),
      value: current === undefined ? '1' : String(current),
      validateInput: (value) => {
        const checked = validateReplicaCount(value.trim() === '' ? value : Number(value));
        return checked.ok ? undefined : checked.message;
      },
    });
    return text === undefined ? undefined : Number(text);
  }
  const counts = Array.from({ length: limit + 1 }, (_, count) => count).filter((count) => count > 0 || databases || current !== 0);
  const items: CountItem[] = counts.map((count) => ({
    label: replicaCountText(count),
    count,
    description: [
      count === current ? vscode.l10n.t('current') : '',
      count === 0 ? vscode.l10n.t('removes the TiFlash replicas (asks first)') : '',
      count > 0 && count === limit ? vscode.l10n.t('one on each TiFlash node') : '',
    ]
      .filter(Boolean)
      .join(' · '),
  }));
  return pickCount(items, counts, limit, {
    title,
    placeholder:
      limit === 1
        ? vscode.l10n.t('The cluster has 1 TiFlash node, so at most 1 replica')
        : vscode.l10n.t('The cluster has {0} TiFlash nodes, so at most {0} replicas', limit),
  });
}

interface CountItem extends vscode.QuickPickItem {
  /** undefined for the line that says the range */
  count: number | undefined;
}

/** The count picker; text typed that is not one of its counts gets a line saying the range instead of an empty list. */
function pickCount(
  items: CountItem[],
  counts: number[],
  tiflashNodes: number,
  text: { title: string; placeholder: string },
): Promise<number | undefined> {
  const pick = vscode.window.createQuickPick<CountItem>();
  pick.title = text.title;
  pick.placeholder = text.placeholder;
  pick.items = items;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (count: number | undefined) => {
      if (settled) return;
      settled = true;
      pick.dispose();
      resolve(count);
    };
    pick.onDidChangeValue((typed) => {
      const shown = items.some((item) => item.label.toLowerCase().includes(typed.trim().toLowerCase()));
      const sentence = /^\s*-?\d+\s*$/.test(typed) || !shown ? replicaCountRangeSentence(typed, counts, tiflashNodes) : undefined;
      pick.items =
        sentence === undefined
          ? items
          : [
              { label: `$(warning) ${sentence}`, count: undefined, alwaysShow: true },
              ...items.map((item) => ({ ...item, alwaysShow: true })),
            ];
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      if (chosen?.count !== undefined) finish(chosen.count);
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

async function askLocationLabels(subject: string, count: number, current: string[]): Promise<string[] | undefined> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Location Labels for {0} of {1} (optional)', replicaCountText(count), subject),
    prompt: vscode.l10n.t(
      'Comma-separated labels of your TiFlash nodes, e.g. zone,rack: TiDB places the replicas on different values of these labels. Leave empty for none.',
    ),
    value: current.join(','),
    validateInput: (value) => {
      const checked = validateLocationLabels(splitLabels(value));
      return checked.ok ? undefined : checked.message;
    },
  });
  return text === undefined ? undefined : splitLabels(text).map((label) => label.trim());
}

function splitLabels(text: string): string[] {
  return text.trim() === '' ? [] : text.split(',');
}

function currentLabels(states: readonly GroupState[]): string[] {
  const all = states.flatMap((state) => [...state.replicas.values()].map((replica) => replica.locationLabels.join(',')));
  return all.length > 0 && all.every((labels) => labels === all[0]) && all[0] !== '' ? all[0].split(',') : [];
}

function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((label, index) => label === b[index]);
}

function cancelAll(
  outcomes: TiFlashReplicaOutcome[],
  states: readonly GroupState[],
  finish: () => TiFlashReplicaResult,
): TiFlashReplicaResult {
  outcomes.push(
    ...states.flatMap((state) =>
      state.group.targets.map((target): TiFlashReplicaOutcome => ({ target: targetName(target), status: 'cancelled' })),
    ),
  );
  return finish();
}

function isDatabases(targets: readonly Target[]): boolean {
  return targets.length > 0 && targets.every((target) => !('table' in target));
}

function describeTargets(targets: readonly Target[]): string {
  if (targets.length === 1) return 'table' in targets[0] ? targetName(targets[0]) : vscode.l10n.t('the database {0}', targets[0].schema);
  return isDatabases(targets) ? vscode.l10n.t('{0} databases', targets.length) : vscode.l10n.t('{0} tables', targets.length);
}
