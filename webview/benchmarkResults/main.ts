// The benchmark results panel: a live run, a stored run, an experiment or a comparison, whichever
// document the host sends. The charts take their colours from the theme and redraw when it changes.
import type { BenchmarkResultsProtocol, BenchmarkResultsState, ResultsShowMessage } from '../../src/protocol/benchmarkResults';
import { element, replaceChildren } from '../shared/dom';
import { connectToHost } from '../shared/hostChannel';
import { onThemeChange, readChartPalette } from './chartTheme';
import { ComparisonView } from './comparisonView';
import { ExperimentView } from './experimentView';
import { NumberFormatter } from './numberFormat';
import { RunView } from './runView';
import type { ResultsView, ViewContext } from './viewContext';

const host = connectToHost<BenchmarkResultsProtocol, BenchmarkResultsState>();
const app = document.getElementById('app') as HTMLElement;
let view: ResultsView | undefined;
let liveRunKey: string | undefined;

host.on('show', (message) => show(message));
host.on('liveInterval', ({ runKey, interval }) => {
  if (runKey === liveRunKey && view instanceof RunView) view.appendInterval(interval);
});
host.on('livePhase', ({ runKey, phase }) => {
  if (runKey === liveRunKey && view instanceof RunView) view.setPhase(phase);
});
onThemeChange(() => view?.applyPalette(readChartPalette()));

function show(message: ResultsShowMessage): void {
  const { document: shown, strings, locale } = message;
  const target = shown.kind === 'live' ? { kind: 'live' as const, runKey: shown.live.header.runKey } : shown.target;
  const saved = host.getState();
  const sameTarget = saved !== undefined && JSON.stringify(saved.target) === JSON.stringify(target);
  const state: BenchmarkResultsState = sameTarget ? { ...saved, target } : { target };
  host.setState(state);
  const context: ViewContext = {
    strings,
    locale,
    format: new NumberFormatter(locale),
    palette: readChartPalette(),
    host,
    state,
    identity: '',
    saveState: (changes) => {
      Object.assign(state, changes);
      host.setState(state);
    },
  };
  view?.dispose();
  view = undefined;
  liveRunKey = shown.kind === 'live' ? shown.live.header.runKey : undefined;
  // The view is put in the page before its charts are drawn, so they measure their real size.
  const holder = element('div', { className: 'view' });
  replaceChildren(app, holder);
  switch (shown.kind) {
    case 'live':
      view = new RunView(context, { kind: 'live', live: shown.live });
      break;
    case 'run':
      view = new RunView(context, { kind: 'run', run: shown.run, warnings: shown.warnings, connectionId: shown.connectionId });
      break;
    case 'experiment':
      view = new ExperimentView(
        context,
        shown.experiment,
        shown.target.kind === 'comparison' || shown.target.kind === 'live' ? '' : shown.target.resultId,
        shown.warnings,
      );
      break;
    case 'comparison':
      view = new ComparisonView(context, shown.runs, shown.warnings);
      break;
    case 'message':
      holder.append(
        element(
          'section',
          { className: 'callout warning', role: 'alert', attributes: { 'data-message': '' } },
          element('strong', {}, shown.title),
          element('p', {}, shown.message),
        ),
      );
      break;
  }
  if (view) {
    holder.append(view.element);
    view.draw();
  }
  app.removeAttribute('aria-busy');
  app.dataset.kind = shown.kind;
}
