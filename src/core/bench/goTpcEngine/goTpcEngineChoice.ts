// Which engine runs TPC-C and CH: TiDB Lab's own (built-in) or the installed go-tpc. 'auto' is the
// built-in engine (it measures the client's own load, keeps HDR latencies for merging, runs on
// several hosts); 'go-tpc' always takes go-tpc and fails with the reason when it is not found.
import { EngineError } from '../benchEngine';
import { findGoTpc, type GoTpcInstallation, type GoTpcLookup } from './findGoTpc';

export const GO_TPC_ENGINE_SETTINGS = ['auto', 'builtin', 'go-tpc'] as const;
export type GoTpcEngineSetting = (typeof GO_TPC_ENGINE_SETTINGS)[number];

export type GoTpcEngineChoice = { engine: 'builtin' } | { engine: 'go-tpc'; installation: GoTpcInstallation };

export function isGoTpcEngineSetting(value: unknown): value is GoTpcEngineSetting {
  return typeof value === 'string' && (GO_TPC_ENGINE_SETTINGS as readonly string[]).includes(value);
}

/** The engine for one TPC-C or CH run; throws EngineError when go-tpc is asked for and not found. */
export async function chooseGoTpcEngine(
  setting: GoTpcEngineSetting,
  goTpcPath: string | undefined,
  find: (path: string | undefined) => Promise<GoTpcLookup> = findGoTpc,
): Promise<GoTpcEngineChoice> {
  if (setting !== 'go-tpc') return { engine: 'builtin' };
  const lookup = await find(goTpcPath);
  if (!lookup.found)
    throw new EngineError(
      `The go-tpc engine was asked for, but ${lookup.reason}. Install go-tpc (github.com/pingcap/go-tpc), set its path (--go-tpc=PATH, or the setting tidbLab.benchmarks.goTpcPath), or use the built-in engine.`,
    );
  return { engine: 'go-tpc', installation: lookup.installation };
}

/** A line for people: which engine runs. */
export function goTpcEngineText(choice: GoTpcEngineChoice): string {
  return choice.engine === 'go-tpc' ? `Engine: go-tpc ${choice.installation.version} (${choice.installation.path})` : 'Engine: built-in';
}
