// The schema completion offers, per open connection: read once (the databases the Connections view
// lists, with its system-schema setting, then every table and column in two queries) and read again
// when the view is refreshed; system variable names once per connection session (SHOW VARIABLES).
import * as vscode from 'vscode';
import { readSchemaSnapshot, readSystemVariableNames } from '../../core/db/completionSchemaQueries';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { EMPTY_SCHEMA_SNAPSHOT, type SchemaSnapshot } from '../../core/sql/completionSchema';
import type { ConnectionsTreeProvider } from '../explorer/connectionsTreeProvider';
import { SHOW_SYSTEM_SCHEMAS_SETTING } from '../explorer/connectionsTreeProvider';
import type { ExtensionLog } from '../log/extensionLog';

export class CompletionSchemaCache implements vscode.Disposable {
  private schemas = new WeakMap<DatabaseSession, Promise<SchemaSnapshot>>();
  private readonly variables = new WeakMap<DatabaseSession, Promise<string[]>>();
  private readonly subscription: vscode.Disposable;

  constructor(
    explorer: ConnectionsTreeProvider,
    private readonly log: ExtensionLog,
  ) {
    // the explorer re-read something (Refresh, a table control, a new connection): so does completion
    this.subscription = explorer.onDidChangeTreeData(() => this.invalidate());
  }

  invalidate(): void {
    this.schemas = new WeakMap();
  }

  schema(session: DatabaseSession): Promise<SchemaSnapshot> {
    let pending = this.schemas.get(session);
    if (!pending) {
      const includeSystem = vscode.workspace.getConfiguration().get<boolean>(SHOW_SYSTEM_SCHEMAS_SETTING, false);
      pending = readSchemaSnapshot(session, { includeSystem }).catch((error: unknown) => {
        this.log.warn(`Completion could not read the schema of ${session.profile.name}: ${message(error)}`);
        this.schemas.delete(session);
        return EMPTY_SCHEMA_SNAPSHOT;
      });
      this.schemas.set(session, pending);
    }
    return pending;
  }

  variableNames(session: DatabaseSession): Promise<string[]> {
    let pending = this.variables.get(session);
    if (!pending) {
      pending = readSystemVariableNames(session).catch((error: unknown) => {
        this.log.warn(`Completion could not read the system variables of ${session.profile.name}: ${message(error)}`);
        this.variables.delete(session);
        return [];
      });
      this.variables.set(session, pending);
    }
    return pending;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
