// What the server counted for one run: its statement statistics read before and after, and the
// difference kept for the statements of the run's database. TiDB keeps one row per summary window
// (and per instance and plan digest), so rows are matched by that whole key and windows that
// closed during the run are read from _history; performance_schema's rows are cumulative per
// (schema, digest). A statement with more than one plan digest during the run changed its plan.
// Nothing here throws: what cannot be read becomes a warning.
import { createHash } from 'node:crypto';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { ServerFlavor } from '../db/serverFlavor';
import { firstColumnText } from '../tidb/rowValues';
import type { MissingGrant, ServerActivity, ServerStatement, ServerStatementPlan } from '../results/benchmarkResult';
import { orderEngines, type StatementEngine } from './planEngines';
import { missingGrantText } from '../results/missingGrantText';
import { inFirstSeenOrder } from './planOrder';
import type { PreparedStatementInstance } from './preparedStatementInstances';
import { resolveStatementPlan } from './statementPlan';
import { readStatementStatistics, type StatementStatistics, type StatementStatisticsRow } from './statementStatistics';

/** Plans are decoded for this many statements at most (the ones with the most server time). */
const MAX_PLANNED_STATEMENTS = 20;

/** Our own reads, which run in the same database on the admin connection: never part of the run. */
const EVIDENCE_QUERIES =
  /statements_summary|performance_schema|tidb_decode_(binary_)?plan|@@global\s*\.\s*performance_schema|information_schema\W+processlist|cast\s*\(\s*now\s*\(\s*\)|current_user\s*\(/i;

export interface ActivityBaseline {
  flavor: ServerFlavor;
  schemas: string[];
  /** the server's NOW() when the baseline was read (TiDB: closed windows that ended after it count) */
  serverNow: string | null;
  statistics: StatementStatistics;
  /** MySQL/MariaDB: prepared statements that existed before the run */
  prepared: PreparedStatementInstance[];
}

/** Reads the statistics before a run. */
export async function readActivityBaseline(executor: SqlExecutor, flavor: ServerFlavor, schemas: string[]): Promise<ActivityBaseline> {
  let serverNow: string | null = null;
  try {
    const [row] = await executor.query('SELECT CAST(NOW() AS CHAR) AS now');
    serverNow = row ? firstColumnText(row) : null;
  } catch {
    serverNow = null;
  }
  const statistics = await readStatementStatistics(executor, flavor, { schemas, withPlans: false });
  return { flavor, schemas, serverNow, statistics, prepared: [] };
}

export interface RunActivityInput {
  /** prepared_statements_instances read before the run's connections closed */
  preparedAfter?: PreparedStatementInstance[];
  /** why prepared executions are not counted (e.g. sysbench closed its connections) */
  preparedMissing?: string;
  /** warnings gathered on the way (reading the prepared statements) */
  warnings?: string[];
  /** the account may not read the prepared statements */
  missingGrant?: MissingGrant;
}

/** Reads the statistics after a run and keeps the difference. */
export async function readRunActivity(
  executor: SqlExecutor,
  baseline: ActivityBaseline,
  input: RunActivityInput = {},
): Promise<ServerActivity> {
  const warnings = [...warningsBesideGrant(baseline.statistics), ...(input.warnings ?? [])];
  const historySince = baseline.flavor === 'tidb' && baseline.serverNow !== null ? baseline.serverNow : undefined;
  const after = await readStatementStatistics(executor, baseline.flavor, { schemas: baseline.schemas, historySince, withPlans: true });
  for (const warning of warningsBesideGrant(after)) if (!warnings.includes(warning)) warnings.push(warning);
  const missingGrant = baseline.statistics.missingGrant ?? after.missingGrant ?? input.missingGrant;
  const statements = statementDifferences(baseline.statistics.rows, after.rows, warnings);
  await attachPlans(executor, statements.slice(0, MAX_PLANNED_STATEMENTS), after.rows);
  if (input.preparedAfter !== undefined) statements.push(...preparedDifferences(baseline.prepared, input.preparedAfter));
  if (input.preparedMissing !== undefined) warnings.push(input.preparedMissing);
  statements.sort((a, b) => b.sumLatencyMs - a.sumLatencyMs);
  return {
    source: after.source !== 'none' ? after.source : baseline.statistics.source,
    statements: statements.map(finish),
    warnings,
    ...(missingGrant ? { missingGrant } : {}),
  };
}

/** The activity carries a missing grant on its own (missingGrant), not as one more warning. */
function warningsBesideGrant(statistics: StatementStatistics): string[] {
  const { missingGrant } = statistics;
  return missingGrant === undefined
    ? statistics.warnings
    : statistics.warnings.filter((warning) => warning !== missingGrantText(missingGrant));
}

function rowKey(row: StatementStatisticsRow): string {
  return [row.instance ?? '', row.windowBegin ?? '', row.schemaName ?? '', row.digest, row.planDigest ?? ''].join('\u0000');
}

interface Accumulated {
  statement: ServerStatement;
  /** plan digest -> executions during the run */
  planCounts: Map<string, number>;
  /** plan digest -> the earliest FIRST_SEEN of its rows */
  planFirstSeen: Map<string, string>;
  processedKeys: number;
  processedKeysCount: number;
}

/** The difference, per digest, of the rows after a run and the rows before it; pure. */
export function statementDifferences(
  before: readonly StatementStatisticsRow[],
  after: readonly StatementStatisticsRow[],
  warnings: string[] = [],
): ServerStatement[] {
  const earlier = new Map(before.map((row) => [rowKey(row), row]));
  const byDigest = new Map<string, Accumulated>();
  let reset = false;
  for (const row of after) {
    if (EVIDENCE_QUERIES.test(row.digestText)) continue;
    const previous = earlier.get(rowKey(row));
    let execCount = row.execCount - (previous?.execCount ?? 0);
    let sumLatencyMs = row.sumLatencyMs - (previous?.sumLatencyMs ?? 0);
    if (execCount < 0) {
      // the table was truncated (or the server restarted) during the run: the row holds only what came after
      reset = true;
      execCount = row.execCount;
      sumLatencyMs = row.sumLatencyMs;
    }
    if (execCount <= 0) continue;
    const key = `${row.schemaName ?? ''}\u0000${row.digest}`;
    let entry = byDigest.get(key);
    if (entry === undefined) {
      entry = {
        statement: {
          digest: row.digest,
          text: row.digestText,
          execCount: 0,
          sumLatencyMs: 0,
          avgLatencyMs: 0,
          maxLatencyMs: 0,
          planDigests: [],
          engines: [],
          counted: 'digest',
        },
        planCounts: new Map(),
        planFirstSeen: new Map(),
        processedKeys: 0,
        processedKeysCount: 0,
      };
      if (row.schemaName) entry.statement.schema = row.schemaName;
      byDigest.set(key, entry);
    }
    const statement = entry.statement;
    statement.execCount += execCount;
    statement.sumLatencyMs += Math.max(0, sumLatencyMs);
    statement.maxLatencyMs = Math.max(statement.maxLatencyMs, row.maxLatencyMs);
    if (row.copTasks !== null) statement.copTasks = (statement.copTasks ?? 0) + Math.max(0, row.copTasks - (previous?.copTasks ?? 0));
    if (row.avgProcessedKeys !== null) {
      entry.processedKeys += row.avgProcessedKeys * row.execCount - (previous?.avgProcessedKeys ?? 0) * (previous?.execCount ?? 0);
      entry.processedKeysCount += execCount;
    }
    if (row.planDigest) {
      entry.planCounts.set(row.planDigest, (entry.planCounts.get(row.planDigest) ?? 0) + execCount);
      const seen = entry.planFirstSeen.get(row.planDigest);
      if (row.firstSeen !== null && (seen === undefined || row.firstSeen < seen)) entry.planFirstSeen.set(row.planDigest, row.firstSeen);
    }
  }
  if (reset) warnings.push("The server's statement statistics were reset during the run; counts after the reset are shown.");
  return [...byDigest.values()]
    .map((entry) => {
      const statement = entry.statement;
      statement.avgLatencyMs = statement.sumLatencyMs / statement.execCount;
      // the Statements view's order, so the run's plans read as the statement's history there too
      const plans = inFirstSeenOrder(
        [...entry.planCounts.entries()].map(([planDigest, execCount]) => ({
          planDigest,
          execCount,
          firstSeen: entry.planFirstSeen.get(planDigest) ?? null,
        })),
      );
      statement.planDigests = plans.map((plan) => plan.planDigest);
      if (plans.length > 0)
        statement.plans = plans.map(({ planDigest, execCount, firstSeen }) => ({
          planDigest,
          execCount,
          ...(firstSeen !== null ? { firstSeen } : {}),
          engines: [],
        }));
      if (plans.length > 1) statement.planChanged = true;
      if (entry.processedKeysCount > 0) statement.avgProcessedKeys = Math.max(0, entry.processedKeys / entry.processedKeysCount);
      return statement;
    })
    .sort((a, b) => b.sumLatencyMs - a.sumLatencyMs);
}

/** Decodes each plan digest's plan once (from the row that carries it) and names its engines. */
async function attachPlans(executor: SqlExecutor, statements: ServerStatement[], rows: readonly StatementStatisticsRow[]): Promise<void> {
  const samples = new Map<string, StatementStatisticsRow>();
  for (const row of rows) {
    if (row.planDigest && (row.plan || row.binaryPlan) && !samples.has(row.planDigest)) samples.set(row.planDigest, row);
  }
  for (const statement of statements) {
    const engines = new Set<StatementEngine>();
    for (const plan of statement.plans ?? []) {
      const sample = samples.get(plan.planDigest);
      const resolved = sample ? await resolveStatementPlan(executor, sample) : null;
      if (resolved === null) continue;
      plan.plan = resolved.text;
      plan.engines = resolved.engines;
      for (const engine of resolved.engines) engines.add(engine);
    }
    statement.engines = orderEngines(engines);
    statement.plan = [...(statement.plans ?? [])].sort((a, b) => b.execCount - a.execCount).find((plan) => plan.plan !== undefined)?.plan;
    if (statement.plan === undefined) delete statement.plan;
  }
}

/** Prepared executions during the run, per prepared text (MySQL/MariaDB); pure. */
export function preparedDifferences(
  before: readonly PreparedStatementInstance[],
  after: readonly PreparedStatementInstance[],
): ServerStatement[] {
  const earlier = new Map(before.map((row) => [`${row.instance}\u0000${row.sqlText}`, row]));
  const byText = new Map<string, ServerStatement>();
  for (const row of after) {
    if (EVIDENCE_QUERIES.test(row.sqlText)) continue;
    const previous = earlier.get(`${row.instance}\u0000${row.sqlText}`);
    const executions = row.executions - (previous?.executions ?? 0);
    if (executions <= 0) continue;
    let statement = byText.get(row.sqlText);
    if (statement === undefined) {
      statement = {
        digest: `prepared:${createHash('sha256').update(row.sqlText).digest('hex').slice(0, 32)}`,
        text: row.sqlText,
        execCount: 0,
        sumLatencyMs: 0,
        avgLatencyMs: 0,
        maxLatencyMs: 0,
        planDigests: [],
        engines: [],
        counted: 'prepared',
      };
      byText.set(row.sqlText, statement);
    }
    statement.execCount += executions;
    statement.sumLatencyMs += Math.max(0, row.sumExecuteMs - (previous?.sumExecuteMs ?? 0));
    statement.maxLatencyMs = Math.max(statement.maxLatencyMs, row.maxExecuteMs);
  }
  return [...byText.values()].map((statement) => ({ ...statement, avgLatencyMs: statement.sumLatencyMs / statement.execCount }));
}

function finish(statement: ServerStatement): ServerStatement {
  const rounded = (value: number) => Math.round(value * 1000) / 1000;
  const out: ServerStatement = {
    ...statement,
    sumLatencyMs: rounded(statement.sumLatencyMs),
    avgLatencyMs: rounded(statement.avgLatencyMs),
    maxLatencyMs: rounded(statement.maxLatencyMs),
  };
  if (out.avgProcessedKeys !== undefined) out.avgProcessedKeys = rounded(out.avgProcessedKeys);
  if (out.plans) out.plans = out.plans.map((plan): ServerStatementPlan => plan);
  return out;
}
