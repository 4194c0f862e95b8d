// Runs the real sysbench for one benchmark: options from the same model as the built-in engine,
// the password in a private --config-file (removed as soon as sysbench has read it, and however the
// run ends), report lines streamed as interval reports while it runs, and the result read from its
// output by the sysbench log importer, so the numbers are sysbench's own; the percentiles it does
// not print come from the latency histogram it is asked for (sysbenchHistogram.ts). Cancel sends SIGINT, and
// a second later (or once sysbench is gone) KILLs on the server what sysbench's connections still
// run, as the built-in engine's hard stop does; what sysbench printed until then is kept, marked
// cancelled. sysbench runs in a session of its own under a watchdog that kills it when this process
// ends in any way (sysbenchWatchdog.ts).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { optionsRecord, type BenchOptions } from '../benchOptions';
import { BenchmarkError, TOOL_NAME, type MeasuredRun, type RunDetails } from '../runBenchmark';
import { TOOL_VERSION } from '../../toolVersion';
import type { IntervalReport } from '../measurement/runStatistics';
import type { RunResult, ServerInfo } from '../../results/benchmarkResult';
import { importSysbenchLog } from '../../results/importers/sysbenchLogImporter';
import type { SysbenchInstallation } from './sysbenchInstallation';
import { sysbenchInvocation } from './sysbenchInvocation';
import { IntervalReportReader, LineSplitter, summaryDetails } from './sysbenchOutput';
import { sysbenchHistogramLatencies, withHistogramPercentiles } from './sysbenchHistogram';
import { writePrivateConfigFile, type PrivateConfigFile } from './privateConfigFile';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { tcpConnectionsOf } from './processSockets';
import { killSysbenchStatements } from './sysbenchConnections';
import { watchSysbench } from './sysbenchWatchdog';

/** How long sysbench gets to end after SIGINT before it is killed. */
const KILL_AFTER_MS = 5_000;
/** How long after SIGINT the statements sysbench's connections still run are KILLed on the server (the built-in engine's hard stop waits as long). */
export const STATEMENTS_KILLED_AFTER_MS = 1_000;

export interface SysbenchRunHooks {
  signal?: AbortSignal;
  onInterval?: (report: IntervalReport) => void;
  /** when sysbench says "Threads started!" */
  onThreadsStarted?: () => void;
  /** sysbench's warnings and errors (stderr, and FATAL/WARNING lines of stdout) */
  onLog?: (message: string) => void;
  labels?: Record<string, string | number>;
  /** the sysbench process as soon as it runs (tests read its /proc entries) */
  onProcess?: (pid: number) => void;
}

export interface SysbenchRunRequest {
  installation: SysbenchInstallation;
  options: BenchOptions;
  serverIsTiDB: boolean;
  server: ServerInfo;
  /** another connection to the server, for the KILLs of a cancel's hard stop (without it a cancel only stops sysbench) */
  admin?: SqlExecutor;
}

/** How the sysbench process ended: what it printed, its exit, and when. */
export interface Finished {
  output: string;
  errors: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  endMs: number;
  /** the hard stop after a cancel, settled once it has KILLed what was left */
  hardStop?: Promise<void>;
}

export async function runSysbench(request: SysbenchRunRequest, hooks: SysbenchRunHooks = {}): Promise<MeasuredRun> {
  if (hooks.signal?.aborted) throw new BenchmarkError('The benchmark was cancelled before it started.');
  const { options } = request;
  const invocation = sysbenchInvocation(options, 'run', request.serverIsTiDB);
  const config = writePrivateConfigFile(invocation.configText);
  let finished: Finished;
  try {
    finished = await runProcess(request, invocation.args, config, hooks);
    await finished.hardStop;
  } finally {
    config.remove();
  }
  return measuredRun(request, finished, hooks);
}

function runProcess(request: SysbenchRunRequest, args: string[], config: PrivateConfigFile, hooks: SysbenchRunHooks): Promise<Finished> {
  const { options } = request;
  const path = request.installation.path;
  return new Promise((resolve, reject) => {
    // no password in the environment either: sysbench gets it from the config file only
    const env = { ...process.env };
    delete env.MYSQL_PWD;
    // a session of its own: the terminal's Ctrl-C reaches this process, which stops sysbench its way
    const child = spawn(path, [`--config-file=${config.path}`, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const watchdog = child.pid === undefined ? undefined : watchSysbench(child.pid, config.directory, config.path);
    const log = hooks.onLog ?? (() => undefined);
    let output = '';
    let errors = '';
    const stdoutLines = new LineSplitter();
    const stderrLines = new LineSplitter();
    const reports = new IntervalReportReader(options.limits.rate > 0, (report) => hooks.onInterval?.(report));
    const readLine = (line: string) => {
      if (reports.line(line)) return;
      if (line.trim() === 'Threads started!') hooks.onThreadsStarted?.();
      if (/^(FATAL|WARNING|ALERT|ERROR):/.test(line.trim())) log(`sysbench: ${line.trim()}`);
    };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      // sysbench prints its first line once it has read its options, the config file among them
      config.remove();
      output += chunk;
      for (const line of stdoutLines.push(chunk)) readLine(line);
    });
    child.stderr.on('data', (chunk: string) => {
      errors += chunk;
      for (const line of stderrLines.push(chunk)) if (line.trim() !== '') log(`sysbench: ${line.trim()}`);
    });
    let killTimer: NodeJS.Timeout | undefined;
    let hardStop: Promise<void> | undefined;
    let closed: () => void = () => undefined;
    const whenClosed = new Promise<void>((settle) => (closed = settle));
    const onAbort = () => {
      // which connections are sysbench's, read while it still holds them
      const endpoints = child.pid === undefined ? [] : tcpConnectionsOf(child.pid, options.connection.ports);
      child.kill('SIGINT');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      killTimer.unref();
      const admin = request.admin;
      if (admin === undefined || endpoints.length === 0) return;
      const { user, database } = options.connection;
      hardStop = Promise.race([whenClosed, new Promise((settle) => setTimeout(settle, STATEMENTS_KILLED_AFTER_MS))])
        .then(() => killSysbenchStatements(admin, user, database, endpoints))
        .then((killed) => {
          if (killed.length > 0)
            log(`Killed ${killed.length} statement${killed.length === 1 ? '' : 's'} sysbench left running on the server.`);
        })
        .catch((error: unknown) =>
          log(`The statements sysbench left running could not be killed: ${error instanceof Error ? error.message : String(error)}`),
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
      reject(new BenchmarkError(`sysbench could not be started (${path}): ${error.message}`));
    });
    child.once('close', (code, signal) => {
      hooks.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      for (const line of stdoutLines.end()) readLine(line);
      for (const line of stderrLines.end()) if (line.trim() !== '') log(`sysbench: ${line.trim()}`);
      reports.flush();
      watchdog?.release();
      closed();
      resolve({ output, errors, code, signal, endMs: Date.now(), hardStop });
    });
  });
}

/** The result and summary details of a finished sysbench process, read from its output (exported for its unit tests). */
export function measuredRun(request: SysbenchRunRequest, finished: Finished, hooks: SysbenchRunHooks): MeasuredRun {
  const cancelled = hooks.signal?.aborted === true;
  const imported = importSysbenchLog(finished.output).results.at(-1);
  if (imported === undefined) {
    if (cancelled) throw new BenchmarkError('The benchmark was cancelled before sysbench reported anything.');
    throw new BenchmarkError(`sysbench stopped before it reported anything${failureText(finished)}`);
  }
  const options = request.options;
  const status = cancelled ? 'cancelled' : finished.code === 0 || imported.status !== 'completed' ? imported.status : 'failed';
  const message = cancelled
    ? finished.signal === 'SIGKILL'
      ? `Cancelled; sysbench did not stop on SIGINT within ${KILL_AFTER_MS / 1000} s and was killed. The result holds what it reported until then.`
      : 'Cancelled (SIGINT to sysbench); the result holds what it reported until then.'
    : status === 'failed' && imported.status === 'completed'
      ? `sysbench exited with ${finished.code ?? finished.signal}${failureText(finished)}`
      : imported.message;
  const result: RunResult = {
    ...imported,
    id: randomUUID(),
    source: { tool: TOOL_NAME, toolVersion: TOOL_VERSION, engine: 'sysbench', engineVersion: request.installation.version },
    workload: options.workload,
    options: optionsRecord(options),
    server: request.server,
    startTime: new Date(finished.endMs - imported.durationSec * 1000).toISOString(),
    status,
  };
  delete result.name;
  // sysbench's histogram (the engine asks for it) in the built-in engine's layout, with the percentiles it gives
  delete result.histogram;
  const latencies = imported.histogram === undefined ? undefined : sysbenchHistogramLatencies(imported.histogram);
  if (latencies !== undefined && latencies.count > 0) {
    result.histogram = latencies.buckets();
    result.summary = { ...result.summary, latencyMs: withHistogramPercentiles(result.summary.latencyMs, latencies) };
  }
  if (message !== undefined) result.message = message;
  else delete result.message;
  if (hooks.labels) result.labels = hooks.labels;
  const details: RunDetails = summaryDetails(finished.output, options.limits.histogram) ?? {
    fairness: { eventsAvg: 0, eventsStddev: 0, timeAvgSec: 0, timeStddevSec: 0 },
    latencySumMs: 0,
    percentileMs: null,
  };
  return { result, details };
}

function failureText(finished: Finished): string {
  const fatal = [...finished.output.split('\n'), ...finished.errors.split('\n')]
    .map((line) => line.trim())
    .filter((line) => /^(FATAL|ERROR)/.test(line) || /error/i.test(line));
  return fatal.length > 0 ? `: ${fatal.slice(0, 3).join(' ')}` : '';
}
