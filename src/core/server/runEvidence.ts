// The server evidence of one run or experiment cell: the baseline before it, the prepared
// statements just before its connections close (MySQL/MariaDB count server-side prepared
// executions only there), and the activity after it. Costs a few queries on the admin connection;
// a failure to read anything becomes a warning in the activity, never a failed run.
import type { SqlExecutor } from '../db/sqlExecutor';
import type { ServerFlavor } from '../db/serverFlavor';
import type { MissingGrant, ServerActivity } from '../results/benchmarkResult';
import { readPreparedStatementInstances, type PreparedStatementInstance } from './preparedStatementInstances';
import { readActivityBaseline, readRunActivity, type ActivityBaseline } from './runActivity';
import { connectionsIn, waitForRunConnectionsToClose, type SettleOptions } from './runStatementsSettled';

export interface RunEvidenceSettings {
  /** the run's database: statements run elsewhere are not the run's */
  database: string;
  /** the run sends server-side prepared statements (sysbench's --db-ps-mode=auto) */
  preparedStatements: boolean;
  /** how long finish() waits for the run's last statements to end on the server (tests shorten it) */
  settle?: SettleOptions;
}

export class RunEvidence {
  private preparedAfter?: PreparedStatementInstance[];
  private readonly warnings: string[] = [];
  /** the account may not read prepared_statements_instances */
  private missingGrant?: MissingGrant;

  private constructor(
    private readonly executor: SqlExecutor,
    private readonly flavor: ServerFlavor,
    private readonly settings: RunEvidenceSettings,
    private readonly baseline: ActivityBaseline | undefined,
    /** the connections in the run's database before it: not the run's */
    private readonly connectionsBefore: ReadonlySet<string> | undefined,
  ) {}

  /** Reads the baseline; never throws. */
  static async start(executor: SqlExecutor, flavor: ServerFlavor, settings: RunEvidenceSettings): Promise<RunEvidence> {
    let baseline: ActivityBaseline | undefined;
    const warnings: string[] = [];
    let missingGrant: MissingGrant | undefined;
    try {
      baseline = await readActivityBaseline(executor, flavor, settings.database ? [settings.database] : []);
      if (usesPreparedInstances(flavor, settings)) {
        const prepared = await readPreparedStatementInstances(executor);
        baseline.prepared = prepared.rows;
        warnings.push(...prepared.warnings);
        missingGrant = prepared.missingGrant;
      }
    } catch (error) {
      warnings.push(
        `The server's statement statistics could not be read before the run: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const connectionsBefore = baseline !== undefined && settings.database ? await connectionsIn(executor, settings.database) : undefined;
    const evidence = new RunEvidence(executor, flavor, settings, baseline, connectionsBefore);
    evidence.warnings.push(...warnings);
    evidence.missingGrant = missingGrant;
    return evidence;
  }

  /** Whether the engine should call beforeConnectionsClose (it holds its connections open until then). */
  get wantsPreparedStatements(): boolean {
    return this.baseline !== undefined && usesPreparedInstances(this.flavor, this.settings) && this.baseline.statistics.source !== 'none';
  }

  /** Reads prepared_statements_instances while the run's connections still hold their statements. */
  async beforeConnectionsClose(): Promise<void> {
    if (!this.wantsPreparedStatements) return;
    const read = await readPreparedStatementInstances(this.executor);
    this.preparedAfter = read.rows;
    this.warnings.push(...read.warnings);
    this.missingGrant ??= read.missingGrant;
  }

  /** Reads the statistics after the run and returns the difference; never throws. */
  async finish(): Promise<ServerActivity> {
    if (this.baseline === undefined)
      return { source: 'none', statements: [], warnings: this.warnings, ...(this.missingGrant ? { missingGrant: this.missingGrant } : {}) };
    let preparedMissing: string | undefined;
    if (
      usesPreparedInstances(this.flavor, this.settings) &&
      this.preparedAfter === undefined &&
      this.baseline.statistics.source !== 'none'
    ) {
      preparedMissing = `The run used server-side prepared statements, which ${this.flavor === 'mariadb' ? 'MariaDB' : 'MySQL'} counts in performance_schema.prepared_statements_instances only while their connections are open; the engine closed them before they could be read, so their executions are missing here (--db-ps-mode=disable sends them as text, which the digest table counts).`;
    }
    if (this.settings.database && this.connectionsBefore !== undefined && this.baseline.statistics.source !== 'none') {
      await waitForRunConnectionsToClose(this.executor, this.settings.database, this.connectionsBefore, this.settings.settle);
    }
    try {
      return await readRunActivity(this.executor, this.baseline, {
        preparedAfter: this.preparedAfter,
        preparedMissing,
        warnings: this.warnings,
        missingGrant: this.missingGrant,
      });
    } catch (error) {
      return {
        source: 'none',
        statements: [],
        warnings: [
          ...this.warnings,
          `The server's statement statistics could not be read after the run: ${error instanceof Error ? error.message : String(error)}`,
        ],
      };
    }
  }
}

function usesPreparedInstances(flavor: ServerFlavor, settings: RunEvidenceSettings): boolean {
  return settings.preparedStatements && (flavor === 'mysql' || flavor === 'mariadb');
}
