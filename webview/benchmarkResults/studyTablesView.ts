// The study's own tables below the heatmap: one "% change of B over A" table per workload group and
// table size, threads down, workloads or --point_selects across, "612.73%" as the cached-table
// study printed it. Cells whose cached reads were not from memory carry †; changes within the spread
// of repeated runs carry ~.
import { formatString } from '../../src/protocol/benchmarkResults';
import type { MetricKey } from '../../src/core/results/resultMetrics';
import type { ExperimentResult } from '../../src/core/results/benchmarkResult';
import { studyCellText, studyTables } from '../../src/core/results/studyTables';
import { element } from '../shared/dom';
import type { ViewContext } from './viewContext';
import { card } from './viewParts';

export function studyTablesCard(
  context: ViewContext,
  experiment: ExperimentResult,
  options: { metric: MetricKey; baseline: string; candidate: string },
): HTMLElement | null {
  const s = context.strings;
  const tables = studyTables(experiment, options);
  if (tables.tables.length === 0) return null;
  const blocks = tables.tables.map((table) => {
    const size = table.tableSize !== undefined ? `${context.format.number(table.tableSize)} rows` : '';
    const caption = [table.group === 'workloads' ? '' : table.group, size].filter((part) => part !== '').join(' · ');
    const header = element(
      'tr',
      {},
      element('th', { attributes: { scope: 'col' } }, table.corner),
      ...table.columns.map((column) => element('th', { className: 'num', attributes: { scope: 'col' } }, column.label)),
    );
    const rows = table.threads.map((threads, rowIndex) =>
      element(
        'tr',
        {},
        element('th', { attributes: { scope: 'row' } }, String(threads)),
        ...table.cells[rowIndex].map((cell) => {
          const classes = [
            'num',
            ...(cell?.row.notFromMemory ? ['not-from-memory'] : []),
            ...(cell?.row.withinSpread ? ['heat-noise'] : []),
          ];
          const td = element('td', { className: classes.join(' ') }, studyCellText(cell));
          if (cell)
            td.title = `${tables.baseline}: ${context.format.number(cell.row.baseline, 2)} → ${tables.candidate}: ${context.format.number(cell.row.candidate, 2)}`;
          return td;
        }),
      ),
    );
    return element(
      'div',
      { className: 'study-block', attributes: { 'data-study-table': `${table.group}|${table.tableSize ?? ''}` } },
      element('h3', {}, caption || table.columns.map((column) => column.label).join(', ')),
      element(
        'div',
        { className: 'scroll' },
        element(
          'table',
          { className: 'data study-table', attributes: { 'aria-label': caption || 'workloads' } },
          element('thead', {}, header),
          element('tbody', {}, ...rows),
        ),
      ),
    );
  });
  const cells = tables.tables.flatMap((table) => table.cells.flat());
  const notes = [
    s.studyTablesNote,
    ...(cells.some((cell) => cell?.row.notFromMemory) ? [s.notFromMemoryNote] : []),
    ...(cells.some((cell) => cell?.row.withinSpread) ? [s.withinSpreadNote] : []),
    ...tables.warnings.filter((warning) => warning.includes('did not run')),
  ];
  const title = formatString(s.studyTables, tables.metricLabel, tables.candidate, tables.baseline);
  return card(title, ...blocks, element('ul', { className: 'study-notes' }, ...notes.map((note) => element('li', {}, note))));
}
