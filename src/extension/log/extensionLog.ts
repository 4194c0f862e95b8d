// The "TiDB Lab" log channel: every SQL statement with its duration, connection events, and
// failures with the driver's own text. Never a password.
import * as vscode from 'vscode';
import type { SqlLogger } from '../../core/db/sqlExecutor';
import { sqlLogLine } from './sqlLogLine';

export type ExtensionLog = vscode.LogOutputChannel;

export function createExtensionLog(): ExtensionLog {
  return vscode.window.createOutputChannel('TiDB Lab', { log: true });
}

/** The logger handed to DatabaseSession.open; `connectionName` says which connection sent the SQL. */
export function sqlLoggerFor(log: ExtensionLog, connectionName: string): SqlLogger {
  return (entry) => {
    const line = `[${connectionName}] ${sqlLogLine(entry)}`;
    if (entry.error) log.warn(line);
    else log.info(line);
  };
}
