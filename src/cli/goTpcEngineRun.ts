// `tidb-lab bench tpcc|ch ... --engine=go-tpc run`: the installed go-tpc makes the load (through
// the credential relay), its lines are printed as it prints them, and the result (--out, --json)
// is what the go-tpc log importer reads from them. Exit codes as the built-in runs: 0, 1 when the
// run failed, the signal's when it was interrupted.
import type { GoTpcInstallation } from '../core/bench/goTpcEngine/findGoTpc';
import type { GoTpcRunOptions } from '../core/bench/goTpcEngine/goTpcInvocation';
import { runGoTpc } from '../core/bench/goTpcEngine/runGoTpc';
import type { ConnectionOptionValues } from '../core/bench/benchOptions';
import { resultToJson } from '../core/results/exportJson';
import type { Interruption } from './goTpcInterrupt';
import type { RawsqlCommandIo } from './rawsqlCommand';

export interface GoTpcCliRun {
  installation: GoTpcInstallation;
  options: GoTpcRunOptions;
  connection: ConnectionOptionValues;
  json: boolean;
  out?: string;
  /** writes the result to a --out claimed beforehand (instead of `out`) */
  writeOut?: (json: string) => void;
}

export async function goTpcEngineRun(
  run: GoTpcCliRun,
  io: Pick<RawsqlCommandIo, 'stdout' | 'stderr' | 'writeFile'>,
  interruption: Interruption,
): Promise<number> {
  const say = (line: string) => (run.json ? io.stderr : io.stdout)(`${line}\n`);
  say(`Engine: go-tpc ${run.installation.version} (${run.installation.path})`);
  const { result } = await runGoTpc(
    { installation: run.installation, options: run.options, connection: run.connection },
    {
      signal: interruption.signal,
      onLine: (line) => {
        if (!run.json) io.stdout(`${line}\n`);
      },
      onLog: (message) => io.stderr(`${message}\n`),
    },
  );
  if (run.writeOut !== undefined) run.writeOut(resultToJson(result));
  else if (run.out !== undefined) io.writeFile(run.out, resultToJson(result));
  if (run.json) io.stdout(resultToJson(result));
  if (result.status === 'failed') {
    io.stderr(`FATAL: ${result.message ?? 'the run failed'}\n`);
    return 1;
  }
  if (result.status === 'cancelled') return interruption.exitCode();
  return 0;
}
