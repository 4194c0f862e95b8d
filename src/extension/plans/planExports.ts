// What "Export…" copies or saves: the plan as JSON (the `tidb-lab plan --json` shape plus where it
// came from), as the text report, or as the raw plan text. No vscode here.
import { formatCount, formatDurationMs, planToJson, renderPlanReport } from '../../core/plan';
import type { PlanComparison } from '../../core/plan';
import type { PlanExportFormat, PlanOrigin } from '../../protocol/planView';
import type { BuiltDocument, BuiltPlan } from './planDocument';
import { resultTableText } from './resultTableText';

export function exportText(document: BuiltDocument, format: PlanExportFormat): string {
  switch (document.kind) {
    case 'plan':
      return planExport(document.plan, format);
    case 'compare':
      if (format === 'json') {
        return `${JSON.stringify({ before: planJson(document.before), after: planJson(document.after), comparison: comparisonOf(document) }, null, 2)}\n`;
      }
      if (format === 'raw')
        return `-- before\n${ensureNewline(document.before.rawText())}-- after\n${ensureNewline(document.after.rawText())}`;
      return `${comparisonReport(comparisonOf(document))}\nBEFORE\n${planExport(document.before, 'report')}\nAFTER\n${planExport(document.after, 'report')}`;
    case 'foreign': {
      const content = document.content;
      if (format === 'json')
        return `${JSON.stringify({ origin: content.origin, note: content.reason, columns: content.columns, rows: content.rows }, null, 2)}\n`;
      const table = content.text ?? resultTableText(content.columns, content.rows);
      return format === 'raw'
        ? ensureNewline(table)
        : `${originLines(content.origin).join('\n')}\n${content.reason}\n\n${ensureNewline(table)}`;
    }
  }
}

export function exportFileExtension(format: PlanExportFormat): string {
  return format === 'json' ? 'json' : 'txt';
}

function planExport(plan: BuiltPlan, format: PlanExportFormat): string {
  if (format === 'json') return `${JSON.stringify(planJson(plan), null, 2)}\n`;
  if (format === 'raw') return ensureNewline(plan.rawText());
  const header = originLines(plan.source.origin);
  return `${header.length > 0 ? `${header.join('\n')}\n\n` : ''}${renderPlanReport(plan.parsed, plan.analysis, plan.summary)}`;
}

function planJson(plan: BuiltPlan): object {
  return { origin: plan.source.origin, ...planToJson(plan.parsed, plan.analysis, plan.summary) };
}

function comparisonOf(document: BuiltDocument): PlanComparison {
  if (document.content.kind !== 'compare') throw new Error('not a comparison');
  return document.content.comparison;
}

function originLines(origin: PlanOrigin): string[] {
  const lines = [origin.title];
  if (origin.connection) lines.push(`Connection: ${origin.connection}`);
  if (origin.ranAt) lines.push(`Ran at: ${origin.ranAt}`);
  if (origin.rolledBack) lines.push('Ran in a transaction that was rolled back.');
  if (origin.statement) lines.push(`Statement: ${origin.statement}`);
  return lines;
}

function comparisonReport(comparison: PlanComparison): string {
  const time = (value: number | null) => (value === null ? '-' : formatDurationMs(value));
  const count = (value: number | null) => (value === null ? '-' : formatCount(value));
  const lines = [`Statement time: ${time(comparison.timeMs.before)} -> ${time(comparison.timeMs.after)}`];
  for (const match of comparison.matched.filter((candidate) => candidate.changed)) {
    const changes: string[] = [];
    if (match.operator) changes.push(`operator ${match.operator.before} -> ${match.operator.after}`);
    if (match.rows) changes.push(`rows ${count(match.rows.before)} -> ${count(match.rows.after)}`);
    if (match.estRows) changes.push(`estimate ${count(match.estRows.before)} -> ${count(match.estRows.after)}`);
    if (match.timeMs) changes.push(`time ${time(match.timeMs.before)} -> ${time(match.timeMs.after)}`);
    if (match.engine) changes.push(`engine ${match.engine.before ?? '-'} -> ${match.engine.after ?? '-'}`);
    if (match.task) changes.push(`task ${match.task.before ?? '-'} -> ${match.task.after ?? '-'}`);
    const id = match.before.id === match.after.id ? match.after.id : `${match.before.id} -> ${match.after.id}`;
    lines.push(`  changed ${id}: ${changes.join(', ')}`);
  }
  for (const added of comparison.added) lines.push(`  added ${added.id}`);
  for (const removed of comparison.removed) lines.push(`  removed ${removed.id}`);
  return `${lines.join('\n')}\n`;
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
