// Playgrounds already running on this machine, started from a terminal or by an earlier window,
// found the way `tiup status` finds them (cmd/status.go) without running it (it also deletes the
// folders of interrupted starts): each $TIUP_HOME/data/<tag>/tiup_process_meta is a JSON
// localdata.Process {component, created_time, pid, exec, args, dir} written by pkg/exec/run.go
// when it starts a component; a playground writes the TiDB addresses to <dataDir>/dsn once it has
// started ("mysql://root@127.0.0.1:4000" per line, components/playground/main.go dumpDSN). The
// meta file stays after the process ends, so the pid is checked.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Endpoint } from './playgroundOutput';

export const PROCESS_META_FILE = 'tiup_process_meta';
export const DSN_FILE = 'dsn';

export interface RunningPlayground {
  tag: string;
  pid: number;
  /** the version argument it was started with; undefined: TiUP's latest */
  version?: string;
  /** TiDB endpoints from its dsn file; empty while it is still starting */
  tidbEndpoints: Endpoint[];
  dataDir: string;
  createdTime?: string;
  args: string[];
}

interface ProcessMeta {
  component?: unknown;
  pid?: unknown;
  args?: unknown;
  dir?: unknown;
  created_time?: unknown;
}

export interface PlaygroundScanOptions {
  /** whether a pid is a live playground; default: signal 0, and on Linux its command line names playground */
  isAlive?: (pid: number) => boolean;
}

export function findRunningPlaygrounds(tiupHome: string, options: PlaygroundScanOptions = {}): RunningPlayground[] {
  const isAlive = options.isAlive ?? isLivePlaygroundProcess;
  const dataRoot = join(tiupHome, 'data');
  let tags: string[];
  try {
    tags = readdirSync(dataRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  const found: RunningPlayground[] = [];
  for (const tag of tags) {
    const meta = readMeta(join(dataRoot, tag, PROCESS_META_FILE));
    if (!meta || meta.component !== 'playground' || typeof meta.pid !== 'number' || !isAlive(meta.pid)) continue;
    const args = Array.isArray(meta.args) ? meta.args.filter((arg): arg is string => typeof arg === 'string') : [];
    const dataDir = join(dataRoot, tag);
    found.push({
      tag,
      pid: meta.pid,
      version: versionArgument(args.slice(1)),
      tidbEndpoints: readDsnEndpoints(join(dataDir, DSN_FILE)),
      dataDir,
      createdTime: typeof meta.created_time === 'string' ? meta.created_time : undefined,
      args,
    });
  }
  return found;
}

export function parseDsnEndpoints(text: string): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^mysql:\/\/[^@\s]*@\[?([^\]\s]+?)\]?:(\d+)\s*$/.exec(line.trim());
    if (match) endpoints.push({ host: match[1], port: Number(match[2]) });
  }
  return endpoints;
}

/** The first argument that is neither a flag nor a flag's value: the version (main.go, RunE args[0]). */
export function versionArgument(args: string[]): string | undefined {
  const booleanFlags = new Set(['--without-monitor', '--monitor', '--perf', '--force-pull', '--tikv.columnar']);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('-')) {
      if (!arg.includes('=') && !booleanFlags.has(arg)) i++;
      continue;
    }
    return arg;
  }
  return undefined;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLivePlaygroundProcess(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    // A pid taken by another program since the playground ended must not count.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('playground');
  } catch {
    return true;
  }
}

function readMeta(path: string): ProcessMeta | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as ProcessMeta) : undefined;
  } catch {
    return undefined;
  }
}

function readDsnEndpoints(path: string): Endpoint[] {
  try {
    return parseDsnEndpoints(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
}
