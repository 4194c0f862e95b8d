// Where go-tpc is: the configured path (setting tidbLab.benchmarks.goTpcPath, the CLI's --go-tpc;
// a file, or a name looked up on PATH) or `go-tpc` on PATH, and which release it is (`go-tpc
// version` prints "Release version: v1.0.12").
import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export interface GoTpcInstallation {
  path: string;
  /** e.g. "1.0.12"; "unknown" for a build that does not say */
  version: string;
}

export type GoTpcLookup = { found: true; installation: GoTpcInstallation } | { found: false; reason: string };

const VERSION_TIMEOUT_MS = 15_000;

/** "Release version: v1.0.12" -> "1.0.12"; null when the output names no release. */
export function parseGoTpcVersion(output: string): string | null {
  const match = /^Release version:\s*v?(\d+\.\d+(?:\.\d+)?[\w.+-]*)/m.exec(output);
  return match ? match[1] : null;
}

export async function findGoTpc(configuredPath: string | undefined, envPath: string | undefined = process.env.PATH): Promise<GoTpcLookup> {
  const configured = configuredPath?.trim() ?? '';
  const wanted = configured !== '' ? configured : 'go-tpc';
  const path = wanted.includes('/') ? wanted : await searchPath(wanted, envPath ?? '');
  if (path === undefined)
    return { found: false, reason: configured !== '' ? `'${wanted}' is not on PATH` : 'go-tpc is not installed (not on PATH)' };
  if (!(await isExecutableFile(path))) return { found: false, reason: `${path} is not an executable file` };
  let output: string;
  try {
    output = await runVersion(path);
  } catch (error) {
    return { found: false, reason: `${path} version failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!/Release version:|Git Commit Hash:/.test(output))
    return { found: false, reason: `${path} version did not say it is go-tpc ('${output.trim().slice(0, 60)}')` };
  return { found: true, installation: { path, version: parseGoTpcVersion(output) ?? 'unknown' } };
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
    execFile(path, ['version'], { timeout: VERSION_TIMEOUT_MS, env: {} }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}
