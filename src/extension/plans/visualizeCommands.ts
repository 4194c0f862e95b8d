// "Visualize Plan from Clipboard / Selection": a plan pasted from anywhere (the mysql client, a
// chat, the slow log, TiDB Dashboard) in any of the shapes the parser reads. Text the parser
// cannot read in full opens with its warnings; text with no plan in it gets a clear message.
// Text over OFF_THREAD_PLAN_CHARS is read in a worker thread behind a cancellable notification.
import * as vscode from 'vscode';
import { formatBytes } from '../../core/plan';
import type { PlanSource, PlanViewSource } from '../../protocol/planView';
import { buildPlanOffThread, needsOffThreadBuild, PlanBuildCancelled } from './planBuildOffThread';
import { planCommandResult, type PlanCommandResult } from './planCommandResult';
import { planDocument, type BuiltDocument } from './planDocument';
import type { PlanViewPanels } from './planViewPanels';

export async function visualizeFromClipboard(panels: PlanViewPanels): Promise<PlanCommandResult | undefined> {
  const t = vscode.l10n.t;
  const text = await vscode.env.clipboard.readText();
  if (text.trim() === '') {
    void vscode.window.showInformationMessage(
      t(
        'The clipboard is empty. Copy an EXPLAIN or EXPLAIN ANALYZE output (any format: table, markdown, tab-separated, \\G, JSON, dot) and try again.',
      ),
    );
    return undefined;
  }
  return visualizeText(panels, text, t('Plan from the clipboard'), t('the clipboard'));
}

/**
 * The plan in the selection (or the whole file) of the editor the command was invoked on: the
 * editor's context menu passes its document's URI, the palette nothing (the active editor).
 */
export async function visualizeFromSelection(panels: PlanViewPanels, target?: unknown): Promise<PlanCommandResult | undefined> {
  const t = vscode.l10n.t;
  const editor = editorOf(target) ?? vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(t('Open a file with a plan and select it (or select nothing to use the whole file).'));
    return undefined;
  }
  const selected = editor.selections.map((selection) => editor.document.getText(selection)).join('\n');
  const whole = selected.trim() === '';
  const text = whole ? editor.document.getText() : selected;
  const name = vscode.workspace.asRelativePath(editor.document.uri, false);
  if (text.trim() === '') {
    void vscode.window.showInformationMessage(t('{0} is empty: there is no plan to show.', name));
    return undefined;
  }
  return visualizeText(panels, text, t('Plan from {0}', name), whole ? name : t('the selection in {0}', name));
}

function editorOf(target: unknown): vscode.TextEditor | undefined {
  if (!(target instanceof vscode.Uri)) return undefined;
  return vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === target.toString());
}

async function visualizeText(panels: PlanViewPanels, text: string, title: string, where: string): Promise<PlanCommandResult | undefined> {
  const t = vscode.l10n.t;
  const source: PlanViewSource = { kind: 'plan', plan: { origin: { title, note: t('from {0}', where) }, input: { kind: 'text', text } } };
  const document = needsOffThreadBuild(source.plan) ? await buildWithProgress(source.plan, where) : panels.build(source);
  if (document === undefined) return undefined;
  if (document.kind !== 'plan' || document.plan.parsed.roots.length === 0) {
    const warnings = document.kind === 'plan' ? document.plan.parsed.warnings : [];
    const message =
      warnings.length > 0 ? t('No query plan found in {0}. {1}', where, warnings.join(' ')) : t('No query plan found in {0}.', where);
    void vscode.window.showWarningMessage(message);
    return { kind: 'plan', title, summary: '', operators: 0, findings: [], warnings, rolledBack: false };
  }
  const record = panels.show(source, document);
  return planCommandResult(record.document, record.panel.panel.title);
}

/** A large text is read in a worker thread under a notification whose Cancel stops it. */
async function buildWithProgress(source: PlanSource, where: string): Promise<BuiltDocument | undefined> {
  const t = vscode.l10n.t;
  const size = source.input.kind === 'text' ? formatBytes(Buffer.byteLength(source.input.text)) : '';
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('Reading the plan from {0} ({1})…', where, size), cancellable: true },
    async (_progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      try {
        return planDocument(await buildPlanOffThread(source, abort.signal));
      } catch (error) {
        if (error instanceof PlanBuildCancelled) {
          void vscode.window.setStatusBarMessage(t('Reading the plan was cancelled.'), 5000);
          return undefined;
        }
        void vscode.window.showErrorMessage(
          t('The plan from {0} could not be read: {1}', where, error instanceof Error ? error.message : String(error)),
        );
        return undefined;
      } finally {
        subscription.dispose();
      }
    },
  );
}
