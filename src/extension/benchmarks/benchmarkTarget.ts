// The server a benchmark command works on: the connection given (a Connections tree item or a
// profile id), else the active connection; the one given does not become active (benchmarkConnection.ts). The engine opens its own connections, so it needs the
// password: from secret storage, or asked for (never stored by this feature, never logged).
import * as vscode from 'vscode';
import type { ConnectionProfile } from '../../core/db/connectionProfile';
import type { DatabaseSession } from '../../core/db/databaseSession';
import type { TidbLabApi } from '../api';
import { askForPassword } from '../connections/passwordPrompt';
import { benchmarkSession } from './benchmarkConnection';

export interface BenchmarkTarget {
  profile: ConnectionProfile;
  /** the extension's own session: for information_schema checks and set-up statements */
  session: DatabaseSession;
  /** for the engine's connections; kept in memory for the length of the command only */
  password: string;
}

/** A profile id from a command argument: a string, a Connections tree node, or `{ profileId }`. */
export function profileIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string' && arg !== '') return arg;
  const profileId = (arg as { profileId?: unknown } | undefined)?.profileId;
  return typeof profileId === 'string' && profileId !== '' ? profileId : undefined;
}

/** The connection named by the command's argument, else the one the user picks (the only one is used without asking). */
export async function chooseBenchmarkTarget(
  api: TidbLabApi,
  arg: unknown,
  question: { title: string; placeHolder: string },
): Promise<BenchmarkTarget | undefined> {
  const profileId = profileIdOf(arg) ?? (await api.connections.chooseConnection(question));
  if (profileId === undefined) return undefined;
  return resolveBenchmarkTarget(api, profileId);
}

export async function resolveBenchmarkTarget(api: TidbLabApi, profileId: string | undefined): Promise<BenchmarkTarget | undefined> {
  const session = await benchmarkSession(api.connections, profileId);
  if (!session) return undefined;
  const password = await benchmarkPassword(api, session.profile);
  if (password === undefined) return undefined;
  return { profile: session.profile, session, password };
}

async function benchmarkPassword(api: TidbLabApi, profile: ConnectionProfile): Promise<string | undefined> {
  if (profile.passwordMode === 'empty') return '';
  if (profile.passwordMode === 'secretStorage') {
    const stored = await api.store.getPassword(profile.id);
    if (stored !== undefined) return stored;
  }
  return askForPassword(profile, vscode.l10n.t('The benchmark opens its own connections to the server.'));
}
