// The details of one operator: its numbers, its findings, the operator info, and the execution
// info as nested key/value lists (cop_task, tikv_task, scan_detail… as TiDB printed them).
import type { PlanFinding } from '../../src/core/plan/planFindings';
import { formatCount, formatDurationMs } from '../../src/core/plan/planUnits';
import type { PlanViewNode, PlanViewPlan, PlanViewStrings } from '../../src/protocol/planView';
import { element, replaceChildren } from '../shared/dom';
import { executionInfoEntries, type ExecutionEntry } from './executionInfoEntries';
import type { MppFragments } from './mppFragments';
import { bytesText, engineBadge, estimateCell, percent } from './planCells';
import { fill } from '../shared/template';

export interface DetailsContext {
  plan: PlanViewPlan;
  strings: PlanViewStrings;
  fragments: MppFragments;
  findingsByNode: ReadonlyMap<number, PlanFinding[]>;
  onSelect(index: number): void;
  onClose(): void;
}

/** The execution info and row text of one operator, which the host sends when asked. */
export interface NodeDetails {
  executionInfoText: string | null;
  raw: string;
}

export function renderDetails(
  container: HTMLElement,
  index: number | null,
  context: DetailsContext,
  details: NodeDetails | undefined,
): void {
  const s = context.strings;
  const node = index === null ? undefined : context.plan.nodes[index];
  if (node === undefined) {
    replaceChildren(container, element('p', { className: 'muted details-empty' }, s.detailsEmpty));
    return;
  }
  const close = element(
    'button',
    { className: 'icon-button details-close', attributes: { type: 'button', title: s.detailsClose, 'aria-label': s.detailsClose } },
    '×',
  );
  close.addEventListener('click', () => context.onClose());
  const badge = engineBadge(node);
  replaceChildren(
    container,
    element(
      'div',
      { className: 'details-title' },
      element('h2', { id: 'details-heading' }, node.id),
      node.role === null ? null : element('span', { className: 'operator-role' }, node.role),
      badge === null
        ? null
        : element(
            'span',
            { className: `engine-badge ${badge.className}` },
            element('span', { className: 'engine-name' }, badge.engine),
            badge.taskKind === '' ? null : element('span', { className: 'engine-task' }, badge.taskKind),
          ),
      close,
    ),
    node.truncated ? element('p', { className: 'callout warning' }, s.truncatedRow) : null,
    factsList(node, context),
    findingsOf(node, context),
    linksOf(node, context),
    node.operatorInfo ? section(s.fieldOperatorInfo, element('pre', { className: 'details-text' }, node.operatorInfo)) : null,
    node.hasExecutionInfo
      ? section(
          s.fieldExecutionInfo,
          details === undefined
            ? element('p', { className: 'muted loading' }, '…')
            : entriesList(executionInfoEntries(details.executionInfoText ?? ''), s.glossary),
        )
      : null,
    details === undefined ? null : section(s.fieldRawRow, element('pre', { className: 'details-text raw-row' }, details.raw)),
  );
}

function factsList(node: PlanViewNode, context: DetailsContext): HTMLElement {
  const s = context.strings;
  const facts: [string, string][] = [];
  if (node.task !== null) facts.push([s.fieldTask, node.task]);
  if (node.accessObject !== null) facts.push([s.fieldAccessObject, node.accessObject]);
  if (node.estRows !== null) facts.push([s.fieldEstRows, formatCount(node.estRows)]);
  if (node.actRows !== null) facts.push([s.fieldActRows, formatCount(node.actRows)]);
  const estimate = estimateCell(node, s);
  if (estimate !== null) facts.push([s.fieldEstimate, estimate.text]);
  if (node.timeMs !== null) {
    const share = node.timeShare === null ? '' : ` (${fill(s.timeShareTitle, percent(node.timeShare))})`;
    facts.push([s.fieldTime, `${formatDurationMs(node.timeMs)}${share}${node.timeKind === 'task-time' ? ` — ${s.taskTimeTitle}` : ''}`]);
  }
  if (node.selfTimeMs !== null && node.children.length > 0) facts.push([s.fieldSelfTime, formatDurationMs(node.selfTimeMs)]);
  if (node.memoryBytes !== null) facts.push([s.fieldMemory, bytesText(node.memoryBytes)]);
  if (node.diskBytes !== null) facts.push([s.fieldDisk, bytesText(node.diskBytes)]);
  if (node.estCost !== null) facts.push([s.fieldEstCost, formatCount(node.estCost)]);
  const fragment = context.fragments.fragmentOf[node.index];
  if (fragment !== null) facts.push([s.fieldFragment, fill(s.fragmentLabel, String(fragment))]);
  for (const [key, value] of Object.entries(node.extra)) facts.push([key, value]);
  return element('dl', { className: 'facts' }, ...facts.flatMap(([term, value]) => [element('dt', {}, term), element('dd', {}, value)]));
}

function findingsOf(node: PlanViewNode, context: DetailsContext): HTMLElement | null {
  const findings = context.findingsByNode.get(node.index) ?? [];
  if (findings.length === 0) return null;
  return element(
    'ul',
    { className: 'details-findings' },
    ...findings.map((finding) =>
      element(
        'li',
        { className: `finding ${finding.severity}` },
        element('span', { className: `severity-pill ${finding.severity}` }, severityLabel(finding, context.strings)),
        element('span', { className: 'finding-message' }, finding.message),
        element('p', { className: 'finding-advice' }, finding.advice),
      ),
    ),
  );
}

function linksOf(node: PlanViewNode, context: DetailsContext): HTMLElement | null {
  const s = context.strings;
  const nodes = context.plan.nodes;
  const reads = node.uses
    .map((id) => nodes.find((candidate) => candidate.id === id && candidate.parent === null))
    .filter((target): target is PlanViewNode => target !== undefined);
  const readBy = node.usedBy.map((index) => nodes[index]).filter((target): target is PlanViewNode => target !== undefined);
  if (reads.length === 0 && readBy.length === 0) return null;
  const links = (label: string, targets: PlanViewNode[]) =>
    targets.length === 0
      ? null
      : element(
          'p',
          { className: 'details-links' },
          `${label}: `,
          ...targets.map((target) => {
            const link = element('button', { className: 'link-button', attributes: { type: 'button' } }, target.id);
            link.addEventListener('click', () => context.onSelect(target.index));
            return link;
          }),
        );
  return element('div', {}, links(s.fieldReads, reads), links(s.fieldReadBy, readBy));
}

function section(title: string, body: HTMLElement): HTMLElement {
  return element('section', { className: 'details-section' }, element('h3', {}, title), body);
}

export function entriesList(entries: ExecutionEntry[], glossary: Record<string, string>): HTMLElement {
  return element(
    'dl',
    { className: 'exec-info' },
    ...entries.flatMap((entry) => {
      const hint = Object.prototype.hasOwnProperty.call(glossary, entry.key) ? glossary[entry.key] : '';
      const term = element('dt', hint ? { attributes: { title: hint } } : {}, entry.key === '' ? '·' : entry.key);
      if (hint) term.classList.add('has-hint');
      const value =
        entry.value !== null
          ? element('dd', {}, entry.value)
          : element('dd', { className: 'group' }, entriesList(entry.children, glossary));
      return [term, value];
    }),
  );
}

export function severityLabel(finding: PlanFinding, strings: PlanViewStrings): string {
  return { critical: strings.severityCritical, warning: strings.severityWarning, info: strings.severityInfo }[finding.severity];
}
