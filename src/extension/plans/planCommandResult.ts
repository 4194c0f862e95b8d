// What the plan commands return, for scripts and tests: the gist and counts of what was shown.
import type { BuiltDocument } from './planDocument';

export interface PlanCommandResult {
  kind: 'plan' | 'compare' | 'foreign';
  title: string;
  summary: string;
  operators: number;
  findings: string[];
  warnings: string[];
  rolledBack: boolean;
  /** the statement explained, as it was sent (no comments above it); none for compared plans and pasted text */
  statement?: string;
}

export function planCommandResult(document: BuiltDocument, title: string): PlanCommandResult {
  switch (document.kind) {
    case 'plan':
      return {
        kind: 'plan',
        title,
        summary: document.plan.summary,
        operators: document.plan.view.nodes.length,
        findings: document.plan.view.findings.map((finding) => finding.code),
        warnings: document.plan.view.warnings,
        rolledBack: document.plan.source.origin.rolledBack === true,
        statement: document.plan.source.origin.statement,
      };
    case 'compare':
      return {
        kind: 'compare',
        title,
        summary: `${document.before.summary} → ${document.after.summary}`,
        operators: document.after.view.nodes.length,
        findings: document.after.view.findings.map((finding) => finding.code),
        warnings: [...document.before.view.warnings, ...document.after.view.warnings],
        rolledBack: false,
      };
    case 'foreign':
      return {
        kind: 'foreign',
        title,
        summary: document.content.reason,
        operators: document.content.rows.length,
        findings: [],
        warnings: [],
        rolledBack: document.content.origin.rolledBack === true,
        statement: document.content.origin.statement,
      };
  }
}
