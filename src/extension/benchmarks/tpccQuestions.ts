// What Run TPC-C and Run CH-benCHmark both ask: the database of TPC-C's tables (remembered between
// the two commands, as both run on what Prepare TPC-C Data loaded) and whole numbers (warehouses,
// threads, seconds). An answer the request holds is not asked.
import * as vscode from 'vscode';
import { DEFAULT_TPCC_DATABASE } from '../../core/bench/tpcc/tpccArguments';
import type { BenchmarkServices } from './benchmarkServices';

const REMEMBERED_DATABASE_KEY = 'tidbLab.benchmarks.tpccDatabase';

export async function askTpccDatabase(
  globalState: BenchmarkServices['globalState'],
  given: string | undefined,
  title: string,
): Promise<string | undefined> {
  if (given) return given;
  const t = vscode.l10n.t;
  const answer = await vscode.window.showInputBox({
    title,
    prompt: t("The database of TPC-C's tables (go-tpc's --db)"),
    value: globalState.get<string>(REMEMBERED_DATABASE_KEY) ?? DEFAULT_TPCC_DATABASE,
    validateInput: (text) => (text.trim() === '' ? t('Enter a database name.') : undefined),
  });
  if (answer === undefined) return undefined;
  await globalState.update(REMEMBERED_DATABASE_KEY, answer.trim());
  return answer.trim();
}

/** A whole number of 1 or more. */
export async function askWholeNumber(given: number | undefined, title: string, prompt: string, value: number): Promise<number | undefined> {
  if (given !== undefined) return given;
  const answer = await vscode.window.showInputBox({
    title,
    prompt,
    value: String(value),
    validateInput: (text) =>
      /^\d+$/.test(text.trim()) && Number(text) >= 1 ? undefined : vscode.l10n.t('A whole number of {0} or more', 1),
  });
  return answer === undefined ? undefined : Number(answer.trim());
}
