// Runs a short tiup command (`tiup list tidb`) to its end, with a time limit.
import { execFile } from 'node:child_process';
import { parseTiDBVersionList, type TiDBVersionList } from './tidbVersionList';

export interface TiupCommandResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** why it failed: the exit code and the last line it printed, or the time limit */
  problem?: string;
}

export function runTiupCommand(
  tiupPath: string,
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<TiupCommandResult> {
  return new Promise((resolve) => {
    execFile(
      tiupPath,
      args,
      { timeout: options.timeoutMs ?? 30_000, env: options.env ?? process.env, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ ok: true, stdout, stderr });
          return;
        }
        const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
        const lastLine = `${stderr}\n${stdout}`
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .pop();
        const problem = failure.killed
          ? `tiup ${args.join(' ')} did not finish within ${Math.round((options.timeoutMs ?? 30_000) / 1000)} s`
          : `tiup ${args.join(' ')} failed (${typeof failure.code === 'number' ? `exit code ${failure.code}` : (failure.code ?? failure.message)})${lastLine ? `: ${lastLine}` : ''}`;
        resolve({ ok: false, stdout, stderr, problem });
      },
    );
  });
}

export interface TiDBVersionsResult {
  list: TiDBVersionList;
  /** the online list failed (no internet): the list holds the installed versions only */
  onlineProblem?: string;
}

/** The versions TiUP knows: online (`tiup list tidb`), else the ones already downloaded (`--installed`). */
export async function listTiDBVersions(
  tiupPath: string,
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<TiDBVersionsResult> {
  const online = await runTiupCommand(tiupPath, ['list', 'tidb'], options);
  if (online.ok) return { list: parseTiDBVersionList(online.stdout) };
  const installed = await runTiupCommand(tiupPath, ['list', 'tidb', '--installed'], {
    ...options,
    timeoutMs: Math.min(options.timeoutMs ?? 30_000, 15_000),
  });
  return {
    list: installed.ok ? parseTiDBVersionList(installed.stdout) : { releases: [], installed: [] },
    onlineProblem: online.problem,
  };
}
