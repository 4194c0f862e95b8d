// Asks for a connection's password (settings connections, "ask" mode, or a password that is not
// stored yet). The input box masks it and nothing echoes it anywhere.
import * as vscode from 'vscode';
import { describeEndpoint, type ConnectionProfile } from '../../core/db/connectionProfile';

export async function askForPassword(profile: ConnectionProfile, reason?: string): Promise<string | undefined> {
  const remember =
    profile.passwordMode === 'secretStorage'
      ? vscode.l10n.t("It is kept in VS Code's secret storage after a successful connection.")
      : vscode.l10n.t('It is not stored.');
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Password for {0}', profile.name),
    prompt: [reason, vscode.l10n.t('Password of {0}.', describeEndpoint(profile)), remember].filter(Boolean).join(' '),
    password: true,
    ignoreFocusOut: true,
  });
}
