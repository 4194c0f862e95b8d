// The run's Regions section (TiDB write runs and cells, server.regions): per table the regions and
// leaders per store before and after, the hot regions of the run's window, and the findings with
// their advice and the statements to run, each with Copy. Copy sends only the finding's and the
// statement's places: the host takes the text from the result it loaded. Nothing on MySQL/MariaDB.
import type { ServerRegions } from '../../src/core/results/serverRegions';
import { hotRegionRows, regionsTableRows, shownRegions } from '../../src/core/results/serverRegionsRows';
import { countString, formatString } from '../../src/protocol/benchmarkResults';
import { button } from '../shared/components';
import { element } from '../shared/dom';
import type { ViewContext } from './viewContext';
import { card, dataTable } from './viewParts';

export function regionsSection(context: ViewContext, regions: ServerRegions | undefined): HTMLElement | null {
  const shown = shownRegions(regions);
  if (shown === undefined) return null;
  const s = context.strings;
  const tables = dataTable(
    [s.table, s.tableKey, s.regionsChange, s.leadersChange, s.writtenLastHeartbeat],
    regionsTableRows(shown).map((row) => [
      row.table,
      row.key,
      `${row.regionsBefore} → ${row.regionsAfter}`,
      `${row.leadersBefore} → ${row.leadersAfter}`,
      row.written,
    ]),
    { className: 'region-tables', numericFrom: 4 },
  );
  const hotRows = hotRegionRows(shown);
  const hot =
    hotRows.length > 0
      ? element(
          'div',
          { className: 'scroll' },
          dataTable(
            [s.table, s.hotIndex, s.hotType, s.regionId, s.hotFlow, s.hotDegree, s.store],
            hotRows.map((row) => [row.table, row.index, row.type, row.regionId, row.flow, row.hotDegree, row.store]),
            { className: 'hot-regions', numericFrom: 3 },
          ),
        )
      : element('p', { className: 'muted' }, s.hotRegionsNone);
  const findings =
    shown.findings.length > 0
      ? element(
          'ol',
          { className: 'region-findings' },
          ...shown.findings.map((finding, findingIndex) =>
            element(
              'li',
              { className: 'region-finding', attributes: { 'data-finding': finding.kind, 'data-table': finding.table } },
              element('p', { className: 'finding-message' }, element('strong', {}, finding.message)),
              element('p', { className: 'finding-advice' }, finding.advice),
              ...finding.statements.map((statement, statementIndex) =>
                element(
                  'div',
                  { className: 'region-statement' },
                  element('pre', {}, element('code', {}, statement)),
                  button({
                    id: `region-copy-${findingIndex}-${statementIndex}`,
                    label: s.copyStatement,
                    appearance: 'secondary',
                    onClick: () => context.host.post('copyRegionStatement', { finding: findingIndex, statement: statementIndex }),
                  }).element,
                ),
              ),
            ),
          ),
        )
      : element('p', { className: 'muted' }, s.regionFindingsNone);
  const warnings =
    shown.warnings.length > 0
      ? element('ul', { className: 'server-warnings' }, ...shown.warnings.map((warning) => element('li', {}, warning)))
      : null;
  const stores =
    shown.storeCount === undefined
      ? ''
      : countString(shown.storeCount, s.regionsStoresOne, s.regionsStores, context.format.number(shown.storeCount));
  const section = card(
    formatString(s.regionsTitle, stores),
    element('div', { className: 'scroll' }, tables),
    element('h3', {}, formatString(s.hotRegionsTitle, shown.hotRegionsSource ?? 'information_schema.tidb_hot_regions')),
    hot,
    element('h3', {}, s.regionFindingsTitle),
    findings,
    warnings,
  );
  section.dataset.section = 'regions';
  return section;
}
