// What a Copy or Save action tells the user it did: a copy confirms briefly in the status bar
// (nothing to act on), a saved file says where it went, with a way to open it.
import * as vscode from 'vscode';

const COPIED_MESSAGE_MS = 4000;

/** Writes `text` to the clipboard and says so in the status bar for a few seconds: "Copied the plan as JSON". */
export async function copyWithConfirmation(text: string, confirmation: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`$(check) ${confirmation}`, COPIED_MESSAGE_MS);
}

/** "Saved results/run.csv." (relative to the workspace, else the full path), with Open. */
export async function announceSaved(uri: vscode.Uri): Promise<void> {
  const open = vscode.l10n.t('Open');
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', vscode.workspace.asRelativePath(uri)), open);
  if (choice === open) await vscode.commands.executeCommand('vscode.open', uri);
}
