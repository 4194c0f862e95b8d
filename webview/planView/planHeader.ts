// The top of a plan view: where the plan came from, its gist, notes that change how to read it,
// the parser's warnings, and the findings, each a link to its operator.
import type { PlanFinding } from '../../src/core/plan/planFindings';
import type { PlanOrigin, PlanViewPlan, PlanViewStrings } from '../../src/protocol/planView';
import { element } from '../shared/dom';
import { severityLabel } from './detailsPane';
import type { MppFragments } from './mppFragments';
import { fill } from '../shared/template';

/** Findings shown before "Show all": enough for a real plan, short for a generated one. */
const FINDINGS_SHOWN_FIRST = 8;

export function originHeader(origin: PlanOrigin, headingLevel: 'h1' | 'h2' = 'h1', withStatement = true): HTMLElement {
  const meta = [origin.connection, origin.ranAt ? localTime(origin.ranAt) : undefined, origin.note].filter((part): part is string =>
    Boolean(part),
  );
  return element(
    'div',
    { className: 'origin' },
    element(headingLevel, { className: 'plan-title' }, origin.heading ?? origin.title),
    meta.length > 0 ? element('p', { className: 'muted origin-meta' }, meta.join(' · ')) : null,
    origin.statement && withStatement ? element('pre', { className: 'statement' }, origin.statement) : null,
  );
}

export function gistLine(plan: PlanViewPlan, fragments: MppFragments, strings: PlanViewStrings): HTMLElement {
  return element('p', { className: 'gist', attributes: { 'data-testid': 'plan-gist' } }, gistText(plan, fragments, strings));
}

/** "12.4 ms · 1 row · TiKV · no findings · 1 operator": the plan's gist, then its operators and MPP fragments counted. */
export function gistText(plan: Pick<PlanViewPlan, 'summary' | 'nodes'>, fragments: MppFragments, strings: PlanViewStrings): string {
  const operators = plan.nodes.length;
  const parts = [plan.summary, operators === 1 ? strings.operatorsOne : fill(strings.operators, String(operators))];
  const mpp = fragments.fragments.length;
  if (mpp > 0) parts.push(mpp === 1 ? strings.mppFragmentsOne : fill(strings.mppFragments, String(mpp)));
  return parts.join(' · ');
}

/** "2 of 14 operators match"; "1 of 1 operator matches" in a one-operator plan. */
export function searchMatchesText(matches: number, operators: number, strings: PlanViewStrings): string {
  return operators === 1 ? strings.searchMatchesOne : fill(strings.searchMatches, String(matches), String(operators));
}

export function planNotes(plan: PlanViewPlan, origin: PlanOrigin, strings: PlanViewStrings): HTMLElement[] {
  const notes: HTMLElement[] = [];
  // One banner says how the plan was made: a rolled-back run, or estimates only; both in one when both hold.
  const estimatesOnly = !plan.hasRuntimeStats && plan.nodes.length > 0;
  if (origin.rolledBack) {
    notes.push(
      element(
        'p',
        { className: 'callout success note-rolled-back plan-banner' },
        estimatesOnly ? strings.rolledBackEstimatesOnly : strings.rolledBack,
      ),
    );
  } else if (estimatesOnly) {
    notes.push(element('p', { className: 'muted note plan-banner' }, strings.estimatesOnly));
  }
  if (plan.nodes.some((node) => node.timeKind === 'task-time')) {
    notes.push(element('p', { className: 'muted note cop-time-note', attributes: { title: plan.timeNote } }, `* ${strings.copTimeNote}`));
  }
  if (plan.warnings.length > 0) {
    notes.push(
      element(
        'div',
        { className: 'callout warning parse-warnings', role: 'status' },
        element('p', {}, strings.warningsHeading),
        element('ul', {}, ...plan.warnings.map((warning) => element('li', {}, warning))),
      ),
    );
  }
  return notes;
}

export function findingsSection(findings: readonly PlanFinding[], strings: PlanViewStrings, onShow: (index: number) => void): HTMLElement {
  const heading = element('h2', { id: 'findings-heading' }, `${strings.findingsHeading} (${findings.length})`);
  if (findings.length === 0) {
    return element(
      'section',
      { className: 'findings', attributes: { 'aria-labelledby': 'findings-heading' } },
      heading,
      element('p', { className: 'muted' }, strings.noFindings),
    );
  }
  const list = element('ul', { className: 'findings-list' });
  const renderItems = (count: number) =>
    list.replaceChildren(...findings.slice(0, count).map((finding) => findingItem(finding, strings, onShow)));
  renderItems(FINDINGS_SHOWN_FIRST);
  const section = element('section', { className: 'findings', attributes: { 'aria-labelledby': 'findings-heading' } }, heading, list);
  if (findings.length > FINDINGS_SHOWN_FIRST) {
    const more = element(
      'button',
      { className: 'link-button show-all-findings', attributes: { type: 'button' } },
      fill(strings.showAllFindings, String(findings.length)),
    );
    more.addEventListener('click', () => {
      renderItems(findings.length);
      more.remove();
    });
    section.append(more);
  }
  return section;
}

function findingItem(finding: PlanFinding, strings: PlanViewStrings, onShow: (index: number) => void): HTMLElement {
  const link = element(
    'button',
    { className: 'link-button finding-link', attributes: { type: 'button', 'data-node': String(finding.nodeIndex) } },
    fill(strings.showOperator, finding.nodeId),
  );
  link.addEventListener('click', () => onShow(finding.nodeIndex));
  const advice = element(
    'details',
    { className: 'finding-advice' },
    element('summary', {}, finding.message),
    element('p', {}, finding.advice),
  );
  return element(
    'li',
    { className: `finding ${finding.severity}`, attributes: { 'data-code': finding.code } },
    element('span', { className: `severity-pill ${finding.severity}` }, severityLabel(finding, strings)),
    advice,
    link,
  );
}

/** "2026-11-29 21:05:03" in the local time zone (toLocaleString would load locale data on first use, slowing the first paint). */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
