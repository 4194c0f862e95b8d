// Without tiup: say so, show TiUP's official install command for the user to run themselves (it
// downloads from the internet and edits their shell profile, so TiDB Lab never runs it). The
// command is in the message itself: a notification shows no detail text.
import * as vscode from 'vscode';
import { TIUP_DOCS_URL, TIUP_INSTALL_COMMAND } from '../../core/tiup/tiupInstallHint';
import { PLAYGROUND_SETTINGS } from './playgroundIds';

export async function showTiupMissing(configuredPathProblem?: string): Promise<void> {
  const copy = vscode.l10n.t('Copy Install Command');
  const terminal = vscode.l10n.t('Open Terminal with It');
  const setPath = vscode.l10n.t('Set tiup Path');
  const what = configuredPathProblem
    ? vscode.l10n.t('TiUP not found: {0}', configuredPathProblem)
    : vscode.l10n.t('TiUP is not installed (not on the PATH, not in ~/.tiup/bin): a local TiDB cluster needs it.');
  const how = vscode.l10n.t(
    'Install it yourself in a terminal ([instructions]({0})); it downloads TiUP, and later TiDB, from the internet:',
    TIUP_DOCS_URL,
  );
  const choice = await vscode.window.showErrorMessage(`${what} ${how} ${TIUP_INSTALL_COMMAND}`, copy, terminal, setPath);
  if (choice === copy) {
    await vscode.env.clipboard.writeText(TIUP_INSTALL_COMMAND);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Copied the TiUP install command. Run it in a terminal, then Start Local TiDB Cluster again.'),
    );
  } else if (choice === terminal) {
    const shell = vscode.window.createTerminal({ name: vscode.l10n.t('Install TiUP') });
    shell.show();
    // Typed, not run: the user reads it and presses Enter.
    shell.sendText(TIUP_INSTALL_COMMAND, false);
  } else if (choice === setPath) {
    await vscode.commands.executeCommand('workbench.action.openSettings', PLAYGROUND_SETTINGS.tiupPath);
  }
}
