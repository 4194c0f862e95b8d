// The colour scale of the "% change" heatmap: green where the candidate is better, red where it is
// worse, stronger with the size of the change. The scale is logarithmic because the studies range
// from a few percent to several hundred (+7% to +630% for cached reads), and a linear scale would
// leave everything but the largest change pale. Changes within the noise band stay neutral.

import type { ComparedMetric } from '../../src/core/results/runComparison';

export type HeatTone = 'better' | 'worse' | 'neutral' | 'noise' | 'missing';

export interface Heat {
  tone: HeatTone;
  /** 0 (faint) to 1 (full) */
  strength: number;
}

export interface HeatScaleOptions {
  /** |change| below this many percent counts as no change */
  neutralBandPct: number;
  /** |change| from which the colour is at full strength */
  saturatePct: number;
}

export const DEFAULT_HEAT_SCALE: HeatScaleOptions = { neutralBandPct: 1, saturatePct: 200 };

/** `improvementPct` is signed so that positive means better for the metric (see resultMetrics). */
export function heatOf(improvementPct: number | null, options: HeatScaleOptions = DEFAULT_HEAT_SCALE): Heat {
  if (improvementPct === null || !Number.isFinite(improvementPct)) return { tone: 'missing', strength: 0 };
  const size = Math.abs(improvementPct);
  if (size < options.neutralBandPct) return { tone: 'neutral', strength: 0 };
  const strength = Math.min(1, Math.log1p(size) / Math.log1p(options.saturatePct));
  return { tone: improvementPct > 0 ? 'better' : 'worse', strength };
}

/**
 * The tone of a cell of repeated runs: a change whose runs overlap (withinSpread) is greyed as
 * noise, whatever its size, instead of being coloured as an effect.
 */
export function heatOfCell(improvementPct: number | null, withinSpread: boolean, options: HeatScaleOptions = DEFAULT_HEAT_SCALE): Heat {
  const heat = heatOf(improvementPct, options);
  return withinSpread && heat.tone !== 'missing' ? { tone: 'noise', strength: 0 } : heat;
}

/**
 * The tone of a run's change in a comparison of runs: a change between single runs that may be
 * noise (`withinNoise`, under the band of core/results/singleRunNoise.ts) is greyed like a change
 * within the spread of repeated runs, instead of being coloured better or worse.
 */
export function heatOfComparedRun(
  entry: Pick<ComparedMetric, 'improvementPctVsFirst' | 'withinNoise'>,
  index: number,
  options: HeatScaleOptions = DEFAULT_HEAT_SCALE,
): Heat {
  return heatOfCell(entry.improvementPctVsFirst[index] ?? null, entry.withinNoise[index] ?? false, options);
}

/**
 * How much of the theme colour to mix into the cell background, in percent. Capped well below 100
 * so the editor foreground stays readable on it in light, dark and high-contrast themes.
 */
export function heatMixPercent(heat: Heat): number {
  if (heat.tone === 'missing' || heat.tone === 'neutral' || heat.tone === 'noise') return 0;
  return Math.round(12 + 38 * heat.strength);
}

/** The text a heatmap cell shows: the change with its sign, so colour is never the only cue. */
export function changeText(changePct: number | null, locale?: string): string {
  if (changePct === null || !Number.isFinite(changePct)) return '–';
  const formatted = new Intl.NumberFormat(locale, {
    maximumFractionDigits: Math.abs(changePct) >= 100 ? 0 : 1,
    minimumFractionDigits: 0,
  }).format(Math.abs(changePct));
  if (formatted === '0') return '0%';
  return `${changePct > 0 ? '+' : '−'}${formatted}%`;
}
