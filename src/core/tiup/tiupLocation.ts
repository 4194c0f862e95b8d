// Where the `tiup` executable is: the path the user configured, else the first one on the PATH,
// else TiUP's own install folder (~/.tiup/bin, where its installer puts it and which a shell
// started before the install, or VS Code started from a desktop launcher, may not have on its PATH).
import { accessSync, constants, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';

export type TiupSource = 'setting' | 'path' | 'tiupHome';

export interface TiupLocation {
  path: string;
  source: TiupSource;
}

export interface TiupSearch {
  /** the tidbLab.tiup.path setting; empty means "find it" */
  configuredPath?: string;
  /** the PATH to search; defaults to process.env.PATH */
  pathVariable?: string;
  /** the home folder (~); defaults to os.homedir() */
  home?: string;
  platform?: NodeJS.Platform;
}

export type TiupSearchResult =
  { found: true; location: TiupLocation } | { found: false; configuredPathProblem?: string; searched: string[] };

export function findTiup(search: TiupSearch = {}): TiupSearchResult {
  const platform = search.platform ?? process.platform;
  const home = search.home ?? homedir();
  const configured = search.configuredPath?.trim();
  if (configured) {
    const path = configured.startsWith('~/') ? join(home, configured.slice(2)) : configured;
    if (!isAbsolute(path))
      return {
        found: false,
        configuredPathProblem: `tidbLab.tiup.path must be an absolute path; it is '${configured}'.`,
        searched: [path],
      };
    if (isExecutableFile(path, platform)) return { found: true, location: { path, source: 'setting' } };
    return {
      found: false,
      configuredPathProblem: `tidbLab.tiup.path is '${configured}', which is not an executable file.`,
      searched: [path],
    };
  }
  const names = platform === 'win32' ? ['tiup.exe', 'tiup.cmd', 'tiup'] : ['tiup'];
  const searched: string[] = [];
  const folders = (search.pathVariable ?? process.env.PATH ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean);
  for (const folder of folders) {
    for (const name of names) {
      const candidate = join(folder, name);
      searched.push(candidate);
      if (isExecutableFile(candidate, platform)) return { found: true, location: { path: candidate, source: 'path' } };
    }
  }
  for (const name of names) {
    const candidate = join(home, '.tiup', 'bin', name);
    searched.push(candidate);
    if (isExecutableFile(candidate, platform)) return { found: true, location: { path: candidate, source: 'tiupHome' } };
  }
  return { found: false, searched };
}

/** TiUP keeps its components and the playgrounds' data under $TIUP_HOME, ~/.tiup by default. */
export function tiupHome(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const configured = env.TIUP_HOME?.trim();
  return configured ? configured : join(home, '.tiup');
}

function isExecutableFile(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
