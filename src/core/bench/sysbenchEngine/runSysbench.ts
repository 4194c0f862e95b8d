// Runs the real sysbench for one benchmark: options from the same model as the built-in engine,
// the password in a private --config-file (removed when sysbench ends, however it ends), report
// lines streamed as interval reports while it runs, and the result read from its output by the
// sysbench log importer, so the numbers are sysbench's own. Cancel sends SIGINT; what sysbench
// printed until then is kept, marked cancelled.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { optionsRecord, type BenchOptions } from '../benchOptions';
import { BenchmarkError, TOOL_NAME, type MeasuredRun, type RunDetails } from '../runBenchmark';
import { TOOL_VERSION } from '../../toolVersion';
import type { IntervalReport } from '../runStatistics';
import type { RunResult, ServerInfo } from '../../results/benchmarkResult';
import { importSysbenchLog } from '../../results/importers/sysbenchLogImporter';
import type { SysbenchInstallation } from './sysbenchInstallation';
import { sysbenchInvocation } from './sysbenchInvocation';
import { IntervalReportReader, LineSplitter, summaryDetails } from './sysbenchOutput';
import { writePrivateConfigFile } from './privateConfigFile';

/** How long sysbench gets to end after SIGINT before it is killed. */
const KILL_AFTER_MS = 5_000;

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
}

interface Finished {
  output: string;
  errors: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  endMs: number;
}

export async function runSysbench(request: SysbenchRunRequest, hooks: SysbenchRunHooks = {}): Promise<MeasuredRun> {
  if (hooks.signal?.aborted) throw new BenchmarkError('The benchmark was cancelled before it started.');
  const { installation, options } = request;
  const invocation = sysbenchInvocation(options, 'run', request.serverIsTiDB);
  const config = writePrivateConfigFile(invocation.configText);
  let finished: Finished;
  try {
    finished = await runProcess(installation.path, [`--config-file=${config.path}`, ...invocation.args], options, hooks);
  } finally {
    config.remove();
  }
  return measuredRun(request, finished, hooks);
}

function runProcess(path: string, args: string[], options: BenchOptions, hooks: SysbenchRunHooks): Promise<Finished> {
  return new Promise((resolve, reject) => {
    // no password in the environment either: sysbench gets it from the config file only
    const env = { ...process.env };
    delete env.MYSQL_PWD;
    const child = spawn(path, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
      output += chunk;
      for (const line of stdoutLines.push(chunk)) readLine(line);
    });
    child.stderr.on('data', (chunk: string) => {
      errors += chunk;
      for (const line of stderrLines.push(chunk)) if (line.trim() !== '') log(`sysbench: ${line.trim()}`);
    });
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      child.kill('SIGINT');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      killTimer.unref();
    };
    hooks.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('spawn', () => {
      if (child.pid !== undefined) hooks.onProcess?.(child.pid);
    });
    child.once('error', (error) => {
      hooks.signal?.removeEventListener('abort', onAbort);
      reject(new BenchmarkError(`sysbench could not be started (${path}): ${error.message}`));
    });
    child.once('close', (code, signal) => {
      hooks.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      for (const line of stdoutLines.end()) readLine(line);
      for (const line of stderrLines.end()) if (line.trim() !== '') log(`sysbench: ${line.trim()}`);
      reports.flush();
      resolve({ output, errors, code, signal, endMs: Date.now() });
    });
  });
}

function measuredRun(request: SysbenchRunRequest, finished: Finished, hooks: SysbenchRunHooks): MeasuredRun {
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
  if (message !== undefined) result.message = message;
  else delete result.message;
  if (hooks.labels) result.labels = hooks.labels;
  const details: RunDetails = summaryDetails(finished.output) ?? {
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
