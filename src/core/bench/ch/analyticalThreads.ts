// The analytical (AP) side of a CH-benCHmark run as go-tpc's ch workloader runs it: --acThreads
// threads, each on its own connection, thread i starting at query i of the list and going round
// it (ch/workload.go InitThread/Run), reading every row of each result; a query's latency goes to
// its own histogram (Q1.., and Q1_ERR.. for failures, as go-tpc's measurement keeps them), once for
// the whole run and once for the interval going on. A failed query stops its thread unless
// --ignore-error (go-tpc's execute loop); a lost connection is opened again then. With several
// hosts or ports (--ap-host, --ap-port), thread i connects to the i-th (host, port) pair in turn
// (go-tpc's connector picks one per connection); with an explain prefix (--use-explain), each query
// runs as EXPLAIN ANALYZE and its plan goes to onExplain instead of its rows being read.
import { DatabaseSession } from '../../db/databaseSession';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import { errorOperation, OperationRecorders, type OperationNumbers } from '../rawsql/rawsqlMeasurement';
import { CH_QUERIES, type ChQueryName } from './chQueries';
import { explainAnalyzeQuery, explainHeading, explainTable } from './explainAnalyze';

export interface AnalyticalConfig {
  connection: ConnectionOptionValues;
  threads: number;
  queries: readonly ChQueryName[];
  /** run once on each AP connection before its first query (e.g. reading through TiFlash) */
  sessionStatements: readonly string[];
  ignoreError: boolean;
  /** go-tpc's --use-explain: the words in place of each query's /*PLACEHOLDER*\/ (explainAnalyzePrefix) */
  explainPrefix?: string;
}

export interface AnalyticalHooks {
  onLog?: (message: string) => void;
  /** a query's plan under --use-explain, as go-tpc prints it */
  onExplain?: (text: string) => void;
}

/** Each (host, port) pair of the connection, in the order threads take them. */
export function connectionTargets(connection: ConnectionOptionValues): ConnectionOptionValues[] {
  return connection.hosts.flatMap((host) => connection.ports.map((port) => ({ ...connection, hosts: [host], ports: [port] })));
}

/** go-tpc's operation name of a query: its name upper-cased (outputRtMeasurement). */
export const queryOperation = (name: ChQueryName): string => name.toUpperCase();

/** The query a thread runs at its n-th step (0-based): thread i starts at query i (queryIdx = threadID % len). */
export function chQueryAt(queries: readonly ChQueryName[], thread: number, step: number): ChQueryName {
  return queries[(thread + step) % queries.length];
}

export class AnalyticalThreads {
  readonly total = new OperationRecorders();
  private current = new OperationRecorders();
  private readonly errorCodes = new Map<number, number>();
  private stopped = false;
  private deadlineMs = Number.POSITIVE_INFINITY;
  private releaseStart: () => void = () => undefined;
  private readonly started = new Promise<void>((resolve) => (this.releaseStart = resolve));
  private threadRuns: Promise<void>[] = [];
  failure: string | undefined;
  running = 0;

  private constructor(
    private readonly config: AnalyticalConfig,
    private readonly pools: readonly DatabaseSession[],
    private readonly hooks: AnalyticalHooks,
  ) {}

  /** Opens the threads' connections and sets their sessions up; resolves when all are ready to start. */
  static async connect(config: AnalyticalConfig, hooks: AnalyticalHooks = {}): Promise<AnalyticalThreads> {
    const targets = connectionTargets(config.connection);
    const pools: DatabaseSession[] = [];
    try {
      for (const target of targets)
        pools.push(
          await DatabaseSession.open(adminProfile(target), target.password, {
            connectionLimit: Math.max(1, Math.ceil(config.threads / targets.length)),
          }),
        );
    } catch (error) {
      for (const pool of pools) await pool.close();
      throw error;
    }
    const threads = new AnalyticalThreads(config, pools, hooks);
    let ready = 0;
    let allReady: () => void = () => undefined;
    let setupFailed: (error: unknown) => void = () => undefined;
    const readyPromise = new Promise<void>((resolve, reject) => {
      allReady = resolve;
      setupFailed = reject;
    });
    if (config.threads === 0) allReady();
    threads.threadRuns = Array.from({ length: config.threads }, (_, thread) =>
      threads.runThread(
        thread,
        () => {
          if (++ready === config.threads) allReady();
        },
        setupFailed,
      ),
    );
    try {
      await readyPromise;
    } catch (error) {
      threads.stop();
      await Promise.allSettled(threads.threadRuns);
      for (const pool of pools) await pool.close();
      throw error;
    }
    return threads;
  }

  /** Lets the threads go until the deadline (epoch ms; Infinity: until stop()). */
  start(deadlineMs: number): void {
    this.deadlineMs = deadlineMs;
    this.releaseStart();
  }

  stop(): void {
    this.stopped = true;
    this.releaseStart();
  }

  /** Waits for every thread to finish its query, then closes the connections. */
  async finish(): Promise<void> {
    await Promise.all(this.threadRuns);
    for (const pool of this.pools) await pool.close();
  }

  /** The numbers of the interval since the last call, by query (go-tpc's [Current] block), and a new interval. */
  takeInterval(seconds: number): OperationNumbers[] {
    const taken = this.current;
    this.current = new OperationRecorders();
    return taken.numbers(seconds);
  }

  errorCodesSeen(): ReadonlyMap<number, number> {
    return this.errorCodes;
  }

  private more(): boolean {
    return !this.stopped && Date.now() < this.deadlineMs;
  }

  private record(operation: string, ms: number): void {
    this.total.record(operation, ms);
    this.current.record(operation, ms);
  }

  private async runThread(thread: number, onReady: () => void, onSetupFailure: (error: unknown) => void): Promise<void> {
    const log = this.hooks.onLog ?? (() => undefined);
    let step = 0;
    let first = true;
    while (first || this.more()) {
      try {
        await this.pools[thread % this.pools.length].withDedicatedConnection(async (executor: SqlExecutor) => {
          for (const statement of this.config.sessionStatements) await executor.run(statement);
          if (first) {
            first = false;
            onReady();
            await this.started;
          }
          this.running++;
          try {
            while (this.more()) {
              const name = chQueryAt(this.config.queries, thread, step);
              step++;
              const { explainPrefix } = this.config;
              const begin = performance.now();
              try {
                if (explainPrefix === undefined) await executor.query(CH_QUERIES[name]);
                else {
                  const plan = await executor.query(explainAnalyzeQuery(CH_QUERIES[name], explainPrefix));
                  this.hooks.onExplain?.(`${explainHeading(name, performance.now() - begin)}\n${explainTable(plan)}`);
                }
                this.record(queryOperation(name), performance.now() - begin);
              } catch (error) {
                this.record(errorOperation(queryOperation(name)), performance.now() - begin);
                const errno = (error as { errno?: unknown }).errno;
                if (typeof errno === 'number') this.errorCodes.set(errno, (this.errorCodes.get(errno) ?? 0) + 1);
                if ((error as { fatal?: unknown }).fatal === true) throw error;
                const message = `execute query ${name} failed ${error instanceof Error ? error.message : String(error)}`;
                log(`execute run failed, err ${message}`);
                if (!this.config.ignoreError) {
                  this.failure ??= message;
                  return;
                }
              }
            }
          } finally {
            this.running--;
          }
        });
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (first) {
          first = false;
          onSetupFailure(error);
          return;
        }
        if (!this.config.ignoreError) {
          this.failure ??= `connection lost: ${message}`;
          return;
        }
        log(`AP thread ${thread}: connection lost (${message}); connecting again`);
      }
    }
  }
}
