// An experiment's regions, one row per cell that carries them (TiDB write cells, bulk-load cells):
// each table's regions before and after, how many hot regions the window had, and the findings'
// messages; "Open run" opens the cell's tab, whose Regions section has the leaders per store, the
// hot regions and the statements to run. Nothing when no cell has regions (reads, MySQL/MariaDB).
import type { ExperimentResult } from '../../src/core/results/benchmarkResult';
import { experimentCellRegions, regionsChangeText } from '../../src/core/results/serverRegionsRows';
import { element } from '../shared/dom';
import type { ViewContext } from './viewContext';
import { card, dataTable } from './viewParts';

export function cellRegionsCard(context: ViewContext, experiment: ExperimentResult, resultId: string): HTMLElement | null {
  const cells = experimentCellRegions(experiment);
  if (cells.length === 0) return null;
  const s = context.strings;
  const rows = cells.map(({ cellIndex, name, regions }) => {
    const open = element('button', { className: 'link-button', attributes: { type: 'button', 'data-cell': String(cellIndex) } }, s.openRun);
    open.addEventListener('click', () => context.host.post('openCell', { resultId, cellIndex }));
    const findings =
      regions.findings.length > 0
        ? element('ul', { className: 'cell-region-findings' }, ...regions.findings.map((finding) => element('li', {}, finding.message)))
        : element('span', { className: 'muted' }, '–');
    return [name, regionsChangeText(regions), findings, context.format.number(regions.hotRegions.length), open];
  });
  const table = dataTable([s.run, s.regionsChange, s.findings, s.hotRegionsCount, ''], rows, {
    className: 'cell-regions',
    numericFrom: 3,
  });
  const section = card(
    s.regionsByCell,
    element('p', { className: 'muted' }, s.regionsByCellNote),
    element('div', { className: 'scroll' }, table),
  );
  section.dataset.section = 'regions-by-cell';
  return section;
}
