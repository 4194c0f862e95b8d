// `tidb-lab bench rawsql --query-files=a.sql,b.sql [--threads=N --time=.. --count=.. --mysql-*] run`:
// go-tpc's rawsql. Prints go-tpc's [Current] / [Summary] operation lines and the client's load after
// them (or the result as JSON).
import { resolveBenchOptions, type ConnectionOptionValues } from '../core/bench/benchOptions';
import { rawQueriesFromFiles, type RawQuery } from '../core/bench/rawsql/rawsqlQueries';
import { parseRawsqlArguments, type RawsqlArguments } from '../core/bench/rawsql/rawsqlArguments';
import { commandComment, operationLine } from '../core/bench/rawsql/rawsqlReport';
import { runRawsql, type RawsqlRun } from '../core/bench/rawsql/runRawsql';
import { clientSummaryLine } from '../core/results/clientBound';
import { resultToJson } from '../core/results/exportJson';
import { parseStartAtFromNow, waitUntilStart } from '../core/bench/startAt';
import { interruptOnSignals, stamp } from './goTpcInterrupt';
import { withClaimedOut, type ClaimedOutFile } from './outFile';

export interface RawsqlCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => string;
  writeFile: (path: string, text: string) => void;
  env: Record<string, string | undefined>;
  onInterrupt: (handler: (signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP') => void) => () => void;
  exit: (code: number) => void;
}

export async function rawsqlCommand(argv: readonly string[], io: RawsqlCommandIo): Promise<number> {
  const args = parseRawsqlArguments(argv);
  const files = args.queryFiles.map((path) => {
    try {
      return { path, text: io.readFile(path) };
    } catch (error) {
      throw new Error(`read file: ${path}, err: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const queries = rawQueriesFromFiles(files);
  const connectionOptions = new Map([...args.connection].map(([name, value]) => [name, value]));
  if (![...connectionOptions.keys()].includes('mysql-password') && io.env.MYSQL_PWD !== undefined)
    connectionOptions.set('mysql-password', io.env.MYSQL_PWD);
  const connection = resolveBenchOptions('oltp_point_select', connectionOptions).connection;
  const startAt = args.startAt === undefined ? undefined : parseStartAtFromNow(args.startAt);
  return withClaimedOut(args.out, io, (outFile) => measure(args, queries, connection, startAt, outFile, io));
}

async function measure(
  args: RawsqlArguments,
  queries: RawQuery[],
  connection: ConnectionOptionValues,
  startAt: number | undefined,
  outFile: ClaimedOutFile | undefined,
  io: RawsqlCommandIo,
): Promise<number> {
  const say = (line: string) => (args.json ? io.stderr : io.stdout)(`${line}\n`);
  const interruption = interruptOnSignals(io, {
    inFlight: 'queries',
    stopping: 'stopping the threads after their current query; the partial result follows',
  });
  let run: RawsqlRun;
  try {
    if (!args.json) io.stdout(`${commandComment(args.argv)}\n`);
    if (startAt !== undefined) {
      say(`Waiting until ${new Date(startAt).toISOString()} to start (--start-at)`);
      if (!(await waitUntilStart(startAt, interruption.signal))) return interruption.exitCode();
    }
    run = await runRawsql(
      {
        queries,
        queryFiles: args.queryFiles,
        connection,
        threads: args.threads,
        timeSec: args.timeSec,
        count: args.count,
        intervalSec: args.intervalSec,
        ignoreError: args.ignoreError,
      },
      {
        signal: interruption.signal,
        onLog: (message) => say(`${stamp()} ${message}`),
        onInterval: (report) => {
          if (!args.json) for (const operation of report.operations) io.stdout(`${operationLine('Current', operation)}\n`);
        },
      },
    );
  } finally {
    interruption.release();
  }
  const result = run.result;
  outFile?.write(resultToJson(result));
  if (args.json) io.stdout(resultToJson(result));
  else {
    io.stdout('Finished\n');
    for (const operation of run.operations) io.stdout(`${operationLine('Summary', operation)}\n`);
    const client = clientSummaryLine(result);
    if (client !== undefined) io.stdout(`${client}\n`);
  }
  if (result.status === 'failed') {
    io.stderr(`FATAL: ${result.message ?? 'the run failed'}\n`);
    return 1;
  }
  if (result.status === 'cancelled') return interruption.exitCode();
  return 0;
}
