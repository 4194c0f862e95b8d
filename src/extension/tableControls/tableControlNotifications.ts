// The notifications of the table controls. Commands do not wait for them: a notification stays
// until dismissed, and its buttons (the way out, e.g. "Stop Caching, Then Set Replicas") act later.
// VS Code shows a notification without buttons collapsed to one cut line, so the ones that explain
// something carry at least "Show Log" (where the statements behind them are).
import * as vscode from 'vscode';
import type { ExtensionLog } from '../log/extensionLog';

export interface NotificationAction {
  label: string;
  run: () => unknown;
}

const SENTENCES_SHOWN = 3;

export function showLogAction(log: ExtensionLog): NotificationAction {
  return { label: vscode.l10n.t('Show Log'), run: () => log.show(true) };
}

export function notify(kind: 'info' | 'warning' | 'error', message: string, actions: readonly NotificationAction[] = []): void {
  const show =
    kind === 'info'
      ? vscode.window.showInformationMessage
      : kind === 'warning'
        ? vscode.window.showWarningMessage
        : vscode.window.showErrorMessage;
  void show(message, ...actions.map((action) => action.label)).then((choice) => actions.find((action) => action.label === choice)?.run());
}

/**
 * Says why targets were not changed: one sentence for one target; for several, a heading such as
 * "2 of 3 tables were not cached." with the first sentences and the rest in the log.
 */
export function reportRefusals(
  log: ExtensionLog,
  heading: string,
  sentences: readonly string[],
  actions: readonly NotificationAction[] = [],
): void {
  // The same refusal of several tables (e.g. "not TiDB") reads once.
  const distinct = [...new Set(sentences)];
  if (distinct.length === 0) return;
  for (const sentence of distinct) log.warn(sentence);
  const more = distinct.length - SENTENCES_SHOWN;
  const text =
    distinct.length === 1
      ? distinct[0]
      : [heading, ...distinct.slice(0, SENTENCES_SHOWN), more > 0 ? vscode.l10n.t('({0} more in the TiDB Lab log.)', more) : '']
          .filter(Boolean)
          .join(' ');
  notify('error', text, [...actions, showLogAction(log)]);
}
