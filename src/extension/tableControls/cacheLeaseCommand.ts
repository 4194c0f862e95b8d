// "Cache Lease...": shows tidb_table_cache_lease and sets it (GLOBAL, 1-10 s) after saying what a
// longer lease trades: fewer reloads under load against longer write stalls.
import * as vscode from 'vscode';
import { serverErrorOf } from '../../core/tidb/serverError';
import { readTableCacheLease, setTableCacheLease, TABLE_CACHE_LEASE_TRADE_OFF } from '../../core/tidb/tableCacheLease';
import { checkCachedTablesAvailable } from '../../core/tidb/tableControlPreChecks';
import { buildSetTableCacheLease, validateTableCacheLease } from '../../core/tidb/tableControlStatements';
import { TABLE_CACHE_LEASE } from '../../core/tidb/tidbFacts';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { confirmStatements } from './ddlConfirmation';
import { notify, reportRefusals } from './tableControlNotifications';
import type { TableControlServices } from './tableControlServices';

export interface CacheLeaseOptions {
  /** automation: the new lease, without asking */
  seconds?: number;
}

export interface CacheLeaseResult {
  status: 'done' | 'unchanged' | 'refused' | 'failed' | 'cancelled';
  previousSeconds?: number;
  seconds?: number;
  message?: string;
}

export async function changeCacheLease(
  services: TableControlServices,
  profileId: string | undefined,
  options: CacheLeaseOptions = {},
): Promise<CacheLeaseResult> {
  const session = await sessionFor(services, profileId);
  if (!session) return { status: 'cancelled' };
  const availability = checkCachedTablesAvailable(session.identity);
  if (!availability.allowed) return refuse(services, availability.problems.map((problem) => problem.message).join(' '));

  let previous: number | null;
  try {
    previous = await readTableCacheLease(session);
  } catch (error) {
    return refuse(
      services,
      vscode.l10n.t('Could not read {0} on {1}: {2}', TABLE_CACHE_LEASE.variable, session.profile.name, serverErrorOf(error).message),
      'failed',
    );
  }
  const seconds = options.seconds ?? (await askForLease(session, previous));
  if (seconds === undefined) return { status: 'cancelled', previousSeconds: previous ?? undefined };
  const valid = validateTableCacheLease(seconds);
  if (!valid.ok) return refuse(services, valid.message);
  if (seconds === previous) {
    notify('info', vscode.l10n.t('{0} stays {1} s on {2}.', TABLE_CACHE_LEASE.variable, seconds, session.profile.name));
    return { status: 'unchanged', previousSeconds: previous, seconds };
  }

  const confirmed = await confirmStatements({
    question: vscode.l10n.t('Set the cache lease of {0} to {1} s?', session.profile.name, seconds),
    statements: [buildSetTableCacheLease(seconds)],
    runLabel: vscode.l10n.t('Set Lease'),
    note: `${vscode.l10n.t('It applies to every cached table of the cluster.')} ${TABLE_CACHE_LEASE_TRADE_OFF}`,
  });
  if (!confirmed) return { status: 'cancelled', previousSeconds: previous ?? undefined };
  try {
    await setTableCacheLease(session, seconds);
  } catch (error) {
    return refuse(
      services,
      vscode.l10n.t('Could not set {0} on {1}: {2}', TABLE_CACHE_LEASE.variable, session.profile.name, serverErrorOf(error).message),
      'failed',
    );
  }
  const message =
    previous === null
      ? vscode.l10n.t('{0} is now {1} s on {2}.', TABLE_CACHE_LEASE.variable, seconds, session.profile.name)
      : vscode.l10n.t('{0} is now {1} s on {2} (was {3} s).', TABLE_CACHE_LEASE.variable, seconds, session.profile.name, previous);
  services.log.info(message);
  notify('info', message);
  return { status: 'done', previousSeconds: previous ?? undefined, seconds, message };
}

async function sessionFor(services: TableControlServices, profileId: string | undefined): Promise<DatabaseSession | undefined> {
  if (profileId === undefined) return services.connections.requireActiveSession();
  return services.connections.sessionFor(profileId) ?? services.connections.connect(profileId, { makeActive: false });
}

async function askForLease(session: DatabaseSession, current: number | null): Promise<number | undefined> {
  const { minSeconds, maxSeconds, defaultSeconds } = TABLE_CACHE_LEASE;
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Cache lease of {0} ({1})', session.profile.name, TABLE_CACHE_LEASE.variable),
    prompt:
      `${current === null ? '' : vscode.l10n.t('Now {0} s.', current)} ${vscode.l10n.t('Seconds from {0} to {1} (default {2}).', minSeconds, maxSeconds, defaultSeconds)} ${TABLE_CACHE_LEASE_TRADE_OFF}`.trim(),
    value: String(current ?? defaultSeconds),
    validateInput: (value) => {
      const checked = validateTableCacheLease(leaseValue(value));
      return checked.ok ? undefined : checked.message;
    },
  });
  return text === undefined ? undefined : Number(text.trim());
}

/** A number when the text is one, else the text itself, so the validation message quotes what was typed. */
function leaseValue(text: string): unknown {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function refuse(services: TableControlServices, message: string, status: 'refused' | 'failed' = 'refused'): CacheLeaseResult {
  reportRefusals(services.log, message, [message]);
  return { status, message };
}
