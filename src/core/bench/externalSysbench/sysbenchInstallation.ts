// Where sysbench is: the configured path (a file, or a name looked up on PATH) or `sysbench` on
// PATH, and whether it is 1.0.x, the version whose options and output TiDB Lab follows.
import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export interface SysbenchInstallation {
  path: string;
  /** e.g. "1.0.20" */
  version: string;
}

export type SysbenchLookup = { found: true; installation: SysbenchInstallation } | { found: false; reason: string };

const VERSION_TIMEOUT_MS = 15_000;

/** "sysbench 1.0.20" (or "sysbench 1.0.20-abcdef") -> "1.0.20"; null for anything else. */
export function parseSysbenchVersion(output: string): string | null {
  const match = /^sysbench\s+v?(\d+\.\d+(?:\.\d+)?)[\w.+-]*/m.exec(output.trim());
  return match ? match[1] : null;
}

export function isSupportedSysbenchVersion(version: string): boolean {
  return /^1\.0(\.|$)/.test(version);
}

export async function findSysbench(
  configuredPath: string | undefined,
  envPath: string | undefined = process.env.PATH,
): Promise<SysbenchLookup> {
  const wanted = configuredPath?.trim() ? configuredPath.trim() : 'sysbench';
  const path = wanted.includes('/') ? wanted : await searchPath(wanted, envPath ?? '');
  if (path === undefined) {
    return { found: false, reason: configuredPath?.trim() ? `'${wanted}' is not on PATH` : 'sysbench is not installed (not on PATH)' };
  }
  if (!(await isExecutableFile(path))) return { found: false, reason: `${path} is not an executable file` };
  let output: string;
  try {
    output = await runVersion(path);
  } catch (error) {
    return { found: false, reason: `${path} --version failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const version = parseSysbenchVersion(output);
  if (version === null)
    return { found: false, reason: `${path} --version did not say which sysbench it is ('${output.trim().slice(0, 60)}')` };
  if (!isSupportedSysbenchVersion(version)) {
    return {
      found: false,
      reason: `${path} is sysbench ${version}; only sysbench 1.0.x is used (its options and report are the ones TiDB Lab follows)`,
    };
  }
  return { found: true, installation: { path, version } };
}

async function searchPath(name: string, envPath: string): Promise<string | undefined> {
  for (const directory of envPath.split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function runVersion(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(path, ['--version'], { timeout: VERSION_TIMEOUT_MS, env: {} }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}
