// The command line of `tiup playground`, with the flags of TiUP's components/playground/main.go
// (v1.16): the version as the first argument (none: the latest release), --tag (a data folder
// under $TIUP_HOME/data that is kept after exit, and the name `tiup status` lists), --tiflash N
// (TiUP's default is 1), --without-monitor (no Prometheus, Grafana or NG-Monitoring).

export interface PlaygroundRequest {
  /** vX.Y.Z, nightly, a range; undefined: TiUP's latest release */
  version?: string;
  tag: string;
  tiflashNodes: number;
  /** start Prometheus and Grafana too */
  monitor: boolean;
}

export const DEFAULT_PLAYGROUND_TAG = 'tidb-lab';
export const MAX_TIFLASH_NODES = 2;

export function playgroundArguments(request: PlaygroundRequest): string[] {
  const problem = playgroundRequestProblem(request);
  if (problem) throw new Error(problem);
  const args = ['playground'];
  if (request.version?.trim()) args.push(request.version.trim());
  args.push('--tag', request.tag, '--tiflash', String(request.tiflashNodes));
  if (!request.monitor) args.push('--without-monitor');
  return args;
}

export function playgroundRequestProblem(request: PlaygroundRequest): string | undefined {
  if (!isPlaygroundTag(request.tag))
    return `The playground tag '${request.tag}' can only have letters, digits, '-', '_' and '.' (it names a folder under ~/.tiup/data).`;
  if (!Number.isInteger(request.tiflashNodes) || request.tiflashNodes < 0 || request.tiflashNodes > MAX_TIFLASH_NODES) {
    return `TiFlash nodes must be 0 to ${MAX_TIFLASH_NODES}; got ${request.tiflashNodes}.`;
  }
  if (request.version !== undefined && /\s|^-/.test(request.version.trim())) return `'${request.version}' is not a TiDB version.`;
  return undefined;
}

export function isPlaygroundTag(tag: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(tag) && tag !== '.' && tag !== '..';
}

/** The command as a user would type it, for logs and messages. */
export function playgroundCommandLine(args: string[]): string {
  return ['tiup', ...args].map((arg) => (/^[\w@%+=:,./^~-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`)).join(' ');
}
