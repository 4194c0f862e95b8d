// The regions part of a result for people: per table the regions and leaders per store before and
// after, the hot regions and the findings with their statements. Lines for the CLI (a run, and an
// experiment's cells); the result tab and the Markdown export take their rows from serverRegionsRows.ts.
import { formatBytes } from '../plan/planUnits';
import type { ExperimentResult } from './benchmarkResult';
import { experimentCellName } from './runNames';
import type { ServerRegions, TableRegionSnapshot } from './serverRegions';

/** "1: 2, 3: 1" — leaders per store, by store id. */
export function storesText(byStore: Record<string, number> | undefined): string {
  if (byStore === undefined) return '-';
  const entries = Object.entries(byStore).sort((a, b) => Number(a[0]) - Number(b[0]));
  return entries.length === 0 ? 'none' : entries.map(([store, count]) => `store ${store}: ${count}`).join(', ');
}

export function regionsChange(before: TableRegionSnapshot | undefined, after: TableRegionSnapshot | undefined): string {
  const count = (snapshot: TableRegionSnapshot | undefined) => (snapshot === undefined ? '?' : String(snapshot.regions));
  return `${count(before)} -> ${count(after)}`;
}

export function writtenText(snapshot: TableRegionSnapshot | undefined): string {
  return snapshot === undefined ? '-' : formatBytes(snapshot.writtenBytes);
}

export { formatBytes };

/** Lines after the run's summary; nothing on MySQL/MariaDB (their results say regions are a TiDB concept). */
export function serverRegionsLines(regions: ServerRegions | undefined): string[] {
  if (regions === undefined || regions.source !== 'tidb') return [];
  const lines: string[] = [];
  lines.push(`Regions (SHOW TABLE ... REGIONS, before -> after${regions.storeCount ? `; ${tikvStoresText(regions.storeCount)}` : ''}):`);
  for (const entry of regions.tables) {
    lines.push(
      `    ${entry.table}: ${regionsChange(entry.before, entry.after)} regions; leaders ${storesText(entry.before?.leadersByStore)} -> ${storesText(entry.after?.leadersByStore)}; written in the last heartbeat ${writtenText(entry.after)}`,
    );
  }
  if (regions.hotRegions.length > 0) {
    lines.push(`Hot regions (${regions.hotRegionsSource ?? 'information_schema.tidb_hot_regions'}):`);
    for (const hot of regions.hotRegions.slice(0, 5))
      lines.push(
        `    ${hot.table}${hot.index ? ` index ${hot.index}` : ''} region ${hot.regionId}: ${hot.type} ${formatBytes(hot.flowBytes)}, hot degree ${hot.maxHotDegree}${hot.storeId !== undefined ? `, store ${hot.storeId}` : ''}`,
      );
    if (regions.hotRegions.length > 5) lines.push(`    ... and ${regions.hotRegions.length - 5} more (--json has them all)`);
  }
  for (const finding of regions.findings) {
    lines.push(`Finding (${finding.table}): ${finding.message}`);
    lines.push(`    ${finding.advice}`);
    for (const statement of finding.statements) lines.push(`      ${statement}`);
  }
  for (const warning of regions.warnings) lines.push(`Regions: ${warning}`);
  return lines;
}

/** An experiment's regions for the CLI: each cell that has them, named, with its lines indented; [] when none has. */
export function experimentRegionsLines(experiment: ExperimentResult): string[] {
  const cells = experiment.cells.filter((cell) => cell.run.server?.regions?.source === 'tidb');
  if (cells.length === 0) return [];
  return [
    'Regions, run by run:',
    ...cells.flatMap((cell) => [
      `  ${experimentCellName(experiment, cell)}:`,
      ...serverRegionsLines(cell.run.server?.regions).map((line) => `    ${line}`),
    ]),
  ];
}

/** "1 TiKV store", "3 TiKV stores". */
export function tikvStoresText(count: number): string {
  return `${count} TiKV ${count === 1 ? 'store' : 'stores'}`;
}
