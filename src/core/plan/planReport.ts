// The plain-text report of `tidb-lab plan`: the tree with time, rows and engine per
// operator, then the findings and the reader's warnings.
import type { PlanAnalysis } from './planAnalysis';
import type { ParsedPlan, PlanFormat, PlanNode } from './planModel';
import { formatRequestUnits, hasOperatorRequestUnits, operatorRequestUnits } from './planRequestUnits';
import { formatBytes, formatCount, formatDurationMs, formatFactor } from './planUnits';
import { planNodes } from './planWalk';

/** How the plan was read, in words a reader of the report knows. */
export const PLAN_FORMAT_LABELS: Record<PlanFormat, string> = {
  'mysql-table': 'mysql client table',
  'markdown-table': 'Markdown table',
  'pipe-table': 'pipe-separated table',
  'tab-separated': 'tab-separated',
  'space-aligned': 'space-aligned columns',
  vertical: 'vertical (\\G) output',
  'result-rows': 'rows returned by the server',
  tidb_json: "FORMAT='tidb_json'",
  'dashboard-visual-plan': "TiDB Dashboard's visual plan JSON",
  dot: "FORMAT='dot'",
  unknown: 'unknown format',
};

export function renderPlanReport(plan: ParsedPlan, analysis: PlanAnalysis, summary: string): string {
  const lines: string[] = [];
  const count = analysis.operators.length;
  const kind = plan.hasRuntimeStats ? 'EXPLAIN ANALYZE plan' : 'EXPLAIN plan';
  lines.push(`${kind} (${PLAN_FORMAT_LABELS[plan.format]}, ${count} operator${count === 1 ? '' : 's'}): ${summary}`, '');
  if (count > 0) {
    const withRu = hasOperatorRequestUnits(planNodes(plan.roots));
    const rows: string[][] = [
      ['time', 'share', 'rows act / est', 'estimate', 'engine', 'memory', ...(withRu ? ['RU own', 'RU total'] : []), 'operator'],
    ];
    let tooDeepToDraw = false;
    for (const { node, prefix, level } of treeLines(plan.roots)) {
      if (level > MAX_DRAWN_DEPTH) tooDeepToDraw = true;
      const op = analysis.operators[node.index];
      const error = op?.estimateError;
      const notRun = op?.runtimeStatsMissing === true;
      const ru = withRu ? operatorRequestUnits(node.extra) : null;
      rows.push([
        node.timeMs === null || notRun ? '' : `${formatDurationMs(node.timeMs)}${op?.timeKind === 'task-time' ? '*' : ''}`,
        op?.timeShare == null || notRun ? '' : `${Math.round(op.timeShare * 100)}%`,
        `${node.actRows === null || notRun ? '-' : formatCount(node.actRows)} / ${node.estRows === null ? '-' : formatCount(node.estRows)}`,
        notRun
          ? 'did not run'
          : error && error.direction !== 'exact' && error.factor >= 2
            ? `${formatFactor(error.factor)} ${error.direction}`
            : '',
        node.engine === null ? '' : `${node.engine} ${node.taskKind ?? ''}`.trim(),
        [node.memoryBytes, node.diskBytes].some((value) => value !== null)
          ? `${node.memoryBytes === null ? '-' : formatBytes(node.memoryBytes)}${node.diskBytes ? ` +disk ${formatBytes(node.diskBytes)}` : ''}`
          : '',
        ...(withRu
          ? [ru?.self == null ? '' : formatRequestUnits(ru.self), ru?.cumulative == null ? '' : formatRequestUnits(ru.cumulative)]
          : []),
        `${prefix}${node.id}${node.role === null ? '' : `(${node.role})`}${node.accessObject === null ? '' : `  ${node.accessObject}`}`,
      ]);
    }
    for (const line of alignColumns(rows)) lines.push(line);
    if (tooDeepToDraw) {
      lines.push(
        '',
        `Operators more than ${MAX_DRAWN_DEPTH} levels deep are drawn at level ${MAX_DRAWN_DEPTH}, with their level in brackets.`,
      );
    }
    if (analysis.operators.some((op) => op.timeKind === 'task-time')) lines.push('', `* ${analysis.timeNote}`);
    if (analysis.operators.some((op) => op.runtimeStatsMissing)) {
      lines.push(
        '',
        'did not run: loops:0 and no rows, so TiDB collected no runtime statistics for the operator; its estimate is not compared.',
      );
    }
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

/** The tree is drawn this many levels deep at most: deeper, each line's indentation would grow with the plan's depth. */
export const MAX_DRAWN_DEPTH = 50;

/** The operators in plan order with freshly drawn tree glyphs. */
function treeLines(roots: readonly PlanNode[]): { node: PlanNode; prefix: string; level: number }[] {
  const result: { node: PlanNode; prefix: string; level: number }[] = [];
  const stack: { node: PlanNode; indent: string; glyph: string; level: number }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i], indent: '', glyph: '', level: 0 });
  while (stack.length > 0) {
    const { node, indent, glyph, level } = stack.pop() as { node: PlanNode; indent: string; glyph: string; level: number };
    result.push({ node, prefix: level > MAX_DRAWN_DEPTH ? `${indent}${glyph}[${level}] ` : indent + glyph, level });
    const childIndent = glyph === '' || level >= MAX_DRAWN_DEPTH ? indent : indent + (glyph === '├─' ? '│ ' : '  ');
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children[i], indent: childIndent, glyph: i === node.children.length - 1 ? '└─' : '├─', level: level + 1 });
    }
  }
  return result;
}

function alignColumns(rows: readonly string[][]): string[] {
  // A loop, not Math.max(...lengths): spreading a plan's rows as arguments overflows the stack from about 120,000.
  const widths = rows[0].map(() => 0);
  for (const row of rows) for (let column = 0; column < row.length; column++) widths[column] = Math.max(widths[column], row[column].length);
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd(),
  );
}
