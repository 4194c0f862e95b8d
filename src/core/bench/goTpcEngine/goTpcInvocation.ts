// go-tpc's command line for a run TiDB Lab drives: the workload's options under go-tpc's own
// names (the ones `tidb-lab bench tpcc` / `ch` take), and the connection to the credential relay
// (127.0.0.1, its port, the user and the one-time password: never the real one).
import type { CredentialRelay } from './credentialRelay';

export type GoTpcWorkload = 'tpcc' | 'ch';

export interface GoTpcRunOptions {
  workload: GoTpcWorkload;
  warehouses: number;
  threads: number;
  /** seconds, 0: no limit */
  timeSec: number;
  /** 0: no limit */
  count: number;
  intervalSec: number;
  ignoreError: boolean;
  isolation: number;
  weights: readonly number[];
  parts: number;
  /** ch: --acThreads */
  acThreads?: number;
  /** ch: the queries, q1..q22 */
  queries?: readonly string[];
  /** ch: --ap-conn-params as given */
  apConnParams?: string;
  /** ch: --use-explain */
  useExplain?: boolean;
}

const DEFAULT_WEIGHTS = '45,43,4,4,4';

/** Go's duration for seconds: 10 -> "10s", 1.5 -> "1.5s". */
function goDuration(seconds: number): string {
  return `${seconds}s`;
}

/** The workload's arguments, the connection's left out (they come from goTpcConnectionArgs). */
export function goTpcRunArgs(options: GoTpcRunOptions): string[] {
  const args = [options.workload, `--warehouses=${options.warehouses}`, `--threads=${options.threads}`];
  if (options.workload === 'ch') args.push(`--acThreads=${options.acThreads ?? 1}`);
  if (options.timeSec > 0) args.push(`--time=${goDuration(options.timeSec)}`);
  if (options.count > 0) args.push(`--count=${options.count}`);
  args.push(`--interval=${goDuration(options.intervalSec)}`);
  if (options.ignoreError) args.push('--ignore-error');
  if (options.isolation !== 0) args.push(`--isolation=${options.isolation}`);
  const weights = options.weights.join(',');
  if (weights !== DEFAULT_WEIGHTS) args.push(`--weight=${weights}`);
  if (options.parts !== 1) args.push(`--parts=${options.parts}`);
  if (options.workload === 'ch') {
    if (options.queries !== undefined && options.queries.length > 0) args.push(`--queries=${options.queries.join(',')}`);
    if (options.apConnParams) args.push(`--ap-conn-params=${options.apConnParams}`);
    if (options.useExplain) args.push('--use-explain');
  }
  return args;
}

/** The relay's address and the one-time password, and the database. The password is one argument: the watchdog finds go-tpc by it. */
export function goTpcConnectionArgs(
  relay: Pick<CredentialRelay, 'host' | 'port' | 'user' | 'oneTimePassword'>,
  database: string,
): string[] {
  return [
    `--host=${relay.host}`,
    `--port=${relay.port}`,
    `--user=${relay.user}`,
    `--password=${relay.oneTimePassword}`,
    `--db=${database}`,
  ];
}

export function passwordArgument(relay: Pick<CredentialRelay, 'oneTimePassword'>): string {
  return `--password=${relay.oneTimePassword}`;
}
