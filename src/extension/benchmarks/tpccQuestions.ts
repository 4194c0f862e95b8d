// What the TPC-C commands and Run CH-benCHmark ask: the database of TPC-C's tables
// (remembered between the commands, as all run on what Prepare TPC-C Data loaded), whole numbers
// (warehouses, threads, seconds), and before a run on a database short of warehouses, whether to
// prepare it first. An answer the request holds is not asked.
import * as vscode from 'vscode';
import { DEFAULT_TPCC_DATABASE } from '../../core/bench/tpcc/tpccArguments';
import type { BenchmarkServices } from './benchmarkServices';
import type { BenchmarkTarget } from './benchmarkTarget';

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
    // A step of a flow: the focus going back to an editor (a result tab's webview takes it back
    // late, between two steps, on a busy machine) must not end the flow.
    ignoreFocusOut: true,
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
    ignoreFocusOut: true,
  });
  return answer === undefined ? undefined : Number(answer.trim());
}

/** The warehouses of a run: what the database holds is offered (null: no complete TPC-C data, one is offered). */
export function askRunWarehouses(
  given: number | undefined,
  title: string,
  database: string,
  loaded: number | null,
): Promise<number | undefined> {
  const t = vscode.l10n.t;
  return askWholeNumber(
    given,
    title,
    loaded !== null
      ? t('Warehouses (go-tpc --warehouses; {0} holds {1})', database, loaded)
      : t('Warehouses (go-tpc --warehouses; {0} has no TPC-C data yet: it is prepared first)', database),
    loaded ?? 1,
  );
}

/**
 * Before a run on a database with fewer warehouses than asked (loaded null: no complete TPC-C
 * data): true when the user chooses Prepare and Run. The detail says what prepare drops and loads.
 */
export async function confirmPrepareBeforeRun(
  target: BenchmarkTarget,
  database: string,
  loaded: number | null,
  warehouses: number,
  detail: string,
): Promise<boolean> {
  const t = vscode.l10n.t;
  const prepare = t('Prepare and Run');
  const choice = await vscode.window.showWarningMessage(
    loaded === null
      ? t('{0} on {1} has no complete TPC-C data.', database, target.profile.name)
      : t('{0} on {1} holds {2} warehouse(s), fewer than {3}.', database, target.profile.name, loaded, warehouses),
    { modal: true, detail },
    prepare,
  );
  return choice === prepare;
}

const MAX_LOAD_THREADS = 8;

/** Prepare's load threads: as given, or one a warehouse, at most 8. */
export function loadThreadsFor(warehouses: number, given: number | undefined): number {
  return given ?? Math.min(warehouses, MAX_LOAD_THREADS);
}
