// Reads what `tiup playground` prints while it starts, line by line, into progress steps and the
// facts TiDB Lab needs (where TiDB listens, the dashboard, whether it failed). The texts come from
// TiUP v1.16's source:
//   pkg/exec/run.go                    "Starting component playground: <binary> <args>",
//                                      "The component `tidb` version v8.5.1 is not installed; downloading from repository."
//   pkg/repository/progress.go         "download <url> 12.00 MiB / 88.73 MiB" (pb bars, redrawn with \r)
//   components/playground/instance/instance.go  "Start pd instance: v8.5.1"
//   components/playground/playground.go  "- TiDB: 127.0.0.1:4000 ... Done" (progress bars; "... Error" when it
//                                      never answered), "tidb-0 quit: exit status 1", "🎉 TiDB Playground
//                                      Cluster is started, enjoy!", "Connect TiDB:    mysql --comments --host
//                                      127.0.0.1 --port 4000 -u root", "TiDB Dashboard:  http://127.0.0.1:2379/dashboard",
//                                      "Grafana:         http://127.0.0.1:3000"
//   components/playground/main.go      "Error: Playground bootstrapping failed: ..." (then exit code 1)
// A terminal gets colours, cursor moves and a window title (ESC ] 0; ... BEL); they are removed first.

export interface Endpoint {
  host: string;
  port: number;
}

export type PlaygroundOutputEvent =
  | { kind: 'step'; message: string }
  | { kind: 'tidbWaiting'; endpoint: Endpoint }
  | { kind: 'instanceUp'; component: string; address: string }
  | { kind: 'instanceFailed'; component: string; address: string; detail: string }
  | { kind: 'instanceQuit'; instance: string; detail: string }
  | { kind: 'started' }
  | { kind: 'tidbEndpoint'; endpoint: Endpoint }
  | { kind: 'dashboard'; url: string }
  | { kind: 'grafana'; url: string }
  | { kind: 'error'; message: string };

// eslint-disable-next-line no-control-regex -- matching terminal escape codes is the point
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;
const COMPONENT_NAMES: Record<string, string> = {
  pd: 'PD',
  tikv: 'TiKV',
  tidb: 'TiDB',
  tiflash: 'TiFlash',
  tiproxy: 'TiProxy',
  ticdc: 'TiCDC',
  prometheus: 'Prometheus',
  grafana: 'Grafana',
};

export function stripTerminalCodes(text: string): string {
  return text.replace(ANSI, '');
}

/** Feed it output as it comes; it hands back the events of every complete line. */
export class PlaygroundOutputReader {
  private pending = '';
  private readonly recent: string[] = [];

  push(chunk: string): PlaygroundOutputEvent[] {
    this.pending += chunk;
    const events: PlaygroundOutputEvent[] = [];
    let end: number;
    while ((end = this.pending.search(/[\r\n]/)) >= 0) {
      const line = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 1);
      events.push(...this.readLine(line));
    }
    return events;
  }

  /** The rest, when the output ended without a newline. */
  finish(): PlaygroundOutputEvent[] {
    const rest = this.pending;
    this.pending = '';
    return rest ? this.readLine(rest) : [];
  }

  /** The last non-empty lines read, without terminal codes (for error messages). */
  lastLines(count = 10): string[] {
    return this.recent.slice(-count);
  }

  private readLine(raw: string): PlaygroundOutputEvent[] {
    const line = stripTerminalCodes(raw).trim();
    if (!line) return [];
    if (this.recent[this.recent.length - 1] !== line) {
      this.recent.push(line);
      if (this.recent.length > 50) this.recent.shift();
    }
    return readPlaygroundLine(line);
  }
}

/** The events of one line (without terminal codes). */
export function readPlaygroundLine(line: string): PlaygroundOutputEvent[] {
  let match: RegExpExecArray | null;
  if ((match = /^Starting component\s+`?playground`?:/.exec(line))) return [{ kind: 'step', message: 'Starting TiUP playground' }];
  if ((match = /^The component `([^`]+)` version (\S*) is not installed; downloading/.exec(line))) {
    return [{ kind: 'step', message: `Downloading ${match[1]} ${match[2]}`.trim() }];
  }
  if ((match = /^download\s+(\S+)\s+(.+?\/\s*.+?)(?:\s+\d+(?:\.\d+)?%.*)?$/.exec(line))) {
    return [{ kind: 'step', message: `Downloading ${lastPathPart(match[1])}: ${match[2].trim()}` }];
  }
  if ((match = /^Start (\S+) instance:\s*(\S*)/.exec(line))) {
    return [{ kind: 'step', message: `Starting ${componentName(match[1])} ${match[2]}`.trim() }];
  }
  if ((match = /^- ([A-Za-z][\w ()-]*?):\s+(\S+)\s+\.\.\.\s*(.*)$/.exec(line)))
    return instanceProgress(match[1], match[2], match[3].trim());
  if (/TiDB Playground Cluster is started/.test(line)) return [{ kind: 'started' }, { kind: 'step', message: 'The playground is started' }];
  if ((match = /^Connect TiDB:\s+.*--host\s+(\S+)\s+--port\s+(\d+)/.exec(line))) {
    return [{ kind: 'tidbEndpoint', endpoint: { host: match[1], port: Number(match[2]) } }];
  }
  if ((match = /^TiDB Dashboard:\s+(\S+)/.exec(line))) return [{ kind: 'dashboard', url: match[1] }];
  if ((match = /^Grafana:\s+(\S+)/.exec(line))) return [{ kind: 'grafana', url: match[1] }];
  if ((match = /^([a-z][\w-]*-\d+) quit: (.+)$/.exec(line))) return [{ kind: 'instanceQuit', instance: match[1], detail: match[2] }];
  if ((match = /^(TiFlash \S+) failed to start: (.+)$/.exec(line)))
    return [{ kind: 'instanceFailed', component: 'TiFlash', address: match[1].slice(8), detail: match[2] }];
  if ((match = /^Error:\s*(.+)$/.exec(line))) return [{ kind: 'error', message: match[1] }];
  return [];
}

function instanceProgress(component: string, address: string, tail: string): PlaygroundOutputEvent[] {
  const endpoint = parseAddress(address);
  if (/^Done\b/.test(tail))
    return [
      { kind: 'instanceUp', component, address },
      { kind: 'step', message: `${component} ${address} is up` },
    ];
  if (/^Error\b/.test(tail)) return [{ kind: 'instanceFailed', component, address, detail: tail.replace(/^Error:?\s*/, '') }];
  const waiting: PlaygroundOutputEvent[] = [{ kind: 'step', message: `Waiting for ${component} ${address}` }];
  if (component === 'TiDB' && endpoint) waiting.unshift({ kind: 'tidbWaiting', endpoint });
  return waiting;
}

function parseAddress(address: string): Endpoint | undefined {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(address);
  return match ? { host: match[1], port: Number(match[2]) } : undefined;
}

function componentName(id: string): string {
  return COMPONENT_NAMES[id] ?? id;
}

function lastPathPart(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1) || url;
}
