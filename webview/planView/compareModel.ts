// Two plans side by side: which operator of one matches which of the other, what changed in
// each pair (rows, estimate, time, engine, task), and which operators only one plan has.
import type { PlanComparison } from '../../src/core/plan/planComparison';
import { formatCount, formatDurationMs } from '../../src/core/plan/planUnits';
import type { PlanViewStrings } from '../../src/protocol/planView';
import { fill } from '../shared/template';

export type CompareStatus = 'same' | 'changed' | 'added' | 'removed';

export interface ChangeLine {
  status: Exclude<CompareStatus, 'same'>;
  before: number | null;
  after: number | null;
  id: string;
  details: string[];
}

export interface CompareModel {
  beforeStatus: CompareStatus[];
  afterStatus: CompareStatus[];
  beforeToAfter: Map<number, number>;
  afterToBefore: Map<number, number>;
  changes: ChangeLine[];
}

export function buildCompareModel(
  comparison: PlanComparison,
  beforeCount: number,
  afterCount: number,
  strings: PlanViewStrings,
): CompareModel {
  const beforeStatus = new Array<CompareStatus>(beforeCount).fill('same');
  const afterStatus = new Array<CompareStatus>(afterCount).fill('same');
  const beforeToAfter = new Map<number, number>();
  const afterToBefore = new Map<number, number>();
  const changes: ChangeLine[] = [];
  for (const match of comparison.matched) {
    beforeToAfter.set(match.before.index, match.after.index);
    afterToBefore.set(match.after.index, match.before.index);
    if (!match.changed) continue;
    beforeStatus[match.before.index] = 'changed';
    afterStatus[match.after.index] = 'changed';
    const details: string[] = [];
    if (match.rows) details.push(fill(strings.compareRows, countText(match.rows.before), countText(match.rows.after)));
    if (match.estRows) details.push(fill(strings.compareEstimate, countText(match.estRows.before), countText(match.estRows.after)));
    if (match.timeMs) details.push(fill(strings.compareTime, timeText(match.timeMs.before), timeText(match.timeMs.after)));
    if (match.engine) details.push(fill(strings.compareEngine, match.engine.before ?? '–', match.engine.after ?? '–'));
    if (match.task) details.push(fill(strings.compareTask, match.task.before ?? '–', match.task.after ?? '–'));
    const id = match.before.id === match.after.id ? match.after.id : `${match.before.id} → ${match.after.id}`;
    changes.push({ status: 'changed', before: match.before.index, after: match.after.index, id, details });
  }
  for (const added of comparison.added) {
    afterStatus[added.index] = 'added';
    changes.push({ status: 'added', before: null, after: added.index, id: added.id, details: [] });
  }
  for (const removed of comparison.removed) {
    beforeStatus[removed.index] = 'removed';
    changes.push({ status: 'removed', before: removed.index, after: null, id: removed.id, details: [] });
  }
  return { beforeStatus, afterStatus, beforeToAfter, afterToBefore, changes };
}

/** "2.4× faster" / "1.3× slower" for the statement time, or null when a time is missing. */
export function speedChange(beforeMs: number | null, afterMs: number | null, strings: PlanViewStrings): string | null {
  if (beforeMs === null || afterMs === null || beforeMs <= 0 || afterMs <= 0 || beforeMs === afterMs) return null;
  const ratio = beforeMs > afterMs ? beforeMs / afterMs : afterMs / beforeMs;
  return fill(beforeMs > afterMs ? strings.compareFaster : strings.compareSlower, String(Number(ratio.toFixed(ratio >= 10 ? 0 : 1))));
}

function countText(value: number | null): string {
  return value === null ? '–' : formatCount(value);
}

function timeText(value: number | null): string {
  return value === null ? '–' : formatDurationMs(value);
}
