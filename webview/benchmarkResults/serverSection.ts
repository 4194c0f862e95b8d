// The run's Server section: what the server counted for the run's statements (by server time, the
// largest first: the same order as the Markdown export), their engines and plan changes, the
// warnings of reading it (first the grant the account lacks, when it could not read them), and per
// statement "Open plan" and "Show in Statements view". The host looks the statement up by digest
// in the result it loaded; the webview sends nothing else.
import type { ServerActivity, ServerStatementPlan } from '../../src/core/results/benchmarkResult';
import type { DigestCountNote } from '../../src/core/results/digestCountNote';
import { serverStatementRows } from '../../src/core/results/serverStatementRows';
import { shortText } from '../../src/core/results/serverActivityText';
import { formatString } from '../../src/protocol/benchmarkResults';
import { element } from '../shared/dom';
import { button } from '../shared/components';
import { digestCountNoteElement } from './digestCountNoteView';
import { serverNoneCountedElement, serverNotReadElement } from './serverStatementsEmptyView';
import type { ViewContext } from './viewContext';
import { card, dataTable } from './viewParts';

/** null when the result has no server activity (older results, imports): the section is not shown. */
export function serverSection(
  context: ViewContext,
  activity: ServerActivity | undefined,
  canReveal: boolean,
  countNote: DigestCountNote | null = null,
): HTMLElement | null {
  if (activity === undefined) return null;
  const s = context.strings;
  const f = context.format;
  const rows = serverStatementRows(activity).map(({ statement, totalMs, plan, hasPlanText }, index) => {
    const text = element(
      'code',
      { className: 'server-statement', attributes: { title: statement.text, 'data-digest': statement.digest } },
      shortText(statement.text),
    );
    const counted = statement.counted === 'prepared' ? element('span', { className: 'muted' }, ` (${s.preparedCounted})`) : null;
    const planCell =
      plan === 'changed'
        ? element(
            'span',
            { className: 'badge plan-changed', attributes: { 'data-plan-changed': '', title: planList(context, statement.plans ?? []) } },
            formatString(s.planChanged, statement.planDigests.length),
          )
        : plan === 'one'
          ? s.planOne
          : '–';
    const actions = element(
      'div',
      { className: 'row-actions' },
      hasPlanText
        ? button({
            id: `server-plan-${index}`,
            label: s.openPlan,
            appearance: 'secondary',
            onClick: () => context.host.post('openServerPlan', { digest: statement.digest }),
          }).element
        : null,
      canReveal
        ? button({
            id: `server-reveal-${index}`,
            label: s.showInStatements,
            appearance: 'secondary',
            onClick: () => context.host.post('revealServerStatement', { digest: statement.digest }),
          }).element
        : null,
    );
    return [
      // the actions under the statement, so the table fits an editor's width without a column of buttons
      element('div', { className: 'server-statement-cell' }, element('span', {}, text, counted), actions),
      f.number(statement.execCount),
      f.ms(statement.avgLatencyMs),
      f.ms(statement.maxLatencyMs),
      f.ms(totalMs),
      statement.engines.join(' + ') || '–',
      planCell,
    ];
  });
  const table =
    rows.length > 0
      ? dataTable([s.statement, s.execCount, s.serverAvg, s.serverMax, s.serverTotal, s.engines, s.plan], rows, {
          className: 'server-statements',
          numericFrom: 1,
        })
      : serverNoneCountedElement(s, activity);
  const warnings =
    activity.warnings.length > 0
      ? element(
          'ul',
          { className: 'server-warnings', attributes: { 'data-server-warnings': '' } },
          ...activity.warnings.map((warning) => element('li', {}, warning)),
        )
      : null;
  // wider than the card (a narrow editor): the table scrolls inside it
  const section = card(
    formatString(s.serverStatements, activity.source),
    serverNotReadElement(s, activity),
    table === null ? null : element('div', { className: 'scroll' }, table),
    warnings,
    digestCountNoteElement(countNote),
  );
  section.dataset.section = 'server';
  return section;
}

/** The plans of a statement whose plan changed, first seen first (as the run recorded them and the Statements view lists them). */
function planList(context: ViewContext, plans: readonly ServerStatementPlan[]): string {
  const s = context.strings;
  return plans
    .map((plan) => {
      const entry = formatString(s.planListEntry, plan.planDigest.slice(0, 12), context.format.number(plan.execCount));
      return plan.firstSeen === undefined ? entry : `${entry}, ${formatString(s.planFirstSeen, plan.firstSeen)}`;
    })
    .join('\n');
}
