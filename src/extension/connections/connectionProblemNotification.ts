// A failed connection as an error notification: what happened, what to do next, and buttons for
// the likely next steps. The driver's own text goes to the log (Show Log), not into the sentence.
import * as vscode from 'vscode';
import type { ConnectionProblem } from '../../core/db/connectionErrors';
import type { ConnectionProfile } from '../../core/db/connectionProfile';
import { COMMANDS } from '../commandIds';

export function showConnectionProblem(profile: ConnectionProfile, problem: ConnectionProblem, onEnterPassword?: () => void): void {
  const editConnection = vscode.l10n.t('Edit Connection');
  const enterPassword = vscode.l10n.t('Enter Password…');
  const showLog = vscode.l10n.t('Show Log');
  const buttons = [...(problem.kind === 'wrongPassword' && onEnterPassword ? [enterPassword] : []), editConnection, showLog];
  const message = vscode.l10n.t('{0}: {1} {2}', profile.name, problem.title, problem.nextStep);
  void vscode.window.showErrorMessage(message, ...buttons).then((choice) => {
    if (choice === enterPassword) onEnterPassword?.();
    else if (choice === editConnection) void vscode.commands.executeCommand(COMMANDS.editConnection, profile.id);
    else if (choice === showLog) void vscode.commands.executeCommand(COMMANDS.showLog);
  });
}
