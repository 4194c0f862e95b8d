// A variant's set-up and tear-down SQL (with {table}/{schema}/{qualifiedTable} filled in, quoted),
// its session variables, and the wait until the set-up really took effect before measuring.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { quoteIdentifier, quoteQualifiedName, quoteStringLiteral } from '../../db/sqlIdentifiers';
import { redactSecretText } from '../../results/redactSecrets';
import { redactServerError } from '../../sql/redactSqlSecrets';
import { verifyCacheHit } from '../../tidb/cacheHitVerification';
import { watchReplicaProgress } from '../../tidb/replicaProgressWatch';
import type { ReadinessCheck, VariantDefinition } from './experimentDefinition';
import { sbtestTable } from '../sysbench/sysbenchSql';

const PLACEHOLDER = /\{(schema|table|qualifiedTable)\}/g;

/** The tables {table} stands for: sysbench's by number (sbtestN), or by name (TPC-C's). */
export type VariantTable = number | string;

const tableName = (table: VariantTable): string => (typeof table === 'number' ? sbtestTable(table) : table);
const TABLE_PLACEHOLDER = /\{(table|qualifiedTable)\}/;

/**
 * The statements to run: one per table when the SQL names {table} or {qualifiedTable}, else one.
 * One pass with a replacer function: a name is inserted as it is ('$&', '$$' in it mean nothing)
 * and text inserted for one placeholder is never searched for the others.
 */
export function expandVariantSql(sql: string, schema: string, tableNumbers: readonly VariantTable[]): string[] {
  const expand = (table: VariantTable | undefined): string =>
    sql.replace(PLACEHOLDER, (placeholder, name: string) => {
      if (name === 'schema') return quoteIdentifier(schema);
      if (table === undefined) return placeholder;
      return name === 'table' ? quoteIdentifier(tableName(table)) : quoteQualifiedName(schema, tableName(table));
    });
  if (!TABLE_PLACEHOLDER.test(sql)) return [expand(undefined)];
  return tableNumbers.map((table) => expand(table));
}

export async function runVariantSql(
  executor: SqlExecutor,
  statements: readonly string[] | undefined,
  schema: string,
  tableNumbers: readonly VariantTable[],
  log: (message: string) => void,
): Promise<void> {
  for (const sql of statements ?? []) {
    for (const statement of expandVariantSql(sql, schema, tableNumbers)) {
      // the server gets the statement as written; what is printed has its passwords blanked
      log(`  ${redactSecretText(statement)}`);
      try {
        await executor.run(statement);
      } catch (error) {
        // the server's error may quote the statement from its password on ("near 'BY 'pw''")
        if (error instanceof Error) error.message = redactServerError(error.message, statement);
        throw error;
      }
    }
  }
}

/** SET SESSION statements for every benchmark connection of the variant. */
export function sessionStatementsFor(variant: VariantDefinition): string[] {
  return Object.entries(variant.sessionVariables ?? {}).map(([name, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`'${name}' is not a variable name`);
    return `SET SESSION ${name} = ${typeof value === 'number' ? String(value) : quoteStringLiteral(value)}`;
  });
}

export interface Readiness {
  ready: boolean;
  detail: string;
}

/** Waits until the variant's check passes (or gives up); says what it saw. */
export async function waitUntilReady(
  executor: SqlExecutor,
  check: ReadinessCheck | undefined,
  schema: string,
  tableNumbers: readonly VariantTable[],
  signal?: AbortSignal,
): Promise<Readiness> {
  if (!check) return { ready: true, detail: 'no readiness check' };
  switch (check.kind) {
    case 'sleep':
      await sleep(check.seconds * 1000, undefined, { signal });
      return { ready: true, detail: `waited ${check.seconds} s` };
    case 'cache-hit': {
      const details: string[] = [];
      let ready = true;
      for (const table of tableNumbers) {
        const outcome = await verifyCacheHit(executor, schema, tableName(table), {
          attempts: check.attempts,
          intervalMs: check.intervalMs,
          signal,
        });
        ready &&= outcome.servedFromCache;
        details.push(outcome.detail);
      }
      return { ready, detail: details.join(' ') };
    }
    case 'tiflash-replica': {
      const timeout = AbortSignal.timeout((check.timeoutSec ?? 600) * 1000);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const outcome = await watchReplicaProgress(
        executor,
        tableNumbers.map((table) => ({ schema, table: tableName(table) })),
        { signal: combined },
      );
      const notReady = outcome.statuses.filter((status) => status.phase !== 'ready');
      if (notReady.length === 0) return { ready: true, detail: 'every TiFlash replica is available and caught up' };
      const which = notReady
        .map((status) => `${status.table} (${status.phase}${status.replica ? `, progress ${status.replica.progress}` : ''})`)
        .join(', ');
      return {
        ready: false,
        detail:
          outcome.cancelled && !signal?.aborted
            ? `TiFlash replicas not ready within ${check.timeoutSec ?? 600} s: ${which}`
            : `TiFlash replicas not ready: ${which}`,
      };
    }
    case 'sql': {
      const deadline = performance.now() + (check.timeoutSec ?? 300) * 1000;
      let last = '';
      for (;;) {
        signal?.throwIfAborted();
        const rows = await executor.query(check.query);
        const first = rows.length > 0 ? Object.values(rows[0])[0] : undefined;
        last = first === undefined ? 'no rows' : String(first);
        if (isTruthy(first)) return { ready: true, detail: `${check.query} returned ${last}` };
        if (performance.now() >= deadline)
          return { ready: false, detail: `${check.query} still returned ${last} after ${check.timeoutSec ?? 300} s` };
        await sleep(check.intervalMs ?? 1000, undefined, { signal });
      }
    }
  }
}

function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value) !== 0;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  return text !== '' && text !== '0' && text !== 'false';
}
