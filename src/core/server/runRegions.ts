// The regions part of a run's server evidence (TiDB, write-heavy runs and cells): SHOW TABLE t
// REGIONS for each table the run writes, before and after; after it, the window's hot regions
// (tidb_hot_regions; tidb_hot_regions_history for the run's window when the current table has
// none of the tables' regions, e.g. after a long cell whose hot spot has cooled), the TiKV store
// count, how each table is keyed, and the findings. A failure to read anything becomes a warning,
// never a failed run; on MySQL and MariaDB it only says that regions are a TiDB concept.
import { quoteIdentifier } from '../db/sqlIdentifiers';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { ServerFlavor } from '../db/serverFlavor';
import { REGIONS_TIDB_ONLY, type HotRegion, type ServerRegions, type TableRegionSnapshot } from '../results/serverRegions';
import { regionFindings } from './regionFindings';
import { parseTableKey } from './tableKey';
import { readHotRegions, readHotRegionsHistory, readTableRegions } from './tableRegions';

export interface RunRegionsSettings {
  database: string;
  /** the tables the run writes (sbtest1..N) */
  tables: readonly string[];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function serverNow(executor: SqlExecutor): Promise<string | undefined> {
  try {
    const [row] = await executor.query('SELECT CAST(NOW(6) AS CHAR) AS now');
    return row?.now === undefined || row.now === null ? undefined : String(row.now);
  } catch {
    return undefined;
  }
}

export class RunRegions {
  private readonly warnings: string[] = [];

  private constructor(
    private readonly executor: SqlExecutor,
    private readonly settings: RunRegionsSettings,
    private readonly before: Map<string, TableRegionSnapshot>,
    private readonly startedAt: string | undefined,
  ) {}

  /** Reads the regions before the run; undefined when there is nothing to read (not TiDB, no tables). */
  static async start(
    executor: SqlExecutor,
    flavor: ServerFlavor,
    settings: RunRegionsSettings,
  ): Promise<RunRegions | 'not-tidb' | undefined> {
    if (settings.tables.length === 0) return undefined;
    if (flavor !== 'tidb') return 'not-tidb';
    const before = new Map<string, TableRegionSnapshot>();
    const regions = new RunRegions(executor, settings, before, await serverNow(executor));
    for (const table of settings.tables) {
      try {
        before.set(table, await readTableRegions(executor, table));
      } catch (error) {
        regions.warnings.push(`SHOW TABLE ${quoteIdentifier(table)} REGIONS failed before the run: ${messageOf(error)}`);
      }
    }
    return regions;
  }

  /** Reads the regions after the run, the hot regions and the findings; never throws. */
  async finish(): Promise<ServerRegions> {
    const { executor } = this;
    const { tables } = this.settings;
    const endedAt = await serverNow(executor);
    const result: ServerRegions = { source: 'tidb', tables: [], hotRegions: [], findings: [], warnings: this.warnings };
    for (const table of tables) {
      const entry: ServerRegions['tables'][number] = { table, ...(this.before.has(table) ? { before: this.before.get(table) } : {}) };
      try {
        entry.after = await readTableRegions(executor, table);
      } catch (error) {
        this.warnings.push(`SHOW TABLE ${quoteIdentifier(table)} REGIONS failed after the run: ${messageOf(error)}`);
      }
      try {
        const [row] = await executor.query(`SHOW CREATE TABLE ${quoteIdentifier(table)}`);
        const text = row?.['Create Table'];
        if (typeof text === 'string') entry.key = parseTableKey(text);
      } catch (error) {
        this.warnings.push(`SHOW CREATE TABLE ${quoteIdentifier(table)} failed: ${messageOf(error)}`);
      }
      result.tables.push(entry);
    }
    result.hotRegions = await this.hotRegions(result, endedAt);
    const storeCount = await this.storeCount();
    if (storeCount !== undefined) result.storeCount = storeCount;
    for (const entry of result.tables) {
      const input = { table: entry.table, after: entry.after, hotRegions: result.hotRegions, storeCount, key: entry.key };
      let findings = regionFindings(input);
      if (
        entry.key?.kind === 'clustered-int' &&
        entry.key.column &&
        findings.some((finding) => /^SPLIT TABLE/.test(finding.statements.join('\n')))
      ) {
        const keyRange = await this.keyRange(entry.table, entry.key.column);
        if (keyRange) findings = regionFindings({ ...input, keyRange });
      }
      result.findings.push(...findings);
    }
    return result;
  }

  private async hotRegions(result: ServerRegions, endedAt: string | undefined): Promise<HotRegion[]> {
    const { database, tables } = this.settings;
    try {
      const now = await readHotRegions(this.executor, database, tables);
      result.hotRegionsSource = 'information_schema.tidb_hot_regions';
      if (now.length > 0 || this.startedAt === undefined || endedAt === undefined) return now;
    } catch (error) {
      this.warnings.push(`information_schema.tidb_hot_regions could not be read: ${messageOf(error)}`);
      if (this.startedAt === undefined || endedAt === undefined) return [];
    }
    try {
      const past = await readHotRegionsHistory(this.executor, database, tables, { from: this.startedAt, to: endedAt });
      if (past.length > 0) result.hotRegionsSource = 'information_schema.tidb_hot_regions_history';
      return past;
    } catch (error) {
      this.warnings.push(`information_schema.tidb_hot_regions_history could not be read: ${messageOf(error)}`);
      return [];
    }
  }

  private async storeCount(): Promise<number | undefined> {
    try {
      const [row] = await this.executor.query("SELECT COUNT(*) AS stores FROM information_schema.cluster_info WHERE TYPE = 'tikv'");
      const stores = Number(row?.stores);
      return Number.isFinite(stores) && stores > 0 ? stores : undefined;
    } catch {
      // TiDB Cloud Serverless/Starter has no cluster_info: the store count is unknown there
      return undefined;
    }
  }

  private async keyRange(table: string, column: string): Promise<{ min: number; max: number } | undefined> {
    try {
      const [row] = await this.executor.query(
        `SELECT MIN(${quoteIdentifier(column)}) AS lo, MAX(${quoteIdentifier(column)}) AS hi FROM ${quoteIdentifier(table)}`,
      );
      const min = Number(row?.lo);
      const max = Number(row?.hi);
      return Number.isSafeInteger(min) && Number.isSafeInteger(max) ? { min, max } : undefined;
    } catch {
      return undefined;
    }
  }
}

export function notTiDBRegions(): ServerRegions {
  return { source: 'not-tidb', note: REGIONS_TIDB_ONLY, tables: [], hotRegions: [], findings: [], warnings: [] };
}
