// Which engine makes the load: TiDB Lab's own (built-in) or the installed sysbench 1.0.x. 'auto'
// takes sysbench when it is found and can run the options as asked, the built-in engine otherwise,
// and says why; 'sysbench' fails with the reason instead of falling back. Every run of the CLI, the
// extension and experiments goes through runMeasuredWithEngine.
import type { BenchEngineName } from '../results/benchmarkResult';
import { openAdminSession } from './adminSession';
import type { BenchOptions } from './benchOptions';
import { RunEvidence } from '../server/runEvidence';
import { notTiDBRegions, RunRegions } from '../server/runRegions';
import { runMeasured, type MeasuredRun, type RunHooks } from './runBenchmark';
import { serverInfoOf } from './serverInfo';
import { findSysbench, type SysbenchInstallation, type SysbenchLookup } from './externalSysbench/sysbenchInstallation';
import { runSysbench } from './externalSysbench/runSysbench';
import { sysbenchLimitations } from './externalSysbench/sysbenchSupport';
import { writtenTables } from './sysbench/writtenTables';

export const ENGINE_SETTINGS = ['auto', 'builtin', 'sysbench'] as const;
export type EngineSetting = (typeof ENGINE_SETTINGS)[number];

export interface EngineConfig {
  engine: EngineSetting;
  /** where sysbench is (a path, or a name looked up on PATH); default: `sysbench` on PATH */
  sysbenchPath?: string;
}

export interface EngineChoice {
  engine: BenchEngineName;
  /** set when sysbench runs */
  installation?: SysbenchInstallation;
  /** why auto took the built-in engine */
  reason?: string;
}

export class EngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineError';
  }
}

export function isEngineSetting(value: unknown): value is EngineSetting {
  return typeof value === 'string' && (ENGINE_SETTINGS as readonly string[]).includes(value);
}

/** Looks for sysbench unless the built-in engine is asked for. */
export async function lookUpEngine(config: EngineConfig): Promise<SysbenchLookup> {
  if (config.engine === 'builtin') return { found: false, reason: 'the built-in engine was asked for' };
  return findSysbench(config.sysbenchPath);
}

/** The engine for one run; throws EngineError when sysbench is asked for and cannot run it. */
export function chooseEngine(
  setting: EngineSetting,
  lookup: SysbenchLookup,
  options: BenchOptions,
  sessionStatements: readonly string[] = [],
): EngineChoice {
  if (setting === 'builtin') return { engine: 'builtin' };
  if (!lookup.found) {
    if (setting === 'sysbench')
      throw new EngineError(
        `The sysbench engine was asked for, but ${lookup.reason}. Install sysbench 1.0 (apt-get install sysbench), set its path, or use the built-in engine.`,
      );
    return { engine: 'builtin', reason: `sysbench not used: ${lookup.reason}` };
  }
  const limitations = sysbenchLimitations(options, { sessionStatements });
  if (limitations.length > 0) {
    const list = limitations.join('; ');
    if (setting === 'sysbench')
      throw new EngineError(
        `sysbench ${lookup.installation.version} cannot run this benchmark as asked: ${list}. Use the built-in engine (or auto) for it.`,
      );
    return { engine: 'builtin', reason: `sysbench ${lookup.installation.version} cannot run this as asked (${list})` };
  }
  return { engine: 'sysbench', installation: lookup.installation };
}

export interface EngineRunHooks extends RunHooks {
  /** the engine chosen, before the run starts */
  onEngine?: (choice: EngineChoice) => void;
  /** the sysbench process, when sysbench runs */
  onSysbenchProcess?: (pid: number) => void;
}

/** One run with the engine `config` picks; `lookup` may be passed to look for sysbench only once (experiments). */
export async function runMeasuredWithEngine(
  options: BenchOptions,
  hooks: EngineRunHooks,
  config: EngineConfig,
  lookup?: SysbenchLookup,
): Promise<MeasuredRun> {
  const found = lookup ?? (await lookUpEngine(config));
  const choice = chooseEngine(config.engine, found, options, hooks.sessionStatements ?? []);
  hooks.onEngine?.(choice);
  const admin = hooks.admin ?? (await openAdminSession(options.connection, hooks.onSql));
  try {
    const evidence = await RunEvidence.start(admin, admin.identity.flavor, {
      database: options.connection.database,
      preparedStatements: options.driver.psMode === 'auto',
    });
    const regions = await RunRegions.start(admin, admin.identity.flavor, {
      database: options.connection.database,
      tables: writtenTables(options),
    });
    let measured: MeasuredRun;
    if (choice.engine === 'builtin' || choice.installation === undefined) {
      measured = await runMeasured(options, {
        ...hooks,
        admin,
        beforeConnectionsClose: evidence.wantsPreparedStatements ? () => evidence.beforeConnectionsClose() : undefined,
      });
      if (choice.reason !== undefined) measured.result.source.engineNote = choice.reason;
    } else {
      measured = await runSysbench(
        {
          installation: choice.installation,
          options,
          serverIsTiDB: admin.identity.flavor === 'tidb',
          server: serverInfoOf(admin.identity, options),
          admin,
        },
        {
          signal: hooks.signal,
          onInterval: hooks.onInterval,
          onThreadsStarted: hooks.onThreadsStarted,
          onLog: hooks.onLog,
          labels: hooks.labels,
          onProcess: hooks.onSysbenchProcess,
        },
      );
    }
    const activity = await evidence.finish();
    if (measured.result.server) {
      measured.result.server.activity = activity;
      if (regions === 'not-tidb') measured.result.server.regions = notTiDBRegions();
      else if (regions !== undefined) measured.result.server.regions = await regions.finish();
    }
    return measured;
  } finally {
    if (!hooks.admin) await admin.close();
  }
}

/** A line for people: which engine runs and why. */
export function engineText(choice: EngineChoice): string {
  if (choice.engine === 'sysbench' && choice.installation)
    return `Engine: sysbench ${choice.installation.version} (${choice.installation.path})`;
  return choice.reason ? `Engine: built-in (${choice.reason})` : 'Engine: built-in';
}
