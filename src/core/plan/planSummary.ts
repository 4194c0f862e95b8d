// The one-line gist shown at the end of a statement in the editor and at the top of the plan
// view, e.g. "12.4 ms · 3 rows · TiKV+TiFlash · RU: 547 · 1 critical, 2 warnings, 1 note". The
// findings are counted as the Findings list shows them: every level, named when levels differ.
import type { PlanAnalysis } from './planAnalysis';
import type { FindingSeverity, PlanFinding } from './planFindings';
import type { ParsedPlan } from './planModel';
import { formatRequestUnits, statementRequestUnits } from './planRequestUnits';
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
  const ru = statementRequestUnits(plan);
  if (ru !== null) parts.push(`RU: ${formatRequestUnits(ru)}`);
  parts.push(findingCounts(analysis.findings));
  return parts.join(' · ');
}

const LEVELS: readonly [FindingSeverity, string, string][] = [
  ['critical', 'critical', 'critical'],
  ['warning', 'warning', 'warnings'],
  ['info', 'note', 'notes'],
];

/** "no findings", "2 warnings", "1 critical, 3 warnings, 1 note". */
export function findingCounts(findings: readonly Pick<PlanFinding, 'severity'>[]): string {
  if (findings.length === 0) return 'no findings';
  return LEVELS.flatMap(([severity, one, many]) => {
    const count = findings.filter((finding) => finding.severity === severity).length;
    return count === 0 ? [] : [`${formatCount(count)} ${count === 1 ? one : many}`];
  }).join(', ');
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
