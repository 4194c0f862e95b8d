// Where the panel says that the benchmark client, not the server, set the pace (the rule is
// src/core/results/clientBound.ts): a warning on a client-bound run, a note in a live run while the
// client is saturated, the client's figures among a run's details, and which heatmap cells had a
// client-bound run. Results without client figures (imported logs) get none of these.
import type { ClientLoad, ExperimentResult, ResultInterval, RunResult } from '../../src/core/results/benchmarkResult';
import { BOUND_INTERVAL_SHARE, clientOnMainThread, saturatedIntervals } from '../../src/core/results/clientBound';
import { variantDefinedParams, withoutParams } from '../../src/core/results/variantParams';
import { formatString } from '../../src/protocol/benchmarkResults';
import { element } from '../shared/dom';
import { cellSettingLabel } from './sweepSeries';
import type { ViewContext } from './viewContext';

/** "34% CPU of 1 core, event loop busy 100%, event-loop delay p99 4.2 ms" (only what was sampled; the run queue's thread as the workload runs it) */
export function clientLoadText(context: ViewContext, load: ClientLoad, workload?: string): string {
  const s = context.strings;
  const f = context.format;
  const cores = load.cores === 1 ? s.clientOneCore : formatString(s.clientCores, f.number(load.cores));
  const busy = load.eventLoopUtilization;
  const delay = load.eventLoopDelayP99Ms;
  const runnable = clientOnMainThread(workload) ? s.clientMainThreadRunnable : s.clientRunnable;
  return (
    formatString(s.clientLoad, f.number(load.cpuUtilization * 100), cores) +
    (busy === undefined ? '' : formatString(s.clientLoopBusy, f.number(busy * 100))) +
    (delay === undefined ? '' : formatString(s.clientDelay, f.number(delay, delay >= 10 ? 0 : 1))) +
    (load.runnableShare === undefined ? '' : formatString(runnable, f.number(load.runnableShare * 100)))
  );
}

/** The warning at the top of a client-bound run; null for a run the client did not limit or did not measure. */
export function clientBoundBanner(context: ViewContext, run: RunResult): HTMLElement | null {
  if (!run.client?.bound) return null;
  const s = context.strings;
  const { saturated, measured } = saturatedIntervals(run);
  const figures =
    clientLoadText(context, run.client, run.workload) +
    (measured > 0 ? ` · ${formatString(s.clientSaturatedIntervals, saturated, measured)}` : '');
  return element(
    'section',
    { className: 'callout warning client-bound', role: 'alert', attributes: { 'data-client-bound': 'true' } },
    element('strong', {}, s.clientBoundTitle),
    element('p', { className: 'client-figures' }, figures),
    element('p', {}, clientOnMainThread(run.workload) ? s.clientBoundAdviceMainThread : s.clientBoundAdvice),
  );
}

/** The client's figures for a run's details table, or nothing for a run without them. */
export function clientDetailsRow(context: ViewContext, run: RunResult): [string, string][] {
  if (!run.client) return [];
  return [
    [
      context.strings.client,
      `${clientLoadText(context, run.client, run.workload)} · ${run.client.bound ? context.strings.clientBoundTitle : context.strings.clientNotBound}`,
    ],
  ];
}

/**
 * A live run's note: shown while the intervals so far meet the run's rule (saturated in at least
 * BOUND_INTERVAL_SHARE of them), with the latest interval's figures.
 */
export class LiveClientNote {
  readonly element = element('section', {
    className: 'callout warning client-bound',
    role: 'status',
    hidden: true,
    attributes: { 'data-client-saturated': 'false' },
  });

  constructor(
    private readonly context: ViewContext,
    private readonly workload: string,
  ) {}

  update(intervals: readonly ResultInterval[]): void {
    const saturation = liveClientSaturation(intervals);
    this.element.hidden = saturation === undefined;
    this.element.setAttribute('data-client-saturated', String(saturation !== undefined));
    if (saturation === undefined) return;
    const { latest, saturated, measured } = saturation;
    const s = this.context.strings;
    this.element.replaceChildren(
      element('strong', {}, s.clientLiveSaturated),
      element(
        'p',
        { className: 'client-figures' },
        `${clientLoadText(this.context, latest, this.workload)} · ${formatString(s.clientSaturatedIntervals, saturated, measured)}`,
      ),
      element('p', {}, clientOnMainThread(this.workload) ? s.clientBoundAdviceMainThread : s.clientBoundAdvice),
    );
  }
}

/** While a run goes on: its latest client figures when the intervals so far meet the run's rule. */
export function liveClientSaturation(
  intervals: readonly ResultInterval[],
): { latest: ClientLoad; saturated: number; measured: number } | undefined {
  const { saturated, measured } = saturatedIntervals({ intervals: [...intervals] });
  const latest = [...intervals].reverse().find((interval) => interval.client !== undefined)?.client;
  if (latest === undefined || saturated === 0 || saturated < BOUND_INTERVAL_SHARE * measured) return undefined;
  return { latest, saturated, measured };
}

/** The client-bound variants of each heatmap cell, keyed as the heatmap keys its rows. */
export function clientBoundVariantsByCell(experiment: ExperimentResult, variants: readonly string[]): Map<string, string[]> {
  const byCell = new Map<string, string[]>();
  // keyed as the heatmap's rows are: without the params that only restate the variant
  const variantParams = variantDefinedParams(experiment.cells.filter((cell) => variants.includes(cell.variant)));
  for (const cell of experiment.cells) {
    if (!variants.includes(cell.variant) || !cell.run.client?.bound) continue;
    const setting = cellSettingLabel({ workload: cell.workload, params: withoutParams(cell.params, variantParams) });
    const key = heatmapCellKey(setting, cell.tableSize, cell.threads);
    const bound = byCell.get(key) ?? [];
    if (!bound.includes(cell.variant)) bound.push(cell.variant);
    byCell.set(key, bound);
  }
  return byCell;
}

export function heatmapCellKey(workloadLabel: string, tableSize: number | undefined, threads: number): string {
  return JSON.stringify([workloadLabel, tableSize ?? null, threads]);
}
