// TiDB STAND-IN (test code, never shipped): information_schema.statements_summary and its cluster
// and _history tables, kept from the statements clients really send through the stand-in (each
// timed as the stand-in relayed it). Columns, units and formats from
// docs.pingcap.com/tidb/stable/statement-summary-tables (pingcap/docs statement-summary-tables.md):
// one row per summary window, digest and plan digest (and INSTANCE in the cluster tables);
// latencies in nanoseconds; SUMMARY_BEGIN_TIME/END_TIME windows of tidb_stmt_summary_refresh_interval
// seconds (default 1800); DIGEST a 64-hex sha256 of the normalized text; DIGEST_TEXT the statement
// with constants as "?" and value lists as "(...)" in lower case, as the page's examples show.
// The normalization is the stand-in's approximation of TiDB's for the statements sysbench sends.
import { createHash } from 'node:crypto';
import { summaryPlan, sysbenchPlan, type SummaryPlan } from './statementSummaryPlans';
import { codeMask, referencedTables } from './sqlText';

export const SUMMARY_INSTANCE = '127.0.0.1:10080';

export const SUMMARY_COLUMNS =
  'INSTANCE VARCHAR(64), SUMMARY_BEGIN_TIME TIMESTAMP NULL, SUMMARY_END_TIME TIMESTAMP NULL, STMT_TYPE VARCHAR(64), SCHEMA_NAME VARCHAR(64), ' +
  'DIGEST VARCHAR(64), DIGEST_TEXT TEXT, TABLE_NAMES TEXT, INDEX_NAMES TEXT, SAMPLE_USER VARCHAR(64), EXEC_COUNT BIGINT UNSIGNED, ' +
  'SUM_ERRORS BIGINT UNSIGNED, SUM_WARNINGS BIGINT UNSIGNED, SUM_LATENCY BIGINT UNSIGNED, MAX_LATENCY BIGINT UNSIGNED, MIN_LATENCY BIGINT UNSIGNED, ' +
  'AVG_LATENCY BIGINT UNSIGNED, SUM_COP_TASK_NUM BIGINT UNSIGNED, AVG_PROCESSED_KEYS DOUBLE, MAX_PROCESSED_KEYS BIGINT UNSIGNED, ' +
  'FIRST_SEEN TIMESTAMP NULL, LAST_SEEN TIMESTAMP NULL, QUERY_SAMPLE_TEXT TEXT, PREV_SAMPLE_TEXT TEXT, PLAN_DIGEST VARCHAR(64), PLAN MEDIUMTEXT, BINARY_PLAN MEDIUMTEXT';

interface SummaryRow {
  windowBegin: number;
  schema: string | null;
  stmtType: string;
  digest: string;
  digestText: string;
  tables: string;
  plan: SummaryPlan | null;
  execCount: number;
  sumLatencyNs: number;
  maxLatencyNs: number;
  minLatencyNs: number;
  copTasks: number;
  processedKeys: number;
  maxProcessedKeys: number;
  firstSeen: number;
  lastSeen: number;
  sample: string;
}

export interface SummaryExecution {
  schema: string | null;
  sql: string;
  latencyNs: number;
  user: string;
  /** the statement's tables may be read from TiFlash (an available replica, TiFlash among the read engines) */
  tiflashReadable: (table: string) => boolean;
}

export class StatementSummaryStore {
  /** tidb_stmt_summary_refresh_interval, seconds */
  refreshIntervalSec = 1800;
  private readonly rows = new Map<string, SummaryRow>();
  private readonly plans = new Map<string, SummaryPlan>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one statement a client sent (statements without a table, like SELECT 1, are counted too, without a plan). */
  record(execution: SummaryExecution): void {
    const digestText = truncatedSql(normalizeDigestText(execution.sql));
    if (digestText === '') return;
    const tables = referencedTables(execution.sql).map((name) => name.name.toLowerCase());
    const table = tables[0] ?? '';
    const operators = table ? sysbenchPlan(digestText, table, execution.tiflashReadable(table)) : sysbenchPlan(digestText, '', false);
    const plan = operators ? summaryPlan(operators) : null;
    if (plan) this.plans.set(plan.binaryPlan, plan);
    const nowMs = this.clock();
    const windowBegin = Math.floor(nowMs / 1000 / this.refreshIntervalSec) * this.refreshIntervalSec * 1000;
    const digest = createHash('sha256').update(digestText).digest('hex');
    const key = [windowBegin, execution.schema ?? '', digest, plan?.planDigest ?? ''].join('\u0000');
    let row = this.rows.get(key);
    if (!row) {
      row = {
        windowBegin,
        schema: execution.schema,
        stmtType: digestText.split(' ')[0].replace(/^./, (c) => c.toUpperCase()),
        digest,
        digestText,
        tables: tables.map((name) => `${execution.schema ?? ''}.${name}`).join(','),
        plan,
        execCount: 0,
        sumLatencyNs: 0,
        maxLatencyNs: 0,
        minLatencyNs: Number.MAX_SAFE_INTEGER,
        copTasks: 0,
        processedKeys: 0,
        maxProcessedKeys: 0,
        firstSeen: nowMs,
        lastSeen: nowMs,
        sample: truncatedSql(execution.sql),
      };
      this.rows.set(key, row);
    }
    const latency = Math.max(0, Math.round(execution.latencyNs));
    row.execCount++;
    row.sumLatencyNs += latency;
    row.maxLatencyNs = Math.max(row.maxLatencyNs, latency);
    row.minLatencyNs = Math.min(row.minLatencyNs, latency);
    row.lastSeen = nowMs;
    row.sample = truncatedSql(execution.sql);
    if (plan && /cop\[tikv\]|cop\[tiflash\]/.test(plan.plan)) {
      // one coprocessor task per execution: sysbench's ranges fall in one region here; keys are the range's 100 rows
      row.copTasks++;
      row.processedKeys += 100;
      row.maxProcessedKeys = 100;
    }
  }

  /** The decoded form of a BINARY_PLAN value this store gave out, for tidb_decode_binary_plan. */
  decodeBinaryPlan(binaryPlan: string): string | undefined {
    return this.plans.get(binaryPlan)?.decodedBinaryPlan;
  }

  /** Rows of the current window (history false) or of the closed windows (history true), as SQL values. */
  tableRows(history: boolean): unknown[][] {
    const current = Math.floor(this.clock() / 1000 / this.refreshIntervalSec) * this.refreshIntervalSec * 1000;
    return [...this.rows.values()]
      .filter((row) => (history ? row.windowBegin < current : row.windowBegin === current))
      .map((row) => [
        SUMMARY_INSTANCE,
        serverTime(row.windowBegin),
        serverTime(row.windowBegin + this.refreshIntervalSec * 1000),
        row.stmtType,
        row.schema,
        row.digest,
        row.digestText,
        row.tables,
        null,
        'root',
        row.execCount,
        0,
        0,
        row.sumLatencyNs,
        row.maxLatencyNs,
        row.minLatencyNs,
        Math.round(row.sumLatencyNs / row.execCount),
        row.copTasks,
        row.execCount > 0 ? row.processedKeys / row.execCount : 0,
        row.maxProcessedKeys,
        serverTime(row.firstSeen),
        serverTime(row.lastSeen),
        row.sample,
        '',
        row.plan?.planDigest ?? '',
        row.plan?.plan ?? '',
        row.plan?.binaryPlan ?? '',
      ]);
  }

  /** Moves the summary's clock to the start of the next window, as if the refresh interval ran out now: the current rows become history. */
  rollWindowForTests(): void {
    const intervalMs = this.refreshIntervalSec * 1000;
    const nowMs = this.clock();
    this.offsetMs += (Math.floor(nowMs / intervalMs) + 1) * intervalMs - nowMs;
  }

  /** Moves the summary's clock on by `ms`: what a test sends next is first seen that much later. */
  advanceClockForTests(ms: number): void {
    this.offsetMs += ms;
  }

  private offsetMs = 0;

  private clock(): number {
    return this.now() + this.offsetMs;
  }
}

/** tidb_stmt_summary_max_sql_length (default 4096): longer texts are cut and their length noted, as TiDB's formatSQL does. */
const MAX_SQL_LENGTH = 4096;

function truncatedSql(sql: string): string {
  return sql.length <= MAX_SQL_LENGTH ? sql : `${sql.slice(0, MAX_SQL_LENGTH)}(len:${sql.length})`;
}

/** "YYYY-MM-DD HH:MM:SS" in this process's time zone, as the stand-in's MariaDB session reads TIMESTAMP text. */
function serverTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Lower case, constants as ?, lists of constants as (...), one space between words. */
export function normalizeDigestText(sql: string): string {
  // codeMask keeps the quotes of string literals and blanks their contents (and comments)
  return codeMask(sql)
    .replace(/'[^']*'|"[^"]*"/g, '?')
    .replace(/(?<![\w$])-?\d+(\.\d+)?(?![\w$])/g, '?')
    .replace(/`/g, '')
    .replace(/\s*(<=|>=|<>|!=|=|<|>)\s*/g, ' $1 ')
    .replace(/\(\s*\?(\s*,\s*\?)+\s*\)/g, '(...)')
    .replace(/\s+/g, ' ')
    .replace(/;$/, '')
    .trim()
    .toLowerCase();
}
