// The question before a benchmark's tables are dropped (Clean Up Benchmark Data, Clean Up TPC-C Data):
// a modal warning that lists every table with its estimated rows and says nothing else is touched.
import * as vscode from 'vscode';

export interface TableToDrop {
  readonly name: string;
  readonly estimatedRows: number | null;
}

/** Asks `question` over the list of `tables` in `database`; true when the user chose to drop them. */
export async function confirmDropTables(question: string, database: string, tables: readonly TableToDrop[]): Promise<boolean> {
  const t = vscode.l10n.t;
  const drop = t('Drop {0} Tables', tables.length);
  const rows = tables.map((table) => t('{0} (about {1} rows)', table.name, (table.estimatedRows ?? 0).toLocaleString())).join('\n');
  const choice = await vscode.window.showWarningMessage(
    question,
    { modal: true, detail: `${rows}\n\n${t('Their data is deleted. Nothing else in {0} is touched.', database)}` },
    drop,
  );
  return choice === drop;
}
