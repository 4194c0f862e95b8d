// What a table control acts on. From the tree, VS Code passes the clicked item and the selection
// (the tree allows several items); the command acts on the whole selection when the clicked item
// is part of it. Automation (tests, scripts) passes { profileId, schema, table? } or a list of them.
import type { DatabaseSession } from '../../core/db/databaseSession';
import { describeTable } from '../../core/tidb/tableControlSentences';
import type { ConnectionManager } from '../connections/connectionManager';
import { SchemaNode } from '../explorer/schemaNode';
import { ServerNode } from '../explorer/serverNode';
import { TableNode } from '../explorer/tableNode';

export interface TableTarget {
  profileId: string;
  schema: string;
  table: string;
}

export interface DatabaseTarget {
  profileId: string;
  schema: string;
}

/** The targets of one connection, with its open session. */
export interface ConnectionGroup<T> {
  session: DatabaseSession;
  targets: T[];
}

export function tableTargets(clicked: unknown, selection: unknown): TableTarget[] {
  return chosen(clicked, selection).flatMap((item): TableTarget[] => {
    if (item instanceof TableNode) return [{ ...item.ref }];
    return isRef(item) && typeof item.table === 'string' ? [{ profileId: item.profileId, schema: item.schema, table: item.table }] : [];
  });
}

export function databaseTargets(clicked: unknown, selection: unknown): DatabaseTarget[] {
  return chosen(clicked, selection).flatMap((item): DatabaseTarget[] => {
    if (item instanceof SchemaNode) return [{ profileId: item.profileId, schema: item.schema.name }];
    return isRef(item) && item.table === undefined ? [{ profileId: item.profileId, schema: item.schema }] : [];
  });
}

/** True when the command was invoked on databases rather than tables. */
export function isAboutDatabases(clicked: unknown): boolean {
  const first = Array.isArray(clicked) ? clicked[0] : clicked;
  return first instanceof SchemaNode || (isRef(first) && first.table === undefined);
}

/** The connection an item belongs to (server, database or table item, or { profileId }). */
export function profileIdOf(item: unknown): string | undefined {
  if (item instanceof TableNode) return item.ref.profileId;
  if (item instanceof SchemaNode || item instanceof ServerNode) return item.profileId;
  if (typeof item === 'object' && item !== null && typeof (item as { profileId?: unknown }).profileId === 'string') {
    return (item as { profileId: string }).profileId;
  }
  return undefined;
}

export function targetName(target: DatabaseTarget | TableTarget): string {
  return 'table' in target ? describeTable(target.schema, target.table) : target.schema;
}

/**
 * Groups targets by connection, connecting where needed (a tree item can outlive its connection).
 * Targets whose connection cannot be opened are returned apart.
 */
export async function groupByConnection<T extends { profileId: string }>(
  connections: ConnectionManager,
  targets: readonly T[],
): Promise<{ groups: ConnectionGroup<T>[]; unreachable: T[] }> {
  const groups: ConnectionGroup<T>[] = [];
  const unreachable: T[] = [];
  for (const profileId of new Set(targets.map((target) => target.profileId))) {
    const mine = targets.filter((target) => target.profileId === profileId);
    const session = connections.sessionFor(profileId) ?? (await connections.connect(profileId, { makeActive: false }));
    if (session) groups.push({ session, targets: mine });
    else unreachable.push(...mine);
  }
  return { groups, unreachable };
}

function chosen(clicked: unknown, selection: unknown): unknown[] {
  if (Array.isArray(clicked)) return clicked;
  if (Array.isArray(selection) && selection.includes(clicked)) return selection;
  return clicked === undefined ? [] : [clicked];
}

function isRef(value: unknown): value is { profileId: string; schema: string; table?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const ref = value as { profileId?: unknown; schema?: unknown };
  return typeof ref.profileId === 'string' && typeof ref.schema === 'string';
}
