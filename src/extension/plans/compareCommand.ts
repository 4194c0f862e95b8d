// "Compare Plans…": two plans side by side, e.g. a statement before and after caching a table
// or adding a TiFlash replica. The plans come from open plan views, the previous run of the same
// statement, or the clipboard. Scripts, tests and the Statements view may pass both plans as text:
// `{ beforeText, afterText }`, with the titles each side and the tab take (`beforeTitle`, `afterTitle`,
// e.g. the plan digests) and where they came from (`connection`, `statement`, `note`).
import * as vscode from 'vscode';
import type { PlanSource, PlanViewSource } from '../../protocol/planView';
import { planCommandResult, type PlanCommandResult } from './planCommandResult';
import type { PlanViewPanels, PlanViewRecord } from './planViewPanels';

interface PlanChoice extends vscode.QuickPickItem {
  source: () => Promise<PlanSource | undefined>;
}

export interface CompareRequest {
  /** the plan view whose Compare… button was pressed: it is the "after" plan */
  after?: PlanViewRecord;
  beforeText?: string;
  afterText?: string;
  /** what to call each text plan (default "Before" and "After") */
  beforeTitle?: string;
  afterTitle?: string;
  /** where both text plans came from: the connection, the statement they are plans of, a note */
  connection?: string;
  statement?: string;
  note?: string;
}

export async function compareCommand(panels: PlanViewPanels, request: CompareRequest = {}): Promise<PlanCommandResult | undefined> {
  const t = vscode.l10n.t;
  if (typeof request.beforeText === 'string' && typeof request.afterText === 'string') {
    const origin = {
      connection: optionalText(request.connection),
      statement: optionalText(request.statement),
      note: optionalText(request.note),
    };
    return showComparison(
      panels,
      textSource(request.beforeText, optionalText(request.beforeTitle) ?? t('Before'), origin),
      textSource(request.afterText, optionalText(request.afterTitle) ?? t('After'), origin),
    );
  }
  const after = request.after?.source.kind === 'plan' ? request.after.source.plan : undefined;
  const before = await pickPlan(panels, t('Compare with which plan? (the “before” plan)'), request.after, after === undefined);
  if (!before) return undefined;
  const chosenAfter = after ?? (await pickPlan(panels, t('And which plan is “after”?'), undefined, true, before));
  if (!chosenAfter) return undefined;
  return showComparison(panels, before, chosenAfter);
}

function showComparison(panels: PlanViewPanels, before: PlanSource, after: PlanSource): PlanCommandResult | undefined {
  const source: PlanViewSource = { kind: 'compare', before, after };
  const document = panels.build(source);
  if (document.kind !== 'compare') return undefined;
  const empty = [document.before, document.after].find((plan) => plan.parsed.roots.length === 0);
  if (empty) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('No query plan found in “{0}”. {1}', empty.source.origin.title, empty.parsed.warnings.join(' ')),
    );
    return undefined;
  }
  const record = panels.show(source, document);
  return planCommandResult(record.document, record.panel.panel.title);
}

async function pickPlan(
  panels: PlanViewPanels,
  title: string,
  current: PlanViewRecord | undefined,
  includeCurrent: boolean,
  exclude?: PlanSource,
): Promise<PlanSource | undefined> {
  const t = vscode.l10n.t;
  const choices: PlanChoice[] = [];
  if (current?.previous) {
    const previous = current.previous;
    choices.push({
      label: `$(history) ${t('Previous run of this statement')}`,
      description: previous.origin.ranAt ? new Date(previous.origin.ranAt).toLocaleString() : undefined,
      source: async () => previous,
    });
  }
  for (const record of panels.all()) {
    if (record.source.kind !== 'plan' || (!includeCurrent && record === current)) continue;
    const plan = record.source.plan;
    if (plan === exclude) continue;
    choices.push({
      label: `$(graph) ${plan.origin.title}`,
      description: record.document.kind === 'plan' ? record.document.plan.summary : undefined,
      detail: plan.origin.connection,
      source: async () => plan,
    });
  }
  choices.push({
    label: `$(clippy) ${t('Plan from the clipboard')}`,
    source: async () => {
      const text = await vscode.env.clipboard.readText();
      if (text.trim() === '') {
        void vscode.window.showInformationMessage(t('The clipboard is empty: copy a plan first.'));
        return undefined;
      }
      return textSource(text, t('Plan from the clipboard'));
    },
  });
  const choice = await vscode.window.showQuickPick(choices, {
    title,
    placeHolder: t('Open plan views, the previous run, or a plan on the clipboard'),
  });
  return choice?.source();
}

function textSource(text: string, title: string, origin: { connection?: string; statement?: string; note?: string } = {}): PlanSource {
  return { origin: { title, ...origin }, input: { kind: 'text', text } };
}

/** A request's text field as given, when it is a string that says something (a command argument is not trusted). */
function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
