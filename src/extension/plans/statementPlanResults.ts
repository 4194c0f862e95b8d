// What the editor shows after a statement was explained: the gist at the end of the statement,
// a hover with the heaviest operators and the findings, and (setting tidbLab.plans.showDiagnostics)
// warnings in the Problems panel. All of it goes away when the statement's text changes.
import * as vscode from 'vscode';
import type { PlanFinding } from '../../core/plan';
import { formatCount, formatDurationMs } from '../../core/plan';
import type { PlanViewPlan, PlanViewSource } from '../../protocol/planView';
import { stripLeadingComments } from '../../core/sql/statementSplitter';
import { explainTargets, type ExplainTarget } from './explainStatements';
import { heaviestOperators } from './heaviestOperators';
import { PLAN_COMMANDS, PLAN_SETTINGS } from './planIds';

export interface StatementPlanResult {
  /** the statement's text when it ran: the result lasts while the document holds it unchanged */
  statementText: string;
  start: number;
  end: number;
  /** the plan view tab of this statement */
  planKey: string;
  source: PlanViewSource;
  gist: string;
  /** null for MySQL / MariaDB plans */
  plan: PlanViewPlan | null;
}

const HOVER_OPERATORS = 3;
const DIAGNOSTIC_SOURCE = 'TiDB Lab plan';

export class StatementPlanResults implements vscode.Disposable, vscode.HoverProvider {
  private readonly byDocument = new Map<string, StatementPlanResult[]>();
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor('editorCodeLens.foreground'), margin: '0 0 0 2em', fontStyle: 'italic' },
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('tidbLab.plans');
  private readonly disposables: vscode.Disposable[] = [];

  constructor() {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((event) => this.onDocumentChanged(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.clear(document.uri)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.decorateAll()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(PLAN_SETTINGS.showDiagnostics))
          for (const uri of this.byDocument.keys()) this.updateDiagnostics(vscode.Uri.parse(uri));
      }),
    );
  }

  /** Records a run: replaces the previous result of the same statement. */
  set(document: vscode.TextDocument, target: ExplainTarget, result: Omit<StatementPlanResult, 'statementText' | 'start' | 'end'>): void {
    const key = document.uri.toString();
    const results = (this.byDocument.get(key) ?? []).filter(
      (existing) => !(existing.start === target.start && existing.statementText === target.text),
    );
    results.push({ ...result, statementText: target.text, start: target.start, end: target.end });
    this.byDocument.set(key, results);
    this.refresh(document.uri);
  }

  resultsFor(uri: vscode.Uri): readonly StatementPlanResult[] {
    return this.byDocument.get(uri.toString()) ?? [];
  }

  findByKey(planKey: string): StatementPlanResult | undefined {
    for (const results of this.byDocument.values()) {
      const found = results.find((result) => result.planKey === planKey);
      if (found) return found;
    }
    return undefined;
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const offset = document.offsetAt(position);
    const result = this.resultsFor(document.uri).find((candidate) => offset >= candidate.start && offset <= candidate.end);
    if (!result) return undefined;
    // VS Code shows the Problems entries under the pointer in the same hover: list those findings once.
    const shownAsProblems = new Set(
      this.diagnosticsOf(document, result)
        .filter(({ diagnostic }) => diagnostic.range.contains(position))
        .map(({ finding }) => finding),
    );
    return new vscode.Hover(
      hoverText(result, shownAsProblems),
      new vscode.Range(document.positionAt(result.start), document.positionAt(result.end)),
    );
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.decoration.dispose();
    this.diagnostics.dispose();
    this.byDocument.clear();
  }

  private clear(uri: vscode.Uri): void {
    if (!this.byDocument.delete(uri.toString())) return;
    this.diagnostics.delete(uri);
  }

  /** Follows each result to where its statement is now; drops the results whose statement changed. */
  private onDocumentChanged(document: vscode.TextDocument): void {
    const results = this.byDocument.get(document.uri.toString());
    if (!results || results.length === 0) return;
    const targets = explainTargets(document.getText());
    const kept: StatementPlanResult[] = [];
    for (const result of results) {
      const same = targets.filter((target) => target.text === result.statementText);
      if (same.length === 0) continue;
      const nearest = same.reduce((best, target) =>
        Math.abs(target.start - result.start) < Math.abs(best.start - result.start) ? target : best,
      );
      if (kept.some((other) => other.start === nearest.start)) continue;
      kept.push({ ...result, start: nearest.start, end: nearest.end });
    }
    this.byDocument.set(document.uri.toString(), kept);
    this.refresh(document.uri);
  }

  private refresh(uri: vscode.Uri): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document.uri.toString() === uri.toString()) this.decorate(editor);
    this.updateDiagnostics(uri);
  }

  private decorateAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.decorate(editor);
  }

  private decorate(editor: vscode.TextEditor): void {
    const document = editor.document;
    const options = this.resultsFor(document.uri).map((result): vscode.DecorationOptions => {
      const line = document.lineAt(document.positionAt(result.end).line);
      return {
        range: new vscode.Range(line.range.end, line.range.end),
        renderOptions: { after: { contentText: `▸ ${result.gist}` } },
      };
    });
    editor.setDecorations(this.decoration, options);
  }

  private updateDiagnostics(uri: vscode.Uri): void {
    const enabled = vscode.workspace.getConfiguration().get<boolean>(PLAN_SETTINGS.showDiagnostics, true);
    const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString());
    if (!enabled || !document) {
      this.diagnostics.delete(uri);
      return;
    }
    this.diagnostics.set(
      uri,
      this.resultsFor(uri).flatMap((result) => this.diagnosticsOf(document, result).map(({ diagnostic }) => diagnostic)),
    );
  }

  /** The Problems entries of one result's findings (none when the setting is off). */
  private diagnosticsOf(
    document: vscode.TextDocument,
    result: StatementPlanResult,
  ): { finding: PlanFinding; diagnostic: vscode.Diagnostic }[] {
    if (!vscode.workspace.getConfiguration().get<boolean>(PLAN_SETTINGS.showDiagnostics, true)) return [];
    return (result.plan?.findings ?? []).flatMap((finding) => {
      const severity = diagnosticSeverity(finding);
      if (severity === null) return [];
      const diagnostic = new vscode.Diagnostic(findingRange(document, result, finding), `${finding.message} ${finding.advice}`, severity);
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = finding.code;
      return [{ finding, diagnostic }];
    });
  }
}

/**
 * Critical findings are errors (the plan view marks them red and they are why the statement is
 * slow), warnings are warnings. Notes stay out of the Problems panel: they explain, nothing is wrong.
 */
export function diagnosticSeverity(finding: Pick<PlanFinding, 'severity'>): vscode.DiagnosticSeverity | null {
  switch (finding.severity) {
    case 'critical':
      return vscode.DiagnosticSeverity.Error;
    case 'warning':
      return vscode.DiagnosticSeverity.Warning;
    case 'info':
      return null;
  }
}

/** Where a finding points in the statement: the table it names, else the statement's first line (comments skipped). */
function findingRange(document: vscode.TextDocument, result: StatementPlanResult, finding: PlanFinding): vscode.Range {
  const code = stripLeadingComments(result.statementText);
  const codeStart = result.start + result.statementText.length - code.length;
  const accessObject = result.plan?.nodes[finding.nodeIndex]?.accessObject ?? '';
  const table = /(?:^|[\s,])table:([^,\s]+)/.exec(accessObject)?.[1];
  if (table) {
    const name = table.split('.').pop() ?? table;
    const found = new RegExp(`(?<![\\w$])\`?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`?(?![\\w$])`, 'i').exec(code);
    if (found)
      return new vscode.Range(document.positionAt(codeStart + found.index), document.positionAt(codeStart + found.index + found[0].length));
  }
  const start = document.positionAt(codeStart);
  return new vscode.Range(start, document.lineAt(start.line).range.end);
}

function hoverText(result: StatementPlanResult, shownAsProblems: ReadonlySet<PlanFinding>): vscode.MarkdownString {
  const t = vscode.l10n.t;
  const markdown = new vscode.MarkdownString(undefined, true);
  markdown.isTrusted = { enabledCommands: [PLAN_COMMANDS.showStatementPlan] };
  markdown.supportThemeIcons = true;
  markdown
    .appendMarkdown(`**${t('TiDB Lab plan')}** · `)
    .appendText(result.gist)
    .appendMarkdown('\n\n');
  const plan = result.plan;
  if (plan) {
    const heavy = heaviestOperators(plan, HOVER_OPERATORS);
    if (heavy.length > 0) {
      markdown.appendMarkdown(`${plan.hasRuntimeStats ? t('Where the time went:') : t('Largest row estimates:')}\n\n`);
      markdown.appendMarkdown(
        `| ${t('Operator')} | ${t('Engine')} | ${plan.hasRuntimeStats ? t('Time') : t('Est. rows')} |\n|---|---|---:|\n`,
      );
      for (const { node, measure, value } of heavy) {
        const amount = measure === 'est-rows' ? formatCount(value) : `${formatDurationMs(value)}${measure === 'task-time' ? '*' : ''}`;
        markdown.appendMarkdown(
          `| ${escapeCell(node.id)} | ${escapeCell([node.engine, node.taskKind === 'root' ? '' : node.taskKind].filter(Boolean).join(' '))} | ${amount} |\n`,
        );
      }
      if (heavy.some((entry) => entry.measure === 'task-time'))
        markdown.appendMarkdown(`\n*\\* ${t('task time summed over TiKV / TiFlash tasks, not wall-clock')}*\n`);
      markdown.appendMarkdown('\n');
    }
    const findings = plan.findings.filter((finding) => !shownAsProblems.has(finding));
    if (plan.findings.length === 0) markdown.appendMarkdown(`${t('No findings.')}\n\n`);
    for (const finding of findings.slice(0, 5)) {
      const icon = finding.severity === 'info' ? '$(info)' : finding.severity === 'critical' ? '$(error)' : '$(warning)';
      markdown.appendMarkdown(`${icon} `).appendText(finding.message).appendMarkdown('\n\n');
    }
    if (findings.length === 6) markdown.appendMarkdown(`${t('…and 1 more finding.')}\n\n`);
    else if (findings.length > 6) markdown.appendMarkdown(`${t('…and {0} more findings.', String(findings.length - 5))}\n\n`);
  }
  const args = encodeURIComponent(JSON.stringify([result.planKey]));
  markdown.appendMarkdown(`[$(graph) ${t('Open plan view')}](command:${PLAN_COMMANDS.showStatementPlan}?${args})`);
  return markdown;
}

function escapeCell(text: string): string {
  return text.replace(/[|\\`*_[\]<>]/g, (char) => `\\${char}`);
}
