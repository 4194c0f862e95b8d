// The notifications of the table controls. Commands do not wait for them: a notification stays
// until dismissed, and its buttons (the way out, e.g. "Stop Caching, Then Set Replicas") act later.
// Everything shown is also written to the log.
import * as vscode from 'vscode';
import type { ExtensionLog } from '../log/extensionLog';

export interface NotificationAction {
  label: string;
  run: () => unknown;
}

const SENTENCES_SHOWN = 3;

export function notify(kind: 'info' | 'warning' | 'error', message: string, actions: readonly NotificationAction[] = []): void {
  const show = kind === 'info' ? vscode.window.showInformationMessage : kind === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  void show(message, ...actions.map((action) => action.label)).then((choice) => actions.find((action) => action.label === choice)?.run());
}

/**
 * Says why targets were not changed: one sentence for one target; for several, a heading such as
 * "2 of 3 tables were not cached." with the first sentences and the rest in the log.
 */
export function reportRefusals(log: ExtensionLog, heading: string, sentences: readonly string[], actions: readonly NotificationAction[] = []): void {
  if (sentences.length === 0) return;
  for (const sentence of sentences) log.warn(sentence);
  if (sentences.length === 1) {
    notify('error', sentences[0], actions);
    return;
  }
  const more = sentences.length - SENTENCES_SHOWN;
  const text = [heading, ...sentences.slice(0, SENTENCES_SHOWN), more > 0 ? vscode.l10n.t('({0} more in the TiDB Lab log.)', more) : ''].filter(Boolean).join(' ');
  notify('error', text, [...actions, { label: vscode.l10n.t('Show Log'), run: () => log.show(true) }]);
}
