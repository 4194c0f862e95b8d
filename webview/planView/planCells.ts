// What each cell of the plan table says: texts, bar lengths and tones, computed from one node.
// Pure, so the wording and the scales are tested without a DOM.
import { MISESTIMATE_CRITICAL_FACTOR, MISESTIMATE_FACTOR } from '../../src/core/plan/planThresholds';
import { formatBytes, formatCount, formatDurationMs } from '../../src/core/plan/planUnits';
import type { PlanViewNode, PlanViewStrings } from '../../src/protocol/planView';
import { fill } from '../shared/template';

export type Tone = 'neutral' | 'notable' | 'warning' | 'critical';

export interface BarCell {
  text: string;
  /** 0..1 of the bar's full length */
  fraction: number;
  tone: Tone;
  title: string;
  /** what a narrow table cell shows instead of text (the title then carries text too) */
  shortText?: string;
}

/** Time with a bar for its share of the statement; cop task times are marked, they are not wall-clock. */
export function timeCell(node: PlanViewNode, strings: PlanViewStrings): BarCell | null {
  if (node.timeMs === null || node.runtimeStatsMissing) return null;
  const share = node.timeShare;
  const shareText = share === null ? '' : fill(strings.timeShareTitle, percent(share));
  const title = node.timeKind === 'task-time' ? [shareText, strings.taskTimeTitle].filter(Boolean).join(' · ') : shareText;
  return {
    text: formatDurationMs(node.timeMs),
    fraction: share ?? 0,
    tone: 'neutral',
    title,
  };
}

/** The estimate error on a log scale: 1x is empty, 1000x and more is full. */
export function estimateFraction(factor: number): number {
  if (!(factor > 1)) return 0;
  return Math.min(1, Math.log10(factor) / Math.log10(MISESTIMATE_CRITICAL_FACTOR));
}

export function estimateTone(factor: number): Tone {
  if (factor >= MISESTIMATE_CRITICAL_FACTOR) return 'critical';
  if (factor >= MISESTIMATE_FACTOR) return 'warning';
  if (factor >= 2) return 'notable';
  return 'neutral';
}

export function formatFactor(factor: number): string {
  return factor >= 100 ? `${formatCount(Math.round(factor))}x` : `${Number(factor.toFixed(1))}x`;
}

/**
 * "under-estimated 42x" (more rows came than expected), "over-estimated 3.1x" or "as estimated".
 * `critical`: the operator has a critical misestimate finding; without one the bar is never drawn
 * as critical (an error passed on from below, or one nothing above depends on, is not).
 */
export function estimateCell(node: PlanViewNode, strings: PlanViewStrings, critical = true): BarCell | null {
  const error = node.estimateError;
  if (error === null || node.runtimeStatsMissing || node.actRows === null || node.estRows === null) return null;
  const title = fill(strings.estimateTitle, formatCount(node.actRows), formatCount(node.estRows));
  if (error.direction === 'exact' || error.factor < 1.05) return { text: strings.asEstimated, fraction: 0, tone: 'neutral', title };
  const template = error.direction === 'under' ? strings.underEstimated : strings.overEstimated;
  const short = error.direction === 'under' ? strings.underEstimatedShort : strings.overEstimatedShort;
  const factor = formatFactor(error.factor);
  const tone = estimateTone(error.factor);
  return {
    text: fill(template, factor),
    shortText: fill(short, factor),
    fraction: estimateFraction(error.factor),
    tone: tone === 'critical' && !critical ? 'warning' : tone,
    title,
  };
}

/**
 * "4,200 / 100" (actual / estimated), the estimate alone for plain EXPLAIN, or the actual rows alone
 * for a plan without estimates (EXPLAIN ANALYZE FORMAT='ru').
 */
export function rowsText(node: PlanViewNode, shown: RowsShown): string {
  const est = node.estRows === null ? '–' : formatCount(node.estRows);
  if (shown === 'estimated') return est;
  const act = node.actRows === null || node.runtimeStatsMissing ? '–' : formatCount(node.actRows);
  return shown === 'actual' ? act : `${act} / ${est}`;
}

export type RowsShown = 'both' | 'estimated' | 'actual';

/** Which row counts a plan has to show. */
export function rowsShown(hasRuntimeStats: boolean, nodes: readonly PlanViewNode[]): RowsShown {
  if (!hasRuntimeStats) return 'estimated';
  return nodes.some((node) => node.estRows !== null) ? 'both' : 'actual';
}

export function bytesText(bytes: number | null): string {
  return bytes === null ? '' : formatBytes(bytes);
}

export interface EngineBadge {
  engine: string;
  /** cop, batchCop or MPP; empty for root tasks in TiDB */
  taskKind: string;
  /** the CSS modifier: tidb, tikv, tiflash */
  className: string;
}

export function engineBadge(node: PlanViewNode): EngineBadge | null {
  if (node.engine === null)
    return node.task === null || node.task === '' ? null : { engine: node.task, taskKind: '', className: 'unknown' };
  const taskKind = node.taskKind === null || node.taskKind === 'root' ? '' : node.taskKind === 'mpp' ? 'MPP' : node.taskKind;
  return { engine: node.engine, taskKind, className: node.engine.toLowerCase() };
}

export function percent(share: number): string {
  const value = share * 100;
  return `${value >= 10 || value === 0 ? Math.round(value) : Number(value.toFixed(1))}%`;
}

export function operatorLabel(node: PlanViewNode): string {
  return node.role === null ? node.id : `${node.id} (${node.role})`;
}
