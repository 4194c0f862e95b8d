// Runs the installed go-tpc for a TPC-C or CH run: go-tpc connects to a credential relay on
// loopback with a one-time password (credentialRelay.ts; the real password is on no command line,
// in no environment and in no file), its lines are handed on as it prints them (each [Current]
// block also as an interval), and the result is what the go-tpc log importer reads from its output,
// so the numbers are go-tpc's own (source.engine 'go-tpc'). Cancel sends SIGINT: go-tpc stops and
// prints its summary, kept as a cancelled result; a go-tpc that does not end within 5 s is killed.
// A second after SIGINT (or once go-tpc is gone) the statements its connections still run on the
// server are KILLed, as the sysbench engine's hard stop does (goTpcStatementKill.ts).
// go-tpc runs in a session of its own (the terminal's Ctrl-C reaches only this process, which then
// stops go-tpc once) under a watchdog that kills it when this process ends in any way.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readTlsMaterial } from '../../db/connectionTls';
import { DatabaseSession } from '../../db/databaseSession';
import type { ResultInterval, RunResult, ServerInfo } from '../../results/benchmarkResult';
import { importGoTpcLog } from '../../results/importers/goTpcLogImporter';
import { TOOL_VERSION } from '../../toolVersion';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import { BenchmarkError, TOOL_NAME } from '../runBenchmark';
import { serverInfoOf } from '../serverInfo';
import { LineSplitter } from '../externalSysbench/sysbenchOutput';
import { startCredentialRelay, type CredentialRelay } from './credentialRelay';
import type { GoTpcInstallation } from './findGoTpc';
import { goTpcConnectionArgs, goTpcRunArgs, passwordArgument, type GoTpcRunOptions } from './goTpcInvocation';
import { goTpcTpccSummary } from './goTpcTpccSummary';
import { killGoTpcStatements } from './goTpcStatementKill';
import { STATEMENTS_KILLED_AFTER_MS } from '../externalSysbench/runSysbench';
import { watchGoTpc } from './goTpcWatchdog';

/** How long go-tpc gets to print its summary and end after SIGINT before it is killed. */
const KILL_AFTER_MS = 5_000;
/** go-tpc prints an interval's [Current] lines together: the block is over once this long passes without another. */
const BLOCK_SETTLE_MS = 150;

export interface GoTpcEngineRequest {
  installation: GoTpcInstallation;
  options: GoTpcRunOptions;
  connection: ConnectionOptionValues;
}

export interface GoTpcEngineHooks {
  signal?: AbortSignal;
  /** each line go-tpc prints on stdout, as printed */
  onLine?: (line: string) => void;
  /** each interval, once go-tpc has printed its [Current] block */
  onInterval?: (interval: ResultInterval) => void;
  /** go-tpc's stderr and the relay's words (a server refusing the login) */
  onLog?: (message: string) => void;
  /** the go-tpc process as soon as it runs (tests read its /proc entries) */
  onProcess?: (pid: number) => void;
  labels?: Record<string, string | number>;
}

export interface GoTpcEngineRun {
  result: RunResult;
  /** what go-tpc printed on stdout */
  output: string;
}

interface Finished {
  output: string;
  errors: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  endMs: number;
  /** the hard stop after a cancel, settled once it has KILLed what was left */
  hardStop?: Promise<void>;
}

// go-tpc's Go runtime notice on stderr at start
const STDERR_NOISE = /maxprocs: Leaving GOMAXPROCS/;

export async function runGoTpc(request: GoTpcEngineRequest, hooks: GoTpcEngineHooks = {}): Promise<GoTpcEngineRun> {
  if (hooks.signal?.aborted) throw new BenchmarkError('The benchmark was cancelled before it started.');
  const { connection } = request;
  if (connection.socket !== undefined)
    throw new BenchmarkError('The go-tpc engine connects over TCP; a --mysql-socket connection is not supported.');
  if (connection.hosts.length > 1 || connection.ports.length > 1)
    throw new BenchmarkError('The go-tpc engine runs against one host and port; use the built-in engine for several.');
  const log = hooks.onLog ?? (() => undefined);
  const server = await serverOf(connection);
  const relay = await startCredentialRelay(
    {
      host: connection.hosts[0],
      port: connection.ports[0],
      user: connection.user,
      password: connection.password,
      tls:
        connection.tls === 'disabled'
          ? undefined
          : readTlsMaterial({
              mode: connection.tls,
              caFile: connection.caFile,
              certFile: connection.certFile,
              keyFile: connection.keyFile,
              cipher: connection.cipher,
            }),
    },
    { onUpstreamError: (message) => log(`The server refused go-tpc's connection: ${message}`) },
  );
  let finished: Finished;
  try {
    finished = await runProcess(request, relay, hooks);
    await finished.hardStop;
  } finally {
    await relay.close();
  }
  return measured(request, finished, relay, server, hooks);
}

async function serverOf(connection: ConnectionOptionValues): Promise<ServerInfo> {
  let session: DatabaseSession;
  try {
    session = await DatabaseSession.open(adminProfile(connection), connection.password, { connectionLimit: 1 });
  } catch (error) {
    throw new BenchmarkError(
      `Cannot connect to ${connection.hosts[0]}:${connection.ports[0]}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return serverInfoOf(session.identity, { connection });
  } finally {
    await session.close();
  }
}

async function killStatements(connection: ConnectionOptionValues, ids: readonly number[]): Promise<bigint[]> {
  const admin = await DatabaseSession.open(adminProfile(connection), connection.password, { connectionLimit: 1 });
  try {
    return await killGoTpcStatements(admin, ids);
  } finally {
    await admin.close();
  }
}

function runProcess(request: GoTpcEngineRequest, relay: CredentialRelay, hooks: GoTpcEngineHooks): Promise<Finished> {
  const path = request.installation.path;
  const args = [...goTpcRunArgs(request.options), ...goTpcConnectionArgs(relay, request.connection.database), 'run'];
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.MYSQL_PWD;
    const child = spawn(path, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const watchdog = child.pid === undefined ? undefined : watchGoTpc(child.pid, passwordArgument(relay));
    const log = hooks.onLog ?? (() => undefined);
    let output = '';
    let errors = '';
    const stdoutLines = new LineSplitter();
    const stderrLines = new LineSplitter();
    let intervalsSent = 0;
    const commandComment = goTpcCommandComment(request.options);
    let settle: NodeJS.Timeout | undefined;
    const sendIntervals = () => {
      settle = undefined;
      if (hooks.onInterval === undefined) return;
      // after the command line, as measured() reads it: the interval's length and the threads come from it
      const intervals = importGoTpcLog(`${commandComment}${output}`).results.at(-1)?.intervals ?? [];
      for (; intervalsSent < intervals.length; intervalsSent++) hooks.onInterval(intervals[intervalsSent]);
    };
    const readLine = (line: string) => {
      hooks.onLine?.(line);
      if (line.startsWith('[Current]')) {
        if (settle) clearTimeout(settle);
        settle = setTimeout(sendIntervals, BLOCK_SETTLE_MS);
      }
    };
    const readError = (line: string) => {
      if (line.trim() !== '' && !STDERR_NOISE.test(line)) log(`go-tpc: ${line.trim()}`);
    };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      for (const line of stdoutLines.push(chunk)) readLine(line);
    });
    child.stderr.on('data', (chunk: string) => {
      errors += chunk;
      for (const line of stderrLines.push(chunk)) readError(line);
    });
    let killTimer: NodeJS.Timeout | undefined;
    let hardStop: Promise<void> | undefined;
    let closed: () => void = () => undefined;
    const whenClosed = new Promise<void>((settle) => (closed = settle));
    const onAbort = () => {
      // go-tpc's connections on the server, read while it still holds them
      const ids = relay.openConnectionIds();
      child.kill('SIGINT');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      killTimer.unref();
      if (ids.length === 0) return;
      hardStop = Promise.race([whenClosed, new Promise((settle) => setTimeout(settle, STATEMENTS_KILLED_AFTER_MS))])
        .then(() => killStatements(request.connection, ids))
        .then((killed) => {
          if (killed.length > 0)
            log(`Killed ${killed.length} statement${killed.length === 1 ? '' : 's'} go-tpc left running on the server.`);
        })
        .catch((error: unknown) =>
          log(`The statements go-tpc left running could not be killed: ${error instanceof Error ? error.message : String(error)}`),
        );
    };
    hooks.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('spawn', () => {
      if (child.pid !== undefined) hooks.onProcess?.(child.pid);
    });
    child.once('exit', () => watchdog?.release());
    child.once('error', (error) => {
      watchdog?.release();
      hooks.signal?.removeEventListener('abort', onAbort);
      reject(new BenchmarkError(`go-tpc could not be started (${path}): ${error.message}`));
    });
    child.once('close', (code, signal) => {
      hooks.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (settle) clearTimeout(settle);
      for (const line of stdoutLines.end()) readLine(line);
      for (const line of stderrLines.end()) readError(line);
      if (settle) clearTimeout(settle);
      sendIntervals();
      watchdog?.release();
      closed();
      resolve({ output, errors, code, signal, endMs: Date.now(), hardStop });
    });
  });
}

function measured(
  request: GoTpcEngineRequest,
  finished: Finished,
  relay: CredentialRelay,
  server: ServerInfo,
  hooks: GoTpcEngineHooks,
): GoTpcEngineRun {
  const cancelled = hooks.signal?.aborted === true;
  const imported = importGoTpcLog(`${goTpcCommandComment(request.options)}${finished.output}`).results.at(-1);
  const refused = relay.upstreamErrors[0];
  if (imported === undefined) {
    if (cancelled) throw new BenchmarkError('The benchmark was cancelled before go-tpc reported anything.');
    if (refused !== undefined) throw new BenchmarkError(`The server refused go-tpc's connection: ${refused}`);
    throw new BenchmarkError(`go-tpc stopped before it reported anything${failureText(finished)}`);
  }
  const status = cancelled ? 'cancelled' : finished.code === 0 || imported.status !== 'completed' ? imported.status : 'failed';
  const message = cancelled
    ? finished.signal === 'SIGKILL'
      ? `Cancelled; go-tpc did not stop on SIGINT within ${KILL_AFTER_MS / 1000} s and was killed. The result holds what it reported until then.`
      : 'Cancelled (SIGINT to go-tpc); the result holds what it reported.'
    : status === 'failed' && imported.status === 'completed'
      ? `go-tpc exited with ${finished.code ?? finished.signal}${failureText(finished)}`
      : imported.message;
  const { connection } = request;
  const result: RunResult = {
    ...imported,
    id: randomUUID(),
    source: { tool: TOOL_NAME, toolVersion: TOOL_VERSION, engine: 'go-tpc', engineVersion: request.installation.version },
    workload: request.options.workload,
    options: {
      ...imported.options,
      mysql_host: connection.hosts[0],
      mysql_port: connection.ports[0],
      mysql_user: connection.user,
      mysql_db: connection.database,
    },
    server,
    startTime: new Date(finished.endMs - imported.durationSec * 1000).toISOString(),
    status,
  };
  delete result.name;
  // only from go-tpc's [Summary] (printed on SIGINT too): without it the labels are the last interval's
  const tpcc = imported.status === 'completed' ? goTpcTpccSummary(imported.labels ?? {}, request.options.warehouses) : undefined;
  if (tpcc !== undefined) result.tpcc = tpcc;
  if (message !== undefined) result.message = message;
  else delete result.message;
  if (hooks.labels) result.labels = { ...(result.labels ?? {}), ...hooks.labels };
  return { result, output: finished.output };
}

/** The command line (without the connection) as a comment line first, so the importer knows the workload and its options. */
function goTpcCommandComment(options: GoTpcRunOptions): string {
  return `# go-tpc ${goTpcRunArgs(options).join(' ')} run\n`;
}

function failureText(finished: Finished): string {
  const lines = [...finished.output.split('\n'), ...finished.errors.split('\n')]
    .map((line) => line.trim())
    .filter((line) => line !== '' && !STDERR_NOISE.test(line) && /error|failed|panic/i.test(line));
  return lines.length > 0 ? `: ${lines.slice(0, 3).join(' ')}` : '';
}
