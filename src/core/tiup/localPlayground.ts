// Starts `tiup playground` and follows it until TiDB answers. The process is detached, with its
// output going to a log file rather than a pipe, so that it can outlive the VS Code window when the
// user wants it to (a pipe would break when the window closes and take the playground with it).
// Ready means: the playground printed that it started and TiDB answers at the address it printed
// ("Connect TiDB: ... --host H --port P"; TiUP takes another port when 4000 is taken).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { followFile } from './fileFollower';
import { playgroundArguments, playgroundCommandLine, type PlaygroundRequest } from './playgroundArguments';
import { PlaygroundOutputReader, type Endpoint, type PlaygroundOutputEvent } from './playgroundOutput';
import { terminateProcess, type StopOptions } from './playgroundProcess';
import { tidbReadinessProbe, type ReadinessProbe } from './tidbReadiness';

export type PlaygroundFailureKind = 'spawnFailed' | 'exitedEarly' | 'tidbFailed' | 'timeout' | 'cancelled';

export class PlaygroundStartFailure extends Error {
  constructor(
    readonly kind: PlaygroundFailureKind,
    message: string,
    readonly logFile: string,
    readonly lastLines: string[],
  ) {
    super(message);
    this.name = 'PlaygroundStartFailure';
  }
}

export interface PlaygroundLaunch {
  tiupPath: string;
  request: PlaygroundRequest;
  /** where its output goes (truncated first) */
  logFile: string;
  env?: NodeJS.ProcessEnv;
  /** how long TiDB may take to answer, downloads included */
  readyTimeoutMs: number;
  pollIntervalMs?: number;
  probe?: ReadinessProbe;
  /** aborting stops the playground and fails with 'cancelled' */
  signal?: AbortSignal;
  /** every event of its output, and probe results while it is not ready yet */
  onEvent?: (event: PlaygroundOutputEvent) => void;
  onProbe?: (endpoint: Endpoint, result: { ready: boolean; reason?: string }) => void;
  stopOptions?: StopOptions;
}

export interface StartedPlayground {
  process: PlaygroundProcess;
  tag: string;
  endpoint: Endpoint;
  /** VERSION() as TiDB answered it */
  versionString: string;
  dashboardUrl?: string;
  grafanaUrl?: string;
  /** problems that did not stop the start (a TiFlash node that failed) */
  warnings: string[];
  commandLine: string;
  logFile: string;
}

/** The tiup process this window started; it may outlive the window. */
export class PlaygroundProcess {
  private exitCode: number | null | undefined;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    private readonly child: ChildProcess,
    readonly tag: string,
    readonly logFile: string,
  ) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        resolve({ code, signal });
      });
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get isRunning(): boolean {
    return this.exitCode === undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM (TiUP stops every instance), then SIGKILL of its process group after the grace period. */
  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.isRunning) return;
    await terminateProcess(this.pid, () => !this.isRunning, { ...options, processGroup: true });
    await this.exited;
  }
}

export async function startPlayground(launch: PlaygroundLaunch): Promise<StartedPlayground> {
  const args = playgroundArguments(launch.request);
  const commandLine = playgroundCommandLine(args);
  mkdirSync(dirname(launch.logFile), { recursive: true });
  const logFd = openSync(launch.logFile, 'w');
  const header = `$ ${commandLine}\n`;
  writeSync(logFd, header);
  let child: ChildProcess;
  try {
    child = spawn(launch.tiupPath, args, {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      // Without a terminal TiUP redraws its progress bars every 50 ms as new lines (pkg/tui/progress/progress.go).
      env: { ...(launch.env ?? process.env), TIUP_CLUSTER_PROGRESS_REFRESH_RATE: '1s' },
    });
  } finally {
    closeSync(logFd);
  }
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  child.unref();
  const playground = new PlaygroundProcess(child, launch.request.tag, launch.logFile);
  const reader = new PlaygroundOutputReader();
  const probe = launch.probe ?? tidbReadinessProbe();
  const warnings: string[] = [];
  let endpoint: Endpoint | undefined;
  let printedEndpoint = false;
  let started = false;
  let dashboardUrl: string | undefined;
  let grafanaUrl: string | undefined;
  let lastError: string | undefined;
  let tidbFailure: string | undefined;

  const handle = (events: PlaygroundOutputEvent[]) => {
    for (const event of events) {
      switch (event.kind) {
        case 'tidbWaiting':
          if (!printedEndpoint) endpoint = event.endpoint;
          break;
        case 'tidbEndpoint':
          if (!printedEndpoint) endpoint = event.endpoint;
          printedEndpoint = true;
          break;
        case 'started':
          started = true;
          break;
        case 'dashboard':
          dashboardUrl = event.url;
          break;
        case 'grafana':
          grafanaUrl = event.url;
          break;
        case 'error':
          lastError = event.message;
          break;
        case 'instanceFailed':
          if (event.component === 'TiDB')
            tidbFailure ??= `TiDB at ${event.address} did not start${event.detail ? `: ${event.detail}` : ''}.`;
          else warnings.push(`${event.component} at ${event.address} did not start${event.detail ? `: ${event.detail}` : ''}.`);
          break;
        case 'instanceQuit':
          if (/^tidb-/.test(event.instance) && !started) tidbFailure ??= `TiDB (${event.instance}) quit: ${event.detail}.`;
          break;
        default:
          break;
      }
      launch.onEvent?.(event);
    }
  };
  const follower = followFile(launch.logFile, (text) => handle(reader.push(text)), 250, Buffer.byteLength(header));

  const fail = async (kind: PlaygroundFailureKind, message: string, stop: boolean): Promise<never> => {
    if (stop) await playground.stop(launch.stopOptions);
    follower.stop();
    handle(reader.finish());
    throw new PlaygroundStartFailure(kind, message, launch.logFile, reader.lastLines());
  };

  const deadline = Date.now() + launch.readyTimeoutMs;
  const pollMs = launch.pollIntervalMs ?? 1000;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let spawnFailed: Error | undefined;
  void playground.exited.then((value) => {
    exit = value;
  });
  void spawnError.then((error) => {
    spawnFailed = error;
  });
  let lastProbeReason: string | undefined;

  for (;;) {
    follower.readNow();
    if (spawnFailed) return fail('spawnFailed', `TiUP could not be started (${launch.tiupPath}): ${spawnFailed.message}`, false);
    if (launch.signal?.aborted) return fail('cancelled', 'The start was cancelled; the playground was stopped.', true);
    if (exit) {
      follower.stop();
      handle(reader.finish());
      const how = exit.code !== null ? `exit code ${exit.code}` : `signal ${exit.signal ?? '?'}`;
      return fail('exitedEarly', `tiup playground ended before TiDB answered (${how})${lastError ? `: ${lastError}` : '.'}`, false);
    }
    if (tidbFailure) return fail('tidbFailed', tidbFailure, true);
    if (endpoint) {
      const result = await probe(endpoint);
      launch.onProbe?.(endpoint, result);
      if (result.ready && started) {
        follower.stop();
        handle(reader.finish());
        return {
          process: playground,
          tag: launch.request.tag,
          endpoint,
          versionString: result.version,
          dashboardUrl,
          grafanaUrl,
          warnings,
          commandLine,
          logFile: launch.logFile,
        };
      }
      lastProbeReason = result.ready ? undefined : result.reason;
    }
    if (Date.now() >= deadline) {
      const seconds = Math.round(launch.readyTimeoutMs / 1000);
      const why = !endpoint
        ? 'it never said where TiDB listens'
        : lastProbeReason
          ? `TiDB at ${endpoint.host}:${endpoint.port} did not answer (${lastProbeReason})`
          : 'it never said it had started';
      return fail('timeout', `TiDB was not ready within ${seconds} s: ${why}. The playground was stopped.`, true);
    }
    await waitOrAbort(pollMs, launch.signal, playground.exited);
  }
}

function waitOrAbort(ms: number, signal: AbortSignal | undefined, exited: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
    void exited.then(done);
  });
}
