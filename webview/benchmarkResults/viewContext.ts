// What every view of the panel needs: the host's strings, number formatting, the chart palette,
// the channel to the host and the persisted view state.
import type { BenchmarkResultsProtocol, BenchmarkResultsState, BenchmarkResultsStrings } from '../../src/protocol/benchmarkResults';
import type { HostChannel } from '../shared/hostChannel';
import { ChartCard } from './chartCard';
import type { ChartPalette } from './chartTheme';
import type { NumberFormatter } from './numberFormat';

export interface ViewContext {
  strings: BenchmarkResultsStrings;
  format: NumberFormatter;
  locale: string;
  palette: ChartPalette;
  host: HostChannel<BenchmarkResultsProtocol, BenchmarkResultsState>;
  state: BenchmarkResultsState;
  saveState(changes: Partial<BenchmarkResultsState>): void;
  /** what a saved chart says it is about (workload, threads, connection, server, date); set by the view */
  identity: string;
}

export interface ResultsView {
  readonly element: HTMLElement;
  /** draws the charts; called once the element is in the page, so they measure their real size */
  draw(): void;
  applyPalette(palette: ChartPalette): void;
  dispose(): void;
}

/** A chart card wired to the host's "save PNG" message. */
export function chartCard(context: ViewContext, name: string, title: string, tall = false): ChartCard {
  return new ChartCard(name, title, {
    savePngLabel: context.strings.savePng,
    palette: context.palette,
    tall,
    onSavePng: (card) =>
      context.host.post('savePng', {
        chartName: card.name,
        dataUrl: card.toPngDataUrl(context.identity),
        title: card.title,
        identity: context.identity,
      }),
  });
}
