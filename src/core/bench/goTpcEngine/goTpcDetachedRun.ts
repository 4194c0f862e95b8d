// The editor's TPC-C and CH-benCHmark runs (a detached run, src/core/bench/detached) with the engine
// the settings ask for: tidbLab.benchmarks.engine read as the CLI's --engine (goTpcEngineSetting:
// 'go-tpc' is go-tpc, 'builtin' and 'auto' the built-in engine; 'sysbench' is for sysbench runs, so
// the built-in engine here) and tidbLab.benchmarks.goTpcPath as --go-tpc. With go-tpc the run's
// options go to it under its own names (goTpcInvocation.ts) and runGoTpc does the rest (the
// credential relay, [Current] blocks as intervals, the importer's result, SIGINT and KILL on cancel).
import { BenchmarkError } from '../runBenchmark';
import type { ConnectionOptionValues } from '../benchOptions';
import type { ResultInterval, RunResult } from '../../results/benchmarkResult';
import type { ChRunConfig } from '../ch/runCh';
import type { TpccRunConfig } from '../tpcc/runTpcc';
import { chooseGoTpcEngine, goTpcEngineText, isGoTpcEngineSetting, SETTINGS_WORDS, type GoTpcEngineSetting } from './goTpcEngineChoice';
import type { GoTpcLookup } from './findGoTpc';
import type { GoTpcRunOptions } from './goTpcInvocation';
import { runGoTpc } from './runGoTpc';

/** A CH run as a detached run keeps it (runEvents.ts's DetachedChRun: the connection is the spec's). */
type DetachedChRun = Omit<ChRunConfig, 'tpcc'> & { tpcc: Omit<TpccRunConfig, 'connection'> };

/** What a detached TPC-C or CH run keeps of the settings. */
export interface GoTpcEngineConfig {
  engine: GoTpcEngineSetting;
  /** tidbLab.benchmarks.goTpcPath; absent: go-tpc on PATH */
  goTpcPath?: string;
}

/** tidbLab.benchmarks.engine for a TPC-C or CH run: 'go-tpc' and 'builtin' as they are, anything else ('auto', 'sysbench') 'auto'. */
export function goTpcEngineSettingOf(value: unknown): GoTpcEngineSetting {
  return isGoTpcEngineSetting(value) ? value : 'auto';
}

/** The settings as a detached TPC-C or CH run keeps them (an empty path: go-tpc on PATH). */
export function goTpcEngineConfigOf(engine: unknown, goTpcPath: unknown): GoTpcEngineConfig {
  const path = typeof goTpcPath === 'string' ? goTpcPath.trim() : '';
  return { engine: goTpcEngineSettingOf(engine), ...(path !== '' ? { goTpcPath: path } : {}) };
}

function refuseSessionStatements(statements: readonly string[] | undefined): void {
  if (statements !== undefined && statements.length > 0)
    throw new BenchmarkError('The go-tpc engine cannot run session statements on its connections; use the built-in engine for them.');
}

/** A TPC-C run's options under go-tpc's names. */
export function goTpcOptionsOfTpcc(run: Omit<TpccRunConfig, 'connection'>): GoTpcRunOptions {
  refuseSessionStatements(run.sessionStatements);
  return {
    workload: 'tpcc',
    warehouses: run.warehouses,
    threads: run.threads,
    timeSec: run.timeSec,
    count: run.count,
    intervalSec: run.intervalSec,
    ignoreError: run.ignoreError,
    isolation: run.isolation,
    weights: run.weights,
    parts: 1,
  };
}

/** A CH-benCHmark run's options under go-tpc's names; its AP threads connect where TPC-C's do. */
export function goTpcOptionsOfCh(run: DetachedChRun): GoTpcRunOptions {
  if ((run.apHosts?.length ?? 0) > 0 || (run.apPorts?.length ?? 0) > 0)
    throw new BenchmarkError('The go-tpc engine runs the analytical queries where TPC-C runs; use the built-in engine for other AP hosts.');
  return {
    ...goTpcOptionsOfTpcc(run.tpcc),
    workload: 'ch',
    acThreads: run.acThreads,
    queries: run.queries,
    ...(run.apConnParams ? { apConnParams: run.apConnParams } : {}),
    ...(run.useExplain ? { useExplain: true } : {}),
  };
}

export interface DetachedGoTpcHooks {
  signal: AbortSignal;
  /** the engine that runs, in words ("Engine: go-tpc 1.0.12 (/path)"), once chosen */
  onEngine: (text: string) => void;
  onInterval: (interval: ResultInterval) => void;
  onLog: (message: string) => void;
}

export type DetachedGoTpcSpec = { kind: 'tpcc'; run: Omit<TpccRunConfig, 'connection'> } | { kind: 'ch'; run: DetachedChRun };

/**
 * Runs the spec with go-tpc when its engine setting takes go-tpc and returns the result; undefined
 * when the built-in engine is to run it. Throws (an EngineError naming the settings) when go-tpc is
 * asked for and not found.
 */
export async function runDetachedWithGoTpc(
  spec: DetachedGoTpcSpec,
  engine: GoTpcEngineConfig | undefined,
  connection: ConnectionOptionValues,
  hooks: DetachedGoTpcHooks,
  find?: (path: string | undefined) => Promise<GoTpcLookup>,
): Promise<RunResult | undefined> {
  const choice = await chooseGoTpcEngine(engine?.engine ?? 'auto', engine?.goTpcPath, find, SETTINGS_WORDS);
  hooks.onEngine(goTpcEngineText(choice));
  if (choice.engine === 'builtin') return undefined;
  const options = spec.kind === 'tpcc' ? goTpcOptionsOfTpcc(spec.run) : goTpcOptionsOfCh(spec.run);
  const { result } = await runGoTpc(
    { installation: choice.installation, options, connection },
    { signal: hooks.signal, onInterval: hooks.onInterval, onLog: hooks.onLog },
  );
  return result;
}
