// A MySQL or MariaDB plan: the server's own EXPLAIN output as a plain table (or MySQL's tree
// text), with a line saying why there is no TiDB analysis.
import type { PlanViewForeignContent, PlanViewStrings } from '../../src/protocol/planView';
import { button } from '../shared/components';
import { element } from '../shared/dom';
import { originHeader } from './planHeader';

export function foreignPage(content: PlanViewForeignContent, strings: PlanViewStrings, onExport: () => void): HTMLElement {
  const exportButton = button({ id: 'export-plan', label: strings.exportPlan, appearance: 'secondary', onClick: onExport });
  const body =
    content.text !== null
      ? element(
          'pre',
          { className: 'raw-text foreign-text', attributes: { tabindex: '0', 'aria-label': strings.foreignHeading } },
          content.text,
        )
      : element(
          'div',
          { className: 'foreign-scroll' },
          element(
            'table',
            { className: 'foreign-table', attributes: { 'aria-label': strings.foreignHeading } },
            element(
              'thead',
              {},
              element('tr', {}, ...content.columns.map((column) => element('th', { attributes: { scope: 'col' } }, column))),
            ),
            element('tbody', {}, ...content.rows.map((row) => element('tr', {}, ...row.map((cell) => element('td', {}, cell))))),
          ),
        );
  return element(
    'div',
    { className: 'plan-page foreign-page' },
    element(
      'header',
      { className: 'page-header' },
      originHeader(content.origin),
      element('p', { className: 'callout foreign-reason' }, content.reason),
      element('div', { className: 'toolbar', role: 'toolbar' }, exportButton.element),
    ),
    element('h2', { className: 'foreign-heading' }, strings.foreignHeading),
    body,
  );
}
