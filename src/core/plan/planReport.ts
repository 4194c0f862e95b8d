// The plain-text report of `tidb-lab plan`: the tree with time, rows and engine per
// operator, then the findings and the reader's warnings.
import type { PlanAnalysis } from './planAnalysis';
import type { ParsedPlan, PlanNode } from './planModel';
import { formatBytes, formatCount, formatDurationMs, formatFactor } from './planUnits';

export function renderPlanReport(plan: ParsedPlan, analysis: PlanAnalysis, summary: string): string {
  const lines: string[] = [];
  const count = analysis.operators.length;
  const kind = plan.hasRuntimeStats ? 'EXPLAIN ANALYZE plan' : 'EXPLAIN plan';
  lines.push(`${kind} (${plan.format}, ${count} operator${count === 1 ? '' : 's'}): ${summary}`, '');
  if (count > 0) {
    const rows: string[][] = [['time', 'share', 'rows act / est', 'estimate', 'engine', 'memory', 'operator']];
    for (const { node, prefix } of treeLines(plan.roots)) {
      const op = analysis.operators[node.index];
      const error = op?.estimateError;
      rows.push([
        node.timeMs === null ? '' : `${formatDurationMs(node.timeMs)}${op?.timeKind === 'task-time' ? '*' : ''}`,
        op?.timeShare == null ? '' : `${Math.round(op.timeShare * 100)}%`,
        `${node.actRows === null ? '-' : formatCount(node.actRows)} / ${node.estRows === null ? '-' : formatCount(node.estRows)}`,
        error && error.direction !== 'exact' && error.factor >= 2 ? `${formatFactor(error.factor)} ${error.direction}` : '',
        node.engine === null ? '' : `${node.engine} ${node.taskKind ?? ''}`.trim(),
        [node.memoryBytes, node.diskBytes].some((value) => value !== null)
          ? `${node.memoryBytes === null ? '-' : formatBytes(node.memoryBytes)}${node.diskBytes ? ` +disk ${formatBytes(node.diskBytes)}` : ''}`
          : '',
        `${prefix}${node.id}${node.role === null ? '' : `(${node.role})`}${node.accessObject === null ? '' : `  ${node.accessObject}`}`,
      ]);
    }
    lines.push(...alignColumns(rows));
    if (analysis.operators.some((op) => op.timeKind === 'task-time')) lines.push('', `* ${analysis.timeNote}`);
  }
  if (analysis.findings.length > 0) {
    lines.push('', 'Findings:');
    for (const finding of analysis.findings) {
      lines.push(`  [${finding.severity}] ${finding.nodeId}: ${finding.message}`, `      ${finding.advice}`);
    }
  } else if (count > 0) {
    lines.push('', 'No findings.');
  }
  if (plan.warnings.length > 0) {
    lines.push('', 'Warnings:');
    for (const warning of plan.warnings) lines.push(`  - ${warning}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The operators in plan order with freshly drawn tree glyphs. */
function treeLines(roots: readonly PlanNode[]): { node: PlanNode; prefix: string }[] {
  const result: { node: PlanNode; prefix: string }[] = [];
  const stack: { node: PlanNode; indent: string; glyph: string }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i], indent: '', glyph: '' });
  while (stack.length > 0) {
    const { node, indent, glyph } = stack.pop() as { node: PlanNode; indent: string; glyph: string };
    result.push({ node, prefix: indent + glyph });
    const childIndent = glyph === '' ? indent : indent + (glyph === '├─' ? '│ ' : '  ');
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children[i], indent: childIndent, glyph: i === node.children.length - 1 ? '└─' : '├─' });
    }
  }
  return result;
}

function alignColumns(rows: readonly string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ').trimEnd());
}
