// An experiment's server settings (SET GLOBAL), as a study changed them for its runs: each value is
// read first, set for the experiment and set back afterwards. A variable the server does not have,
// or refuses, is reported and left alone; a variable TiDB deprecated is set as the study did, with a
// note that it no longer applies there.
import { isAtLeast, type ServerIdentity } from '../../db/serverFlavor';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { quoteStringLiteral } from '../../db/sqlIdentifiers';
import { serverErrorOf } from '../../tidb/serverError';
import { DEPRECATED_TIDB_VARIABLES } from '../../tidb/tidbFacts';

export interface AppliedGlobals {
  /** the SET GLOBAL statements that bring the old values back, in the order to run them */
  restore: string[];
  notes: string[];
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function setGlobalStatement(name: string, value: string | number): string {
  if (!VARIABLE_NAME.test(name)) throw new Error(`'${name}' is not a variable name`);
  // ON/OFF and numbers as bare words, as the studies wrote them (`set global tidb_disable_txn_auto_retry = off`);
  // servers report numeric settings as text ('3'), and MySQL refuses a quoted number for an integer variable.
  const literal = typeof value === 'number' ? String(value) : /^(on|off|-?\d+(\.\d+)?)$/i.test(value) ? value : quoteStringLiteral(value);
  return `SET GLOBAL ${name} = ${literal}`;
}

export async function applyGlobalVariables(
  executor: SqlExecutor,
  variables: Record<string, string | number> | undefined,
  server: ServerIdentity,
  log: (message: string) => void,
): Promise<AppliedGlobals> {
  const applied: AppliedGlobals = { restore: [], notes: [] };
  const note = (message: string) => {
    applied.notes.push(message);
    log(`  ${message}`);
  };
  for (const [name, value] of Object.entries(variables ?? {})) {
    if (!VARIABLE_NAME.test(name)) throw new Error(`'${name}' is not a variable name`);
    let previous: unknown;
    try {
      const [row] = await executor.query(`SELECT @@GLOBAL.${name} AS value`);
      previous = row?.value;
    } catch (error) {
      note(
        `${name} is not a variable of this server (${serverErrorOf(error).message}); the study's setting ${name} = ${String(value)} does not apply and is left out.`,
      );
      continue;
    }
    try {
      await executor.run(setGlobalStatement(name, value));
    } catch (error) {
      note(
        `SET GLOBAL ${name} = ${String(value)} was refused (${serverErrorOf(error).message}); the experiment runs with ${name} = ${String(previous)}.`,
      );
      continue;
    }
    const deprecatedFrom = DEPRECATED_TIDB_VARIABLES[name];
    if (deprecatedFrom !== undefined && server.flavor === 'tidb' && isAtLeast(server, deprecatedFrom)) {
      note(`${name} is deprecated from TiDB v${deprecatedFrom}: set as the study did, but it no longer changes anything on this server.`);
    }
    log(`  SET GLOBAL ${name} = ${String(value)} (was ${String(previous)}; set back after the experiment)`);
    if (previous !== null && previous !== undefined) {
      applied.restore.unshift(
        setGlobalStatement(name, typeof previous === 'number' || typeof previous === 'bigint' ? Number(previous) : String(previous)),
      );
    }
  }
  return applied;
}

/** Runs every restore statement, even when one fails; returns what could not be restored. */
export async function restoreGlobalVariables(
  executor: SqlExecutor,
  applied: AppliedGlobals,
  log: (message: string) => void,
): Promise<string[]> {
  const problems: string[] = [];
  for (const statement of applied.restore) {
    try {
      log(`  ${statement}`);
      await executor.run(statement);
    } catch (error) {
      problems.push(`${statement} failed: ${serverErrorOf(error).message}`);
    }
  }
  return problems;
}
