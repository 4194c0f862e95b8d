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
  words: GoTpcChoiceWords = CLI_WORDS,
): Promise<GoTpcEngineChoice> {
  if (setting !== 'go-tpc') return { engine: 'builtin' };
  const lookup = await find(goTpcPath);
  if (!lookup.found)
    throw new EngineError(
      `${words.askedFor}, but ${lookup.reason}. Install go-tpc (github.com/pingcap/go-tpc), set its path (${words.path}), or ${words.builtin}.`,
    );
  return { engine: 'go-tpc', installation: lookup.installation };
}

/** How the error names what asked for go-tpc and where its path is set: the CLI's options, or the editor's settings. */
export interface GoTpcChoiceWords {
  askedFor: string;
  path: string;
  builtin: string;
}

const CLI_WORDS: GoTpcChoiceWords = {
  askedFor: 'The go-tpc engine was asked for',
  path: '--go-tpc=PATH, or the setting tidbLab.benchmarks.goTpcPath',
  builtin: 'use the built-in engine',
};

export const SETTINGS_WORDS: GoTpcChoiceWords = {
  askedFor: "The setting tidbLab.benchmarks.engine asks for go-tpc ('go-tpc')",
  path: 'the setting tidbLab.benchmarks.goTpcPath',
  builtin: "set tidbLab.benchmarks.engine to 'auto' or 'builtin' for the built-in engine",
};

/** A line for people: which engine runs. */
export function goTpcEngineText(choice: GoTpcEngineChoice): string {
  return choice.engine === 'go-tpc' ? `Engine: go-tpc ${choice.installation.version} (${choice.installation.path})` : 'Engine: built-in';
}
