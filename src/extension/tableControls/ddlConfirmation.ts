// Asks before the table controls change the schema or the cluster, showing the exact statements.
// The setting tidbLab.tableControls.confirmDdl turns the prompt off ("Don't Ask Again" sets it);
// removals ask every time whatever the setting says.
import * as vscode from 'vscode';
import { TABLE_CONTROL_SETTINGS } from './tableControlIds';

const STATEMENTS_SHOWN = 12;

export interface ConfirmationRequest {
  question: string;
  statements: readonly string[];
  /** the button that runs the statements, e.g. "Cache Table" */
  runLabel: string;
  /** a removal: always asks, as a warning, without "Don't Ask Again" */
  destructive?: boolean;
  /** one line on what the statements do beyond the obvious */
  note?: string;
}

/** True when the statements may run. */
export async function confirmStatements(request: ConfirmationRequest): Promise<boolean> {
  const settings = vscode.workspace.getConfiguration();
  if (!request.destructive && !settings.get<boolean>(TABLE_CONTROL_SETTINGS.confirmDdl, true)) return true;
  const shown = request.statements.slice(0, STATEMENTS_SHOWN).map((statement) => `${statement};`);
  const more = request.statements.length - shown.length;
  if (more > 0) shown.push(vscode.l10n.t('… and {0} more', more));
  const detail = [shown.join('\n'), request.note ?? ''].filter(Boolean).join('\n\n');
  if (request.destructive) {
    const choice = await vscode.window.showWarningMessage(request.question, { modal: true, detail }, request.runLabel);
    return choice === request.runLabel;
  }
  const dontAskAgain = vscode.l10n.t("{0}, Don't Ask Again", request.runLabel);
  const choice = await vscode.window.showInformationMessage(request.question, { modal: true, detail }, request.runLabel, dontAskAgain);
  if (choice === dontAskAgain) await settings.update(TABLE_CONTROL_SETTINGS.confirmDdl, false, vscode.ConfigurationTarget.Global);
  return choice !== undefined;
}
