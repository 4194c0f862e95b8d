// The one-line gist shown at the end of a statement in the editor, e.g.
// "12.4 ms · 3 rows · TiKV+TiFlash · 1 finding".
import type { PlanAnalysis } from './planAnalysis';
import type { ParsedPlan } from './planModel';
import { formatCount, formatDurationMs } from './planUnits';
import { planNodes } from './planWalk';

/** Point gets run as root tasks in TiDB but read TiKV directly. */
const READS_TIKV_FROM_ROOT = /^(?:Point_?Get|Batch_?Point_?Get)$/;

export function summarizePlan(plan: ParsedPlan, analysis: PlanAnalysis): string {
  const root = plan.roots[0];
  if (root === undefined) return 'no plan';
  const parts: string[] = [];
  if (analysis.totalTimeMs !== null) parts.push(formatDurationMs(analysis.totalTimeMs));
  if (root.actRows !== null) parts.push(`${formatCount(root.actRows)} ${root.actRows === 1 ? 'row' : 'rows'}`);
  else if (root.estRows !== null) parts.push(`est. ${formatCount(root.estRows)} ${root.estRows === 1 ? 'row' : 'rows'}`);
  parts.push(storageEngines(plan));
  const actionable = analysis.findings.filter((finding) => finding.severity !== 'info').length;
  parts.push(actionable === 0 ? 'no findings' : `${actionable} ${actionable === 1 ? 'finding' : 'findings'}`);
  return parts.join(' · ');
}

function storageEngines(plan: ParsedPlan): string {
  let tikv = false;
  let tiflash = false;
  for (const node of planNodes(plan.roots)) {
    if (node.engine === 'TiKV' || READS_TIKV_FROM_ROOT.test(node.operator)) tikv = true;
    if (node.engine === 'TiFlash') tiflash = true;
  }
  if (tikv && tiflash) return 'TiKV+TiFlash';
  if (tiflash) return 'TiFlash';
  if (tikv) return 'TiKV';
  return 'TiDB';
}
