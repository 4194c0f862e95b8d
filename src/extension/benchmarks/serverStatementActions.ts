// What the results tab's Server section asks of the host, decided without VS Code: the statement
// is looked up by digest in the result the tab loaded (a webview is not trusted with plan text or
// connection ids), and the connection is the profile with the run's server host and port (and name).
import type { ServerInfo, ServerStatement } from '../../core/results/benchmarkResult';
import { serverStatementByDigest } from '../../core/results/serverStatementRows';
import type { ConnectionProfile } from '../../core/db/connectionProfile';
import type { ResultsDocument } from '../../protocol/benchmarkResults';

export type ServerStatementAction =
  | { kind: 'openPlan'; statement: ServerStatement; plan: string; server?: ServerInfo }
  | { kind: 'reveal'; connectionId: string; digest: string };

/**
 * The connection profile the run ran on: among the profiles with the run's server host and port,
 * the one with the name the result recorded, else the only one; undefined when none or several fit.
 */
export function connectionIdForServer(
  profiles: readonly Pick<ConnectionProfile, 'id' | 'name' | 'host' | 'port'>[],
  server: ServerInfo | undefined,
  connectionName?: string,
): string | undefined {
  if (server?.host === undefined || server.port === undefined) return undefined;
  const host = server.host.toLowerCase();
  const matching = profiles.filter((profile) => profile.host.toLowerCase() === host && profile.port === server.port);
  const named = connectionName === undefined ? [] : matching.filter((profile) => profile.name === connectionName);
  if (named.length === 1) return named[0].id;
  return matching.length === 1 ? matching[0].id : undefined;
}

/** The action a Server-section message asks for, or undefined when the shown document cannot do it. */
export function serverStatementAction(
  document: ResultsDocument | undefined,
  message: 'openServerPlan' | 'revealServerStatement',
  payload: { digest?: unknown } | undefined,
): ServerStatementAction | undefined {
  if (document?.kind !== 'run') return undefined;
  const statement = serverStatementByDigest(document.run.server?.activity, payload?.digest);
  if (statement === undefined) return undefined;
  if (message === 'openServerPlan') {
    if (typeof statement.plan !== 'string' || statement.plan.trim() === '') return undefined;
    return { kind: 'openPlan', statement, plan: statement.plan, server: document.run.server };
  }
  if (document.connectionId === undefined) return undefined;
  return { kind: 'reveal', connectionId: document.connectionId, digest: statement.digest };
}
