// The plan view webview: shows what the host sends (a TiDB plan, two plans compared, or a
// MySQL/MariaDB plan) and keeps, with setState, the tab's view id and its view state (collapsed
// rows, selection, search, tab), so the host can rebuild the tab after a window reload.
import { unpackPlan, type PlanViewProtocol, type PlanViewShow, type PlanViewState } from '../../src/protocol/planView';
import { replaceChildren } from '../shared/dom';
import { connectToHost } from '../shared/hostChannel';
import { ComparePage } from './comparePage';
import { foreignPage } from './foreignPage';
import { initialPlanUiState, PlanPage, type PlanPageCallbacks, type PlanUiState } from './planPage';

const host = connectToHost<PlanViewProtocol, PlanViewState<PlanUiState>>();
const app = document.getElementById('app') as HTMLElement;
document.body.classList.add('plan-view');
let planPage: PlanPage | undefined;

host.on('show', (show) => {
  const started = performance.now();
  const saved = host.getState();
  const ui = !show.resetView && saved?.ui ? saved.ui : initialPlanUiState();
  host.setState({ viewId: show.viewId, ui });
  const callbacks: PlanPageCallbacks = {
    onUiChange: (state) => host.setState({ viewId: show.viewId, ui: state }),
    onExport: () => host.post('export', null),
    onCompare: () => host.post('compare', null),
    onRendered: (rows) => host.post('rendered', { rows, ms: Math.round((performance.now() - started) * 10) / 10 }),
    requestDetails: (index) => host.post('details', { index }),
    requestRawText: () => host.post('rawText', null),
  };
  planPage = undefined;
  replaceChildren(app);
  app.removeAttribute('aria-busy');
  showContent(show, ui, callbacks);
});

host.on('reveal', ({ index }) => planPage?.reveal(index));
host.on('nodeDetails', ({ index, executionInfoText, raw }) => planPage?.showNodeDetails(index, { executionInfoText, raw }));
host.on('rawText', ({ text }) => planPage?.showRawText(text));

function showContent(show: PlanViewShow, ui: PlanUiState, callbacks: PlanPageCallbacks): void {
  const content = show.content;
  if (content.kind === 'plan') {
    const page = new PlanPage(content.origin, unpackPlan(content.plan), show.strings, ui, callbacks);
    app.append(page.element);
    page.start();
    planPage = page;
  } else if (content.kind === 'compare') {
    const before = { origin: content.before.origin, plan: unpackPlan(content.before.plan) };
    const after = { origin: content.after.origin, plan: unpackPlan(content.after.plan) };
    const page = new ComparePage(before, after, content.comparison, show.strings, callbacks);
    app.append(page.element);
    page.start();
  } else {
    app.append(foreignPage(content, show.strings, callbacks.onExport));
    callbacks.onRendered(content.rows.length);
  }
}
