// One client session of the TiDB stand-in (test code, never shipped): answers the TiDB-only
// statements and tables of tidb-facts.md itself and relays everything else to the client's own
// connection to the real MariaDB, so schemas, data and ordinary queries stay real.

import type { Connection } from 'mysql2/promise';
import { compareVersions, identifyServer } from '../../src/core/db/serverFlavor';
import { isSystemSchema } from '../../src/core/db/systemSchemas';
import {
  CACHE_TABLE_REFUSAL,
  CACHED_TABLE_SIZE_LIMIT_BYTES,
  CREATE_OPTIONS_CACHED,
  SHOW_CREATE_TABLE_CACHED_COMMENT,
  SYSTEM_DATABASE_CACHE_MESSAGE,
  SYSTEM_DATABASE_REPLICA_MESSAGE,
  TABLE_CACHE_LEASE,
  TIDB_ERROR_CODES,
  tiflashReplicaCountMessage,
  unsupportedOnCacheTableMessage,
} from '../../src/core/tidb/tidbFacts';
import { synthesizedColumn, textCell } from './mysqlPackets';
import { SUMMARY_COLUMNS } from './statementSummary';
import { choosePlanFixture, planFixtureDirectory, planFixtureResult, type PlanFixtureOptions } from './planFixtures';
import { SLOW_QUERY_FIXTURE, SLOW_QUERY_SCRATCH_COLUMNS } from './slowQueryFixture';
import { STAND_IN_GIT_HASH, type BindingRow, type TiDBStandInState } from './standInState';
import { notInTheFacts, ok, StandInSqlError, type RowsResult, type StatementResult } from './statementResult';
import {
  codeMask,
  literalComparedTo,
  normalizeStatement,
  readNameList,
  readQualifiedName,
  referencedTables,
  sqlLiteral,
  type QualifiedName,
} from './sqlText';
import { traceResult } from './traceRows';
import { HOT_REGIONS_HISTORY_SCRATCH_COLUMNS, HOT_REGIONS_SCRATCH_COLUMNS, rowWritesOf } from './standInRegions';
import { SHOW_TABLE_REGIONS_COLUMNS } from './regionFixtures';
import { relayToUpstream, upstreamRows } from './upstreamRelay';

export interface StandInSessionOptions {
  /** a schema on the MariaDB where the session keeps TEMPORARY tables for TiDB-only tables */
  scratchSchema: string;
  planFixtures: PlanFixtureOptions;
}

interface TableRef {
  schema: string;
  table: string;
}

type Handler = (statement: string, original: string) => Promise<StatementResult[]> | undefined;

const NAME_START = String.raw`(?=[\p{L}\p{N}_$\x60])`;

export class StandInSession {
  private readonly handlers: Handler[] = [
    (s) => this.cacheTable(s),
    (s) => this.setTableReplica(s),
    (s, original) => this.alterTable(s, original),
    (s) => this.setDatabaseReplica(s),
    (s, original) => this.ddlOnNamedTable(s, original, /^TRUNCATE\s+(?:TABLE\s+)?/i, 'Truncate Table'),
    (s, original) =>
      this.ddlOnNamedTable(s, original, /^(?:CREATE\s+(?:UNIQUE\s+|FULLTEXT\s+|SPATIAL\s+)?INDEX\s+\S+\s+ON\s+)/i, 'Create Index'),
    (s, original) => this.ddlOnNamedTable(s, original, /^DROP\s+INDEX\s+\S+\s+ON\s+/i, 'Drop Index'),
    (s, original) => this.dropTables(s, original),
    (s, original) => this.renameTables(s, original),
    (s, original) => this.dropDatabase(s, original),
    (s) => this.setTiDBVariable(s),
    (s) => this.bindings(s),
    (s, original) => this.showCreateTable(s, original),
    (s) => this.trace(s),
    (s) => this.explain(s),
    (s, original) => this.useDatabase(s, original),
    (s) => this.tableRegions(s),
    (s, original) => this.select(s, original),
    (s, original) => this.write(s, original),
  ];

  constructor(
    private readonly upstream: Connection,
    private readonly state: TiDBStandInState,
    private readonly options: StandInSessionOptions,
    private currentDatabase: string | undefined,
  ) {}

  async execute(sql: string): Promise<StatementResult[]> {
    this.state.recordStatement(sql);
    const statement = normalizeStatement(sql);
    const started = process.hrtime.bigint();
    const results = await this.answer(statement, sql);
    if (countsInStatementSummary(statement)) {
      const schema = this.currentDatabase ?? null;
      this.state.statementSummary.record({
        schema,
        sql: statement,
        latencyNs: Number(process.hrtime.bigint() - started),
        user: '',
        tiflashReadable: (table) => schema !== null && this.state.tiflashReadable(schema, table),
      });
    }
    return results;
  }

  private answer(statement: string, sql: string): Promise<StatementResult[]> {
    for (const handler of this.handlers) {
      const answer = handler(statement, sql);
      if (answer) return answer;
    }
    return relayToUpstream(this.upstream, sql);
  }

  /** True when the stand-in answers the statement (or rewrites it) rather than relaying it as is. */
  answersItself(sql: string): boolean {
    const statement = normalizeStatement(sql);
    return (
      /^(ALTER|TRUNCATE|DROP|RENAME|TRACE|EXPLAIN|DESC|DESCRIBE|SHOW\s+CREATE\s+TABLE|SHOW\s+TABLE|SPLIT|SHOW\s+GLOBAL\s+BINDINGS|CREATE\s+GLOBAL\s+BINDING|SET)\b/i.test(
        statement,
      ) || /\b(VERSION|TIDB_VERSION)\s*\(|@@|information_schema/i.test(codeMask(statement))
    );
  }

  changeDatabase(schema: string): void {
    this.currentDatabase = schema;
  }

  // ---- cached tables ----

  private cacheTable(statement: string): Promise<StatementResult[]> | undefined {
    const target = this.alterTableTarget(statement, /^(CACHE|NOCACHE)$/i);
    if (!target) return undefined;
    return (async () => {
      const ref = this.resolve(target.name);
      if (target.rest.toUpperCase() === 'NOCACHE') {
        await this.describeTable(ref);
        this.state.stopCaching(ref.schema, ref.table);
        return [ok()];
      }
      // TiDB returns early for a table that is already cached.
      if (this.state.isCached(ref.schema, ref.table)) return [ok()];
      if (isSystemSchema(ref.schema))
        throw new StandInSqlError(TIDB_ERROR_CODES.unsupportedDdlOperation, 'HY000', SYSTEM_DATABASE_CACHE_MESSAGE);
      const table = await this.describeTable(ref);
      if (table.kind === 'view' || table.kind === 'temporary') throw notInTheFacts(`ALTER TABLE ... CACHE on a ${table.kind}`);
      if (table.kind === 'partitioned') throw cacheRefusal(CACHE_TABLE_REFUSAL.partitioned);
      if (table.sizeBytes > CACHED_TABLE_SIZE_LIMIT_BYTES) throw cacheRefusal(CACHE_TABLE_REFUSAL.tooLarge);
      this.state.cache(table.schema, table.table);
      return [ok()];
    })();
  }

  private alterTable(statement: string, original: string): Promise<StatementResult[]> | undefined {
    const target = this.alterTableTarget(statement, /[\s\S]*/);
    if (!target) return undefined;
    const ref = this.resolve(target.name);
    if (this.state.isCached(ref.schema, ref.table)) return Promise.reject(cacheRefusal('Alter Table'));
    const rename = /^RENAME\s+(?:TO\s+|AS\s+)?/i.exec(target.rest);
    const renamedTo = rename ? readQualifiedName(target.rest, rename[0].length) : undefined;
    return this.relayThen(original, () => {
      if (renamedTo) this.state.renameTable(ref, this.resolve(renamedTo));
    });
  }

  private ddlOnNamedTable(statement: string, original: string, prefix: RegExp, refused: string): Promise<StatementResult[]> | undefined {
    const match = prefix.exec(statement);
    const name = match ? readQualifiedName(statement, match[0].length) : undefined;
    if (!name) return undefined;
    const ref = this.resolve(name);
    if (this.state.isCached(ref.schema, ref.table)) return Promise.reject(cacheRefusal(refused));
    return relayToUpstream(this.upstream, original);
  }

  private dropTables(statement: string, original: string): Promise<StatementResult[]> | undefined {
    const match = /^DROP\s+(TEMPORARY\s+)?TABLES?\s+(?:IF\s+EXISTS\s+)?/i.exec(statement);
    if (!match) return undefined;
    const refs = readNameList(statement, match[0].length).map((name) => this.resolve(name));
    if (!match[1] && refs.some((ref) => this.state.isCached(ref.schema, ref.table))) return Promise.reject(cacheRefusal('Drop Table'));
    return this.relayThen(original, () => refs.forEach((ref) => this.state.forgetTable(ref.schema, ref.table)));
  }

  private renameTables(statement: string, original: string): Promise<StatementResult[]> | undefined {
    const match = /^RENAME\s+TABLES?\s+/i.exec(statement);
    if (!match) return undefined;
    const pairs: Array<[TableRef, TableRef]> = [];
    let at = match[0].length;
    for (;;) {
      const from = readQualifiedName(statement, at);
      const to = from && /^\s+TO\s+/i.exec(statement.slice(from.end));
      const target = from && to ? readQualifiedName(statement, from.end + to[0].length) : undefined;
      if (!from || !target) break;
      pairs.push([this.resolve(from), this.resolve(target)]);
      const comma = /^\s*,\s*/.exec(statement.slice(target.end));
      if (!comma) break;
      at = target.end + comma[0].length;
    }
    if (pairs.some(([from]) => this.state.isCached(from.schema, from.table))) return Promise.reject(cacheRefusal('Rename Table'));
    return this.relayThen(original, () => pairs.forEach(([from, to]) => this.state.renameTable(from, to)));
  }

  private dropDatabase(statement: string, original: string): Promise<StatementResult[]> | undefined {
    const match = /^DROP\s+(?:DATABASE|SCHEMA)\s+(?:IF\s+EXISTS\s+)?/i.exec(statement);
    const name = match ? readQualifiedName(statement, match[0].length) : undefined;
    if (!name) return undefined;
    // What TiDB does when the database holds cached tables is not in the facts; the stand-in drops it.
    return this.relayThen(original, () => this.state.forgetSchema(name.name));
  }

  private showCreateTable(statement: string, original: string): Promise<StatementResult[]> | undefined {
    const match = /^SHOW\s+CREATE\s+TABLE\s+/i.exec(statement);
    const name = match ? readQualifiedName(statement, match[0].length) : undefined;
    if (!name) return undefined;
    const ref = this.resolve(name);
    return (async () => {
      const results = await relayToUpstream(this.upstream, original);
      if (!this.state.isCached(ref.schema, ref.table)) return results;
      return results.map((result) => {
        if (result.kind !== 'rows') return result;
        const column = result.columns.findIndex((candidate) => candidate.name === 'Create Table');
        return {
          ...result,
          rows: result.rows.map((row) =>
            row.map((cell, index) =>
              index === column && cell ? textCell(`${cell.toString('utf8')} ${SHOW_CREATE_TABLE_CACHED_COMMENT}`) : cell,
            ),
          ),
        };
      });
    })();
  }

  // ---- TiFlash ----

  private setTableReplica(statement: string): Promise<StatementResult[]> | undefined {
    const target = this.alterTableTarget(statement, /^SET\s+TIFLASH\s+REPLICA\b/i);
    if (!target) return undefined;
    return (async () => {
      const { count, labels } = parseReplicaClause(target.rest);
      const ref = this.resolve(target.name);
      if (this.state.isCached(ref.schema, ref.table)) throw cacheRefusal('Alter Table');
      if (isSystemSchema(ref.schema))
        throw new StandInSqlError(TIDB_ERROR_CODES.unsupportedDdlOperation, 'HY000', SYSTEM_DATABASE_REPLICA_MESSAGE);
      const table = await this.describeTable(ref);
      if (table.kind === 'view' || table.kind === 'temporary') throw notInTheFacts(`SET TIFLASH REPLICA on a ${table.kind}`);
      this.checkReplicaCount(count);
      this.state.setReplica(table.schema, table.table, count, labels);
      return [ok()];
    })();
  }

  private setDatabaseReplica(statement: string): Promise<StatementResult[]> | undefined {
    const match = /^ALTER\s+(?:DATABASE|SCHEMA)\s+/i.exec(statement);
    const name = match ? readQualifiedName(statement, match[0].length) : undefined;
    const rest = name ? statement.slice(name.end).trim() : '';
    if (!name || !/^SET\s+TIFLASH\s+REPLICA\b/i.test(rest)) return undefined;
    return (async () => {
      const { count, labels } = parseReplicaClause(rest);
      const schemas = await upstreamRows(this.upstream, 'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [
        name.name,
      ]);
      if (schemas.length === 0) throw new StandInSqlError(1049, '42000', `Unknown database '${name.name}'`);
      if (isSystemSchema(name.name)) throw notInTheFacts('ALTER DATABASE ... SET TIFLASH REPLICA on a system schema');
      this.checkReplicaCount(count);
      const tables = await upstreamRows(
        this.upstream,
        "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'",
        [name.name],
      );
      if (tables.length === 0) throw notInTheFacts('ALTER DATABASE ... SET TIFLASH REPLICA on a database without tables');
      const refs = tables.map((row) => ({ schema: String(row.TABLE_SCHEMA), table: String(row.TABLE_NAME) }));
      if (refs.some((ref) => this.state.isCached(ref.schema, ref.table))) {
        throw notInTheFacts('ALTER DATABASE ... SET TIFLASH REPLICA on a database holding cached tables');
      }
      refs.forEach((ref) => this.state.setReplica(ref.schema, ref.table, count, labels));
      return [ok()];
    })();
  }

  private checkReplicaCount(count: number): void {
    // TiDB refuses only a count above the number of TiFlash stores (equal is accepted).
    if (count > this.state.tiflashNodes) {
      throw new StandInSqlError(TIDB_ERROR_CODES.unknown, 'HY000', tiflashReplicaCountMessage(count, this.state.tiflashNodes));
    }
  }

  // ---- variables ----

  private setTiDBVariable(statement: string): Promise<StatementResult[]> | undefined {
    const match = /^SET\s+(?:(GLOBAL|SESSION|LOCAL)\s+|@@(GLOBAL|SESSION|LOCAL)\.|@@)?(tidb_\w+)\s*:?=\s*(.+)$/i.exec(statement);
    if (!match) return undefined;
    const scope = (match[1] ?? match[2] ?? 'SESSION').toUpperCase();
    const variable = match[3].toLowerCase();
    const value = match[4].trim().replace(/^(['"])(.*)\1$/s, '$2');
    if (variable === TABLE_CACHE_LEASE.variable) {
      if (scope !== 'GLOBAL') return Promise.reject(notInTheFacts(`SET ${scope} ${variable} (it is a GLOBAL variable)`));
      const seconds = Number(value);
      if (!Number.isInteger(seconds) || seconds < TABLE_CACHE_LEASE.minSeconds || seconds > TABLE_CACHE_LEASE.maxSeconds) {
        return Promise.reject(
          notInTheFacts(`${variable} = ${value}, outside ${TABLE_CACHE_LEASE.minSeconds}..${TABLE_CACHE_LEASE.maxSeconds}`),
        );
      }
    }
    this.state.tidbVariables.set(variable, value);
    return Promise.resolve([ok()]);
  }

  // ---- TRACE and EXPLAIN ----

  private trace(statement: string): Promise<StatementResult[]> | undefined {
    const match = /^TRACE\s+(?:FORMAT\s*=\s*(['"]?)(\w+)\1\s+)?([\s\S]+)$/i.exec(statement);
    if (!match) return undefined;
    const format = (match[2] ?? 'row').toLowerCase();
    if (format !== 'row') return Promise.reject(notInTheFacts(`TRACE FORMAT='${format}'`));
    const traced = match[3];
    return (async () => {
      await relayToUpstream(this.upstream, traced);
      const reads = this.tablesIn(traced);
      const outcomes = reads.map((ref) => this.state.noteRead(ref.schema, ref.table));
      return [
        traceResult({
          readsTiKV: outcomes.some((outcome) => outcome !== 'cache'),
          readsCachedTable: outcomes.some((outcome) => outcome !== 'not cached'),
        }),
      ];
    })();
  }

  private explain(statement: string): Promise<StatementResult[]> | undefined {
    const match = /^(?:EXPLAIN|DESCRIBE|DESC)\s+(ANALYZE\s+)?(?:FORMAT\s*=\s*(['"]?)(\w+)\2\s+)?([\s\S]+)$/i.exec(statement);
    if (!match) return undefined;
    const explained = match[4];
    if (/^FOR\s+CONNECTION\b/i.test(explained)) return Promise.reject(notInTheFacts('EXPLAIN FOR CONNECTION'));
    if (!/^(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH|TABLE|\()/i.test(explained)) return undefined;
    const analyze = Boolean(match[1]);
    return (async () => {
      // EXPLAIN ANALYZE runs the statement (a DML really changes data); EXPLAIN only checks it.
      await relayToUpstream(this.upstream, analyze ? explained : `EXPLAIN ${explained}`);
      const readsCachedTable = this.tablesIn(explained).some((ref) => this.state.isCached(ref.schema, ref.table));
      const file = choosePlanFixture(this.options.planFixtures, { statement: explained, analyze, format: match[3], readsCachedTable });
      return [planFixtureResult(planFixtureDirectory(this.options.planFixtures), file)];
    })();
  }

  // ---- reads and writes ----

  private useDatabase(statement: string, original: string): Promise<StatementResult[]> | undefined {
    const match = /^USE\s+/i.exec(statement);
    const name = match ? readQualifiedName(statement, match[0].length) : undefined;
    if (!name) return undefined;
    return this.relayThen(original, () => this.changeDatabase(name.name));
  }

  private select(statement: string, original: string): Promise<StatementResult[]> | undefined {
    if (!/^(SELECT|WITH|\()/i.test(statement)) return undefined;
    const decode = /^SELECT\s+tidb_decode_binary_plan\s*\(\s*'([A-Za-z0-9+/=]*)'\s*\)(?:\s+AS\s+`?(\w+)`?)?\s*;?$/i.exec(statement);
    if (decode) {
      // An encoding the stand-in did not give out decodes to '' (TiDB: an empty string and a warning).
      const text = this.state.statementSummary.decodeBinaryPlan(decode[1]) ?? '';
      return Promise.resolve([
        { kind: 'rows', columns: [synthesizedColumn(decode[2] ?? `tidb_decode_binary_plan('${decode[1]}')`)], rows: [[textCell(text)]] },
      ]);
    }
    return (async () => {
      let sql = this.substituteTiDBValues(original);
      const mask = codeMask(sql);
      const readsTables = /`?information_schema`?\s*\.\s*`?TABLES`?(?![\p{L}\p{N}_$])/iu.test(mask);
      sql = await this.materializeTiDBTables(sql);
      for (const ref of this.tablesIn(statement)) this.state.noteRead(ref.schema, ref.table);
      const results = await relayToUpstream(this.upstream, sql);
      return readsTables ? results.map((result) => this.showCachedInTables(result, statement)) : results;
    })();
  }

  private write(statement: string, original: string): Promise<StatementResult[]> | undefined {
    if (!/^(INSERT|UPDATE|DELETE|REPLACE|LOAD)\b/i.test(statement)) return undefined;
    // A write to a cached table invalidates its cache; the 64 MiB write limit is not modelled.
    return (async () => {
      const results = await relayToUpstream(this.upstream, original);
      const refs = this.tablesIn(statement);
      for (const ref of refs) this.state.noteWrite(ref.schema, ref.table);
      const [first] = refs;
      const outcome = results[0];
      if (first && outcome?.kind === 'ok') {
        const writes = rowWritesOf(statement, codeMask(statement), outcome.insertId);
        const tableId = this.state.tableId(first.schema, first.table);
        this.state.regions.noteWrites(first.schema, first.table, tableId, writes, /^(INSERT|REPLACE)\b/i.test(statement));
      }
      return results;
    })();
  }

  // ---- regions (docs.pingcap.com/tidb/stable/sql-statement-show-table-regions, sql-statement-split-region) ----

  private tableRegions(statement: string): Promise<StatementResult[]> | undefined {
    const show = /^SHOW\s+TABLE\s+/i.exec(statement);
    if (show) {
      const name = readQualifiedName(statement, show[0].length);
      if (!name || !/^\s+REGIONS$/i.test(statement.slice(name.end))) return undefined;
      return (async () => {
        const ref = this.resolve(name);
        await this.describeTable(ref);
        const rows = this.state.regions.showRows(ref.schema, ref.table, this.state.tableId(ref.schema, ref.table));
        const numeric = new Set([
          'REGION_ID',
          'LEADER_ID',
          'LEADER_STORE_ID',
          'SCATTERING',
          'WRITTEN_BYTES',
          'READ_BYTES',
          'APPROXIMATE_SIZE(MB)',
          'APPROXIMATE_KEYS',
        ]);
        const result: RowsResult = {
          kind: 'rows',
          columns: SHOW_TABLE_REGIONS_COLUMNS.map((column) => synthesizedColumn(column, numeric.has(column) ? 'bigint' : 'text')),
          rows: rows.map((row) => row.map((cell) => textCell(cell))),
        };
        return [result];
      })();
    }
    const split = /^SPLIT\s+TABLE\s+/i.exec(statement);
    if (split) {
      const name = readQualifiedName(statement, split[0].length);
      const range = name
        ? /^\s+BETWEEN\s*\(\s*(-?\d+)\s*\)\s*AND\s*\(\s*(-?\d+)\s*\)\s*REGIONS\s+(\d+)$/i.exec(statement.slice(name.end))
        : null;
      if (!name || !range)
        return Promise.reject(notInTheFacts('a SPLIT statement other than SPLIT TABLE t BETWEEN (lower) AND (upper) REGIONS n'));
      return (async () => {
        const ref = this.resolve(name);
        await this.describeTable(ref);
        const made = this.state.regions.split(
          ref.schema,
          ref.table,
          this.state.tableId(ref.schema, ref.table),
          Number(range[1]),
          Number(range[2]),
          Number(range[3]),
        );
        const result: RowsResult = {
          kind: 'rows',
          columns: [synthesizedColumn('TOTAL_SPLIT_REGION', 'bigint'), synthesizedColumn('SCATTER_FINISH_RATIO', 'double')],
          rows: [[textCell(made), textCell('1.0')]],
        };
        return [result];
      })();
    }
    return undefined;
  }

  /** VERSION(), TIDB_VERSION(), @@version and @@tidb_* become literals; MariaDB evaluates the rest. */
  private substituteTiDBValues(sql: string): string {
    const mask = codeMask(sql);
    const pattern = /\bTIDB_VERSION\s*\(\s*\)|\bVERSION\s*\(\s*\)|@@(?:GLOBAL\.|SESSION\.|LOCAL\.)?(tidb_\w+|version)\b(?![\w$])/gi;
    let out = '';
    let last = 0;
    for (const match of mask.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      const value = this.tidbValue(match[0], match[1]);
      if (value === undefined) continue;
      const alias = isWholeSelectItem(mask, start, end) ? ` AS \`${sql.slice(start, end).replace(/`/g, '``')}\`` : '';
      out += sql.slice(last, start) + sqlLiteral(value) + alias;
      last = end;
    }
    return out + sql.slice(last);
  }

  private tidbValue(expression: string, variable: string | undefined): string | undefined {
    if (/^TIDB_VERSION/i.test(expression)) return tidbVersionText(this.state.versionString);
    if (/^VERSION/i.test(expression) || variable?.toLowerCase() === 'version') return this.state.versionString;
    return variable ? this.state.tidbVariables.get(variable.toLowerCase()) : undefined;
  }

  /** information_schema.tiflash_replica and cluster_info become session TEMPORARY tables on the MariaDB. */
  private async materializeTiDBTables(sql: string): Promise<string> {
    const pattern =
      /`?information_schema`?\s*\.\s*`?(tiflash_replica|cluster_info|cluster_statements_summary_history|cluster_statements_summary|statements_summary_history|statements_summary|cluster_slow_query|slow_query|tidb_hot_regions_history|tidb_hot_regions)`?(?![\p{L}\p{N}_$])/giu;
    const mask = codeMask(sql);
    const found = new Set([...mask.matchAll(pattern)].map((match) => match[1].toLowerCase()));
    if (found.size === 0) return sql;
    if (found.has('cluster_info') && this.state.serverless) {
      // The exact error TiDB Cloud Serverless/Starter returns for cluster_info is not in tidb-facts.md
      // (only that the query fails); this text is the stand-in's choice.
      throw new StandInSqlError(
        TIDB_ERROR_CODES.unknown,
        'HY000',
        'TiDB stand-in (serverless mode): information_schema.cluster_info is not available on TiDB Cloud Serverless/Starter.',
      );
    }
    for (const table of found) await this.fillScratchTable(table);
    let out = '';
    let last = 0;
    for (const match of mask.matchAll(pattern)) {
      const start = match.index ?? 0;
      out += `${sql.slice(last, start)}\`${this.options.scratchSchema.replace(/`/g, '``')}\`.\`${match[1].toLowerCase()}\``;
      last = start + match[0].length;
    }
    return out + sql.slice(last);
  }

  private async fillScratchTable(table: string): Promise<void> {
    const name = `\`${this.options.scratchSchema.replace(/`/g, '``')}\`.\`${table}\``;
    if (table === 'cluster_slow_query' || table === 'slow_query') {
      await this.fillSlowQueryTable(name, table === 'cluster_slow_query');
      return;
    }
    const rows = this.scratchRows(table);
    await upstreamRows(this.upstream, `CREATE TEMPORARY TABLE IF NOT EXISTS ${name} (${SCRATCH_COLUMNS[table]})`);
    await upstreamRows(this.upstream, `DELETE FROM ${name}`);
    if (rows.length > 0) {
      await upstreamRows(
        this.upstream,
        `INSERT INTO ${name} VALUES ${rows.map((row) => `(${row.map(sqlLiteral).join(', ')})`).join(', ')}`,
      );
    }
  }

  /** The slow query fixture, its times before the stand-in's start; slow_query (one instance) keeps the first instance's rows. */
  private async fillSlowQueryTable(name: string, cluster: boolean): Promise<void> {
    await upstreamRows(this.upstream, `CREATE TEMPORARY TABLE IF NOT EXISTS ${name} (${SLOW_QUERY_SCRATCH_COLUMNS})`);
    await upstreamRows(this.upstream, `DELETE FROM ${name}`);
    const rows = SLOW_QUERY_FIXTURE.filter((row) => cluster || row.instance === SLOW_QUERY_FIXTURE[0].instance);
    // Times count back from the stand-in's start, so every read sees the same Time of each row.
    const values = rows.map(
      (row) =>
        `(FROM_UNIXTIME(${(this.state.startedAtMs / 1000 - row.ageSeconds).toFixed(6)}), ${[
          row.instance,
          row.queryTimeSeconds,
          row.db,
          row.digest,
          row.planDigest,
          row.query,
          row.processKeys,
          row.totalKeys,
          row.memMax,
          1,
          0,
          row.plan,
          '',
        ]
          .map(sqlLiteral)
          .join(', ')})`,
    );
    await upstreamRows(this.upstream, `INSERT INTO ${name} VALUES ${values.join(', ')}`);
  }

  // ---- SQL plan management (docs.pingcap.com/tidb/stable/sql-plan-management) ----

  private bindings(statement: string): Promise<StatementResult[]> | undefined {
    if (/^SHOW\s+GLOBAL\s+BINDINGS$/i.test(statement)) return Promise.resolve([bindingRows(this.state.bindings)]);
    const create = /^CREATE\s+GLOBAL\s+BINDING\s+FROM\s+HISTORY\s+USING\s+PLAN\s+DIGEST\s+'([0-9a-f]+)'$/i.exec(statement);
    if (create) {
      if (compareVersions(identifyServer(this.state.versionString).version, '6.6.0') < 0) {
        return Promise.reject(notInTheFacts('CREATE BINDING FROM HISTORY before v6.6'));
      }
      const planDigest = create[1].toLowerCase();
      const source = SLOW_QUERY_FIXTURE.find((row) => row.planDigest === planDigest);
      // TiDB's error for a plan digest it has no history of is not in the facts: refuse in the stand-in's words.
      if (source === undefined) return Promise.reject(notInTheFacts(`a plan digest with no plan in the history ('${planDigest}')`));
      const existing = this.state.bindings.findIndex((binding) => binding.sqlDigest === source.digest);
      if (existing !== -1) this.state.bindings.splice(existing, 1);
      const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
      this.state.bindings.push({
        originalSql: source.digestText,
        // TiDB writes the plan's hints into bind_sql; which hints it derives is not in the facts, so this text only marks the plan.
        bindSql: source.query.replace(/^SELECT\b/i, `SELECT /*+ stand-in binding for plan ${planDigest.slice(0, 12)} */`).replace(/;$/, ''),
        defaultDb: source.db,
        status: 'enabled',
        createTime: now,
        updateTime: now,
        charset: 'utf8mb4',
        collation: 'utf8mb4_bin',
        source: 'history',
        sqlDigest: source.digest,
        planDigest,
      });
      return Promise.resolve([ok()]);
    }
    const drop = /^DROP\s+GLOBAL\s+BINDING\s+FOR\s+SQL\s+DIGEST\s+'([0-9a-f]+)'$/i.exec(statement);
    if (drop) {
      const index = this.state.bindings.findIndex((binding) => binding.sqlDigest === drop[1].toLowerCase());
      if (index !== -1) this.state.bindings.splice(index, 1);
      return Promise.resolve([ok()]);
    }
    return undefined;
  }

  private scratchRows(table: string): unknown[][] {
    if (table === 'tiflash_replica')
      return this.state
        .replicaRows()
        .map((row) => [row.schema, row.table, row.tableId, row.count, row.locationLabels, row.available, row.progress]);
    if (table === 'cluster_info')
      return this.state
        .clusterComponents()
        .map((row, index) => [row.type, row.instance, row.statusAddress, row.version, row.gitHash, row.startTime, row.uptime, index + 1]);
    if (table === 'tidb_hot_regions') return this.state.regions.hotRows();
    // PD records the history every 10 minutes (hot-regions-write-interval): nothing within a test
    if (table === 'tidb_hot_regions_history') return [];
    const rows = this.state.statementSummary.tableRows(table.endsWith('_history'));
    // only the cluster tables have INSTANCE
    return table.startsWith('cluster_') ? rows : rows.map((row) => row.slice(1));
  }

  /** Rewrites CREATE_OPTIONS (and the size, when overridden) of cached tables in an information_schema.TABLES result. */
  private showCachedInTables(result: StatementResult, statement: string): StatementResult {
    if (result.kind !== 'rows') return result;
    const column = (name: string) =>
      result.columns.findIndex((candidate) => candidate.orgName.toUpperCase() === name || candidate.name.toUpperCase() === name);
    const [options, tableName, schemaName, dataLength, indexLength] = [
      'CREATE_OPTIONS',
      'TABLE_NAME',
      'TABLE_SCHEMA',
      'DATA_LENGTH',
      'INDEX_LENGTH',
    ].map(column);
    if (tableName < 0) return result;
    const schemaInWhere = literalComparedTo(statement, 'TABLE_SCHEMA');
    const rows = result.rows.map((row) => {
      const schema = schemaName >= 0 ? row[schemaName]?.toString('utf8') : schemaInWhere;
      const table = row[tableName]?.toString('utf8');
      if (schema === undefined || table === undefined) return row;
      const copy = [...row];
      if (options >= 0 && this.state.isCached(schema, table)) copy[options] = textCell(CREATE_OPTIONS_CACHED);
      const size = this.state.sizeOverride(schema, table);
      if (size !== undefined && dataLength >= 0) {
        copy[dataLength] = textCell(size);
        if (indexLength >= 0) copy[indexLength] = textCell(0);
      }
      return copy;
    });
    return { ...result, rows } satisfies RowsResult;
  }

  // ---- helpers ----

  private alterTableTarget(statement: string, restPattern: RegExp): { name: QualifiedName; rest: string } | undefined {
    const match = new RegExp(`^ALTER\\s+TABLE\\s+${NAME_START}`, 'iu').exec(statement);
    const name = match ? readQualifiedName(statement, match[0].length) : undefined;
    if (!name) return undefined;
    const rest = statement.slice(name.end).trim();
    return restPattern.test(rest) ? { name, rest } : undefined;
  }

  /** The tables a statement reads or writes; unqualified names without a current database are skipped. */
  private tablesIn(statement: string): TableRef[] {
    return referencedTables(statement).flatMap((name) => {
      const schema = name.schema ?? this.currentDatabase;
      return schema === undefined ? [] : [{ schema, table: name.name }];
    });
  }

  private resolve(name: QualifiedName): TableRef {
    const schema = name.schema ?? this.currentDatabase;
    if (schema === undefined) throw new StandInSqlError(1046, '3D000', 'No database selected');
    return { schema, table: name.name };
  }

  /** The table as MariaDB knows it (canonical names, kind, size); the real 1146 error when missing. */
  private async describeTable(
    ref: TableRef,
  ): Promise<TableRef & { kind: 'base table' | 'view' | 'temporary' | 'partitioned'; sizeBytes: number }> {
    // SHOW CREATE TABLE on this session's own connection also sees its temporary tables.
    const [created] = await relayToUpstream(
      this.upstream,
      `SHOW CREATE TABLE \`${ref.schema.replace(/`/g, '``')}\`.\`${ref.table.replace(/`/g, '``')}\``,
    );
    const firstRow = created.kind === 'rows' ? created.rows[0] : undefined;
    const ddl = firstRow?.[1]?.toString('utf8') ?? '';
    const [listed] = await upstreamRows(
      this.upstream,
      'SELECT TABLE_SCHEMA, TABLE_NAME, COALESCE(DATA_LENGTH, 0) + COALESCE(INDEX_LENGTH, 0) AS SIZE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      [ref.schema, ref.table],
    );
    const canonical = listed ? { schema: String(listed.TABLE_SCHEMA), table: String(listed.TABLE_NAME) } : ref;
    let kind: 'base table' | 'view' | 'temporary' | 'partitioned' = 'base table';
    if (created.kind === 'rows' && created.columns[1]?.name === 'Create View') kind = 'view';
    else if (/^CREATE\s+TEMPORARY\s+TABLE/i.test(ddl)) kind = 'temporary';
    else if (/\bPARTITION\s+BY\b/i.test(ddl)) kind = 'partitioned';
    const sizeBytes = this.state.sizeOverride(canonical.schema, canonical.table) ?? Number(listed?.SIZE ?? 0);
    return { ...canonical, kind, sizeBytes };
  }

  private async relayThen(sql: string, after: () => void): Promise<StatementResult[]> {
    const results = await relayToUpstream(this.upstream, sql);
    after();
    return results;
  }
}

/** SHOW GLOBAL BINDINGS: the columns of docs.pingcap.com/tidb/stable/sql-statement-show-bindings, with the Sql_digest and Plan_digest of v6.6+. */
function bindingRows(bindings: readonly BindingRow[]): StatementResult {
  const names = [
    'Original_sql',
    'Bind_sql',
    'Default_db',
    'Status',
    'Create_time',
    'Update_time',
    'Charset',
    'Collation',
    'Source',
    'Sql_digest',
    'Plan_digest',
  ];
  return {
    kind: 'rows',
    columns: names.map((name) => synthesizedColumn(name)),
    rows: bindings.map((b) =>
      [
        b.originalSql,
        b.bindSql,
        b.defaultDb,
        b.status,
        b.createTime,
        b.updateTime,
        b.charset,
        b.collation,
        b.source,
        b.sqlDigest,
        b.planDigest,
      ].map(textCell),
    ),
  };
}

const SCRATCH_COLUMNS: Record<string, string> = {
  tiflash_replica:
    'TABLE_SCHEMA VARCHAR(64), TABLE_NAME VARCHAR(64), TABLE_ID BIGINT, REPLICA_COUNT BIGINT UNSIGNED, LOCATION_LABELS VARCHAR(64), AVAILABLE TINYINT(1), PROGRESS DOUBLE',
  cluster_statements_summary: SUMMARY_COLUMNS,
  cluster_statements_summary_history: SUMMARY_COLUMNS,
  statements_summary: SUMMARY_COLUMNS.replace(/^INSTANCE VARCHAR\(64\), /, ''),
  statements_summary_history: SUMMARY_COLUMNS.replace(/^INSTANCE VARCHAR\(64\), /, ''),
  tidb_hot_regions: HOT_REGIONS_SCRATCH_COLUMNS,
  tidb_hot_regions_history: HOT_REGIONS_HISTORY_SCRATCH_COLUMNS,
  cluster_info:
    'TYPE VARCHAR(64), INSTANCE VARCHAR(64), STATUS_ADDRESS VARCHAR(64), VERSION VARCHAR(64), GIT_HASH VARCHAR(64), START_TIME VARCHAR(32), UPTIME VARCHAR(32), SERVER_ID BIGINT',
};

function cacheRefusal(what: string): StandInSqlError {
  return new StandInSqlError(TIDB_ERROR_CODES.unsupportedOnCacheTable, 'HY000', unsupportedOnCacheTableMessage(what));
}

function parseReplicaClause(clause: string): { count: number; labels: string[] } {
  const match = /^SET\s+TIFLASH\s+REPLICA\s+(\d+)(?:\s+LOCATION\s+LABELS\s+([\s\S]+))?$/i.exec(clause);
  if (!match) throw new StandInSqlError(1064, '42000', `You have an error in your SQL syntax near '${clause}'`);
  const labels = [...(match[2] ?? '').matchAll(/'((?:[^'\\]|\\.|'')*)'|"((?:[^"\\]|\\.|"")*)"/g)].map((label) =>
    (label[1] ?? label[2]).replace(/''|""/g, (quote) => quote[0]).replace(/\\(.)/g, '$1'),
  );
  return { count: Number(match[1]), labels };
}

/** A select-list item on its own (so it gets the column name TiDB would give it), not part of an expression. */
function isWholeSelectItem(mask: string, start: number, end: number): boolean {
  const before = mask.slice(0, start).trimEnd();
  const after = mask.slice(end).trimStart();
  const depth = parenDepth(mask, start);
  const opensItem =
    /(?:\bSELECT|\bDISTINCT)$/i.test(before) ||
    (before.endsWith(',') && parenDepth(mask, before.length - 1) === depth && selectDepth(before) === depth);
  const closesItem = after === '' || /^(,|;|\)|(FROM|WHERE|GROUP|ORDER|LIMIT|HAVING|UNION|INTO|FOR|LOCK|WINDOW)\b)/i.test(after);
  return opensItem && closesItem && selectDepth(before) === depth;
}

function parenDepth(mask: string, index: number): number {
  let depth = 0;
  for (let at = 0; at < index; at++) {
    if (mask[at] === '(') depth++;
    else if (mask[at] === ')') depth--;
  }
  return depth;
}

/** Depth of the last SELECT keyword before the end of `text`. */
function selectDepth(text: string): number {
  const matches = [...text.matchAll(/\bSELECT\b/gi)];
  const last = matches[matches.length - 1];
  return last ? parenDepth(text, last.index ?? 0) : -1;
}

function tidbVersionText(versionString: string): string {
  const identity = identifyServer(versionString);
  return [
    `Release Version: v${identity.version}`,
    'Edition: Community',
    `Git Commit Hash: ${STAND_IN_GIT_HASH}`,
    'Git Branch: (TiDB stand-in)',
    'UTC Build Time: 2025-01-01 00:00:00',
    'GoVersion: (TiDB stand-in)',
    'Race Enabled: false',
    'Check Table Before Drop: false',
    'Store: tikv',
  ].join('\n');
}

/** What TiDB's statement summary counts: the statements a client runs, not the ones about the server itself. */
function countsInStatementSummary(statement: string): boolean {
  if (!/^(SELECT|INSERT|UPDATE|DELETE|REPLACE|BEGIN|START\s+TRANSACTION|COMMIT|ROLLBACK)\b/i.test(statement)) return false;
  return !/information_schema|performance_schema|@@|tidb_decode_|\bNOW\s*\(|VERSION\s*\(/i.test(codeMask(statement));
}
