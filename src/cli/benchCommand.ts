// `tidb-lab bench ...`: a sysbench-compatible command line over the benchmark core.
//   tidb-lab bench [options] <workload> <prepare|run|cleanup|help>
//   tidb-lab bench experiment FILE.json [connection options] [--json] [--out FILE]
//   tidb-lab bench import LOG [--json] [--out FILE]
//   tidb-lab bench presets | tidb-lab bench preset NAME [--out FILE]
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { ConnectionFailure } from '../core/db/databaseSession';
import { connectionNextStep } from '../core/db/connectionErrors';
import { TooManyConnections } from '../core/bench/connection/tooManyConnections';
import type { BenchmarkResult, ExperimentCell, ExperimentResult } from '../core/results/benchmarkResult';
import { writeFileWhole } from '../core/results/writeFileWhole';
import { resultToJson } from '../core/results/exportJson';
import { importBenchmarkLog } from '../core/results/importers/importBenchmarkLog';
import { variantChangeText } from '../core/results/variantChangeText';
import { bulkLoadVariantHeader } from '../core/results/exportMarkdown';
import { studyTables, studyTablesText } from '../core/results/studyTables';
import { parseBenchArguments } from '../core/bench/sysbench/benchArguments';
import { OPTION_DEFINITIONS, OptionError, resolveBenchOptions, type BenchOptions } from '../core/bench/benchOptions';
import { settingsFromOptions, type BenchConnectionSettings } from '../core/bench/benchConnectionSettings';
import type { ExperimentDefinition } from '../core/bench/experiments/experimentModel';
import { cleanupWithOptions } from '../core/bench/cleanupBenchmark';
import { parseExperimentDefinition } from '../core/bench/experiments/experimentDefinition';
import { applyExperimentCommandLine } from '../core/bench/experiments/experimentCommandLine';
import {
  describeEstimate,
  estimateExperiment,
  formatDuration,
  isLongExperiment,
  LONG_EXPERIMENT_SECONDS,
} from '../core/bench/experiments/experimentSize';
import { EXPERIMENT_PRESETS, findPreset, presetDocument, presetListing } from '../core/bench/experiments/experimentPresets';
import { PrepareCancelled, prepareWithOptions } from '../core/bench/prepareBenchmark';
import { BenchmarkError, type MeasuredRun } from '../core/bench/runBenchmark';
import { TOOL_VERSION } from '../core/toolVersion';
import { EngineError, engineText, runMeasuredWithEngine, type EngineConfig } from '../core/bench/benchEngine';
import { runExperiment } from '../core/bench/experiments/runExperiment';
import { partialExperimentResult } from '../core/bench/experiments/experimentResult';
import { withClaimedOut, releaseOutClaims, type ClaimedOutFile } from './outFile';
import { clientSummaryLine, experimentClientSummaryLine } from '../core/results/clientBound';
import { runDigestCountNote } from '../core/results/digestCountNote';
import { serverActivityLines } from '../core/results/serverActivityText';
import { experimentRegionsLines, serverRegionsLines } from '../core/results/serverRegionsText';
import { isTpccExperiment, TPCC_COMPARED_METRICS, tpccCellsText } from '../core/results/tpccExperimentTable';
import { tpccFiguresOf } from '../core/results/tpccFigures';
import { compareVariantStatements, variantStatementSentences } from '../core/results/variantStatements';
import {
  histogramLines,
  intervalLine,
  queueLine,
  runHeaderLines,
  summaryLines,
  SYSBENCH_COMPATIBLE_VERSION,
  THREADS_STARTED_LINES,
} from '../core/bench/sysbench/sysbenchReport';
import { rawsqlCommand } from './rawsqlCommand';
import { chCommand } from './chCommand';
import { mergeCommand } from './mergeCommand';
import { tpccCommand } from './tpccCommand';
import { parseStartAtFromNow, waitUntilStart } from '../core/bench/startAt';
import { workloadSpec, isWorkloadName, WORKLOAD_NAMES } from '../core/bench/sysbench/workloadCatalog';

const USAGE = `Usage:
  tidb-lab bench [options] <workload> <prepare|run|cleanup|help>
  tidb-lab bench experiment FILE.json [connection options] [--mysql-ignore-errors=LIST] [--json] [--out FILE] [--yes]
  tidb-lab bench import LOG [--json] [--out FILE]
  tidb-lab bench rawsql --query-files=a.sql[,b.sql] [--threads=N] [--time=60s] [--count=N]
                 [--interval=10s] [--ignore-error] [--start-at=TIME] [--mysql-*] [--json] [--out FILE] run
                                          go-tpc's rawsql: each file is one query, named after the file
  tidb-lab bench tpcc --warehouses=N [--threads=N] [--time=60s] [--count=N] [--interval=10s]
                 [--ignore-error] [--isolation=N] [--weight=45,43,4,4,4] [--start-at=TIME] [--mysql-*]
                 [--json] [--out FILE] prepare|run|check|cleanup
                                          go-tpc's TPC-C (prepare: --parts, --partition-type, --use-fk,
                                          --no-check, --dropdata; check: --check-all); database tpcc
  tidb-lab bench ch --warehouses=N [--threads=N] [--acThreads=N] [--time=60s] [--queries=q1,..]
                 [--tiflash-replica=N --wait-tiflash] [--ap-conn-params=..] [--mysql-*] [--json]
                 [--out FILE] prepare|run|check|cleanup
                                          go-tpc's CH-benCHmark: TPC-C with the 22 analytical queries
  tidb-lab bench merge a.json b.json ... [--out FILE] [--json]
                                          one result of the same run on several load machines
  tidb-lab bench presets                  list the ready experiments
  tidb-lab bench preset NAME [--out FILE] print one as the experiment JSON it runs

Options are sysbench's (--threads=N --time=N --mysql-host=... --table-size=N --rand-type=uniform ...);
'tidb-lab bench <workload> help' lists them. The password may also come from MYSQL_PWD.
  --json        print the result (JSON) on stdout instead of sysbench's text
  --out FILE    also write the result (JSON) to FILE
  --yes         start an experiment estimated to run longer than 2 hours
  --engine=auto|builtin|sysbench
                which engine makes the load (runs and experiments): auto (default) runs the
                installed sysbench 1.0.x when it is found and can run the options as asked, the
                built-in engine otherwise, and says which and why
  --sysbench-path=PATH  the sysbench program (default: sysbench on PATH)
  tpcc, ch: --engine=auto|builtin|go-tpc  run: go-tpc runs the installed go-tpc (through a relay on
                127.0.0.1, so the password is on no command line); auto is the built-in engine
  --go-tpc=PATH  the go-tpc program (default: go-tpc on PATH)
  --start-at=TIME  run: wait until TIME (ISO 8601, e.g. 2026-12-01T18:00:00Z, or Unix seconds) to
                start, for the same run on several load machines (then tidb-lab bench merge)
Workloads: ${WORKLOAD_NAMES.join(', ')}`;

export interface BenchCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => string;
  writeFile: (path: string, text: string) => void;
  fileModifiedTime: (path: string) => string | undefined;
  env: Record<string, string | undefined>;
  /** subscribes to Ctrl-C, SIGTERM and SIGHUP; returns the unsubscribe function */
  onInterrupt: (handler: (signal: InterruptSignal) => void) => () => void;
  /** ends the process at once (a second signal) */
  exit: (code: number) => void;
}

/** What `timeout`, CI cancellation, `docker stop` (SIGTERM), Ctrl-C (SIGINT) and a closed terminal (SIGHUP) send. */
export type InterruptSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/** 128 + the signal's number: the exit status shells and CI report for a process ended by that signal. */
export const SIGNAL_EXIT_CODES: Readonly<Record<InterruptSignal, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

const processIo: BenchCommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile: (path, text) => writeFileWhole(path, text),
  fileModifiedTime: (path) => {
    try {
      return statSync(path).mtime.toISOString();
    } catch {
      return undefined;
    }
  },
  env: process.env,
  onInterrupt: (handler) => {
    const listeners = (Object.keys(SIGNAL_EXIT_CODES) as InterruptSignal[]).map((signal) => {
      const listener = () => handler(signal);
      process.on(signal, listener);
      return () => process.off(signal, listener);
    });
    return () => listeners.forEach((off) => off());
  },
  exit: (code) => {
    // A worker_thread blocked in read(2) (blocking reads) holds process.exit() until its statement
    // ends, a lock wait included; the signal's default action ends the process at once, with the
    // status shells report for it (128 + its number).
    const signal = (Object.keys(SIGNAL_EXIT_CODES) as InterruptSignal[]).find((name) => SIGNAL_EXIT_CODES[name] === code);
    // no finally block runs past this point: the --out lock goes now
    releaseOutClaims();
    if (signal !== undefined) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code);
  },
};

const TOOL_HEADER = `tidb-lab bench ${TOOL_VERSION} (sysbench ${SYSBENCH_COMPATIBLE_VERSION} compatible)`;

export async function runBenchCommand(argv: string[], io: BenchCommandIo = processIo): Promise<number> {
  try {
    const command = argv.find((arg) => !arg.startsWith('-'));
    if (command === 'rawsql') return await rawsqlCommand(argv, io);
    if (command === 'ch') return await chCommand(argv, io);
    if (command === 'merge') return mergeCommand(argv, io);
    if (command === 'tpcc') return await tpccCommand(argv, io);
    const parsed = parseBenchArguments(argv, io.readFile);
    switch (parsed.kind) {
      case 'usage':
        io.stdout(`${USAGE}\n`);
        return argv.length === 0 ? 1 : 0;
      case 'version':
        io.stdout(`${TOOL_HEADER}\n`);
        return 0;
      case 'import':
        return importCommand(parsed.file, parsed.json, parsed.out, io);
      case 'presets':
        io.stdout(presetListing());
        return 0;
      case 'preset':
        return presetCommand(parsed.name, parsed.out, io);
      case 'experiment':
        return await experimentCommand(
          parsed.file,
          withPassword(parsed.options, io),
          parsed.json,
          parsed.out,
          io,
          parsed.engine,
          parsed.yes,
        );
      case 'workload': {
        if (parsed.verb === 'help') return workloadHelp(parsed.workload, io);
        const options = resolveBenchOptions(parsed.workload, withPassword(parsed.options, io));
        if (parsed.verb === 'prepare')
          return await prepareCommand(options, parsed.json, cleanupCommandLine(parsed.workload, parsed.options), io);
        if (parsed.verb === 'cleanup') return await cleanupCommand(options, parsed.json, io);
        return await runCommand(options, parsed.json, parsed.out, io, parsed.engine, parsed.startAt);
      }
    }
  } catch (error) {
    return reportError(error, io);
  }
}

interface Interruptible {
  signal: AbortSignal;
  release: () => void;
  /** the exit code for the signal that came (130 when none did) */
  exitCode: () => number;
}

/**
 * An AbortSignal that Ctrl-C, SIGTERM or SIGHUP fires, with a notice on stderr: the work stops,
 * KILLs what it leaves running on the server and keeps what it measured. A second signal ends the
 * process at once. release() stops listening.
 */
function interruptible(io: BenchCommandIo, notice: string): Interruptible {
  const controller = new AbortController();
  let first: InterruptSignal | undefined;
  const release = io.onInterrupt((signal) => {
    if (first === undefined) {
      first = signal;
      io.stderr(`\nInterrupted (${signal}): ${notice} ${signal === 'SIGINT' ? 'Press Ctrl-C' : `Send ${signal}`} again to exit at once.\n`);
      controller.abort();
      return;
    }
    io.stderr(`\n${signal} again: exiting now; statements of this run may still be running on the server.\n`);
    io.exit(SIGNAL_EXIT_CODES[signal]);
  });
  return { signal: controller.signal, release, exitCode: () => SIGNAL_EXIT_CODES[first ?? 'SIGINT'] };
}

/** The cleanup command for a prepare's options, in words a shell takes back (never with the password). */
export function cleanupCommandLine(workload: string, options: ReadonlyMap<string, string>): string {
  const kept: string[] = [];
  for (const [name, value] of options) {
    const canonical = name.replace(/_/g, '-');
    if (canonical === 'mysql-password') continue;
    if (canonical.startsWith('mysql-') || canonical === 'tables') kept.push(`--${name}=${value}`);
  }
  return ['tidb-lab', 'bench', ...kept, workload, 'cleanup'].map(shellWord).join(' ');
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

function reportError(error: unknown, io: BenchCommandIo): number {
  if (error instanceof OptionError) io.stderr(`tidb-lab bench: ${error.message}\n`);
  else if (error instanceof ConnectionFailure) {
    const nextStep = error.target ? connectionNextStep(error.problem.kind, error.target, 'cli') : error.problem.nextStep;
    io.stderr(`FATAL: ${error.problem.title}\n       ${nextStep}\n`);
  } else if (error instanceof TooManyConnections) io.stderr(`FATAL: ${error.describe('cli')}\n`);
  else if (error instanceof BenchmarkError || error instanceof EngineError) io.stderr(`FATAL: ${error.message}\n`);
  else io.stderr(`FATAL: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}

/** The password from MYSQL_PWD when --mysql-password is not on the command line (like the mysql client). */
function withPassword(options: Map<string, string>, io: BenchCommandIo): Map<string, string> {
  const hasPassword = [...options.keys()].some((key) => key.replace(/_/g, '-') === 'mysql-password');
  const fromEnv = io.env.MYSQL_PWD;
  if (hasPassword || fromEnv === undefined) return options;
  return new Map([...options, ['mysql-password', fromEnv]]);
}

function workloadHelp(workload: string, io: BenchCommandIo): number {
  if (!isWorkloadName(workload)) {
    io.stderr(`tidb-lab bench: unknown workload '${workload}'. Known workloads: ${WORKLOAD_NAMES.join(', ')}\n`);
    return 1;
  }
  const lines = [TOOL_HEADER, '', `${workload} - ${workloadSpec(workload).description}`, '', `${workload} options:`];
  const describe = (names: (name: string) => boolean) => {
    const rows = OPTION_DEFINITIONS.filter(
      (definition) => names(definition.name) && (!definition.workloads || definition.workloads.includes(workload)),
    );
    for (const definition of rows) {
      const shape =
        definition.kind === 'bool'
          ? `--${definition.name}[=on|off]`
          : `--${definition.name}=${definition.kind === 'int' ? 'N' : definition.kind === 'list' ? '[LIST,...]' : 'STRING'}`;
      const origin = definition.origin === 'tidb-lab' ? ' (tidb-lab)' : definition.origin === 'sysbench-1.1' ? ' (from sysbench 1.1)' : '';
      const shown = definition.secret ? '' : ` [${definition.defaultValue}]`;
      lines.push(`  ${shape.padEnd(34)} ${definition.help}${origin}${shown}`);
    }
  };
  describe((name) => name.includes('_'));
  lines.push('', 'General, random numbers, driver and connection options:');
  describe((name) => !name.includes('_'));
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

async function prepareCommand(options: BenchOptions, json: boolean, cleanupCommand: string, io: BenchCommandIo): Promise<number> {
  if (!json) io.stdout(`${TOOL_HEADER}\n\n`);
  const interrupt = interruptible(io, 'stopping the prepare and its statements on the server.');
  try {
    const outcome = await prepareWithOptions(options, {
      signal: interrupt.signal,
      onLog: (message) => (json ? io.stderr : io.stdout)(`${message}\n`),
    });
    if (json) io.stdout(`${JSON.stringify(outcome, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof PrepareCancelled)) throw error;
    const lines = [error.message];
    if (error.incomplete.length > 0) {
      lines.push(
        `To clean up${options.connection.password ? ' (with the password in MYSQL_PWD or --mysql-password)' : ''}:`,
        `  ${cleanupCommand}`,
      );
    }
    io.stderr(`${lines.join('\n')}\n`);
    return interrupt.exitCode();
  } finally {
    interrupt.release();
  }
}

async function cleanupCommand(options: BenchOptions, json: boolean, io: BenchCommandIo): Promise<number> {
  if (!json) io.stdout(`${TOOL_HEADER}\n\n`);
  const outcome = await cleanupWithOptions(options, { onLog: (message) => (json ? io.stderr : io.stdout)(`${message}\n`) });
  if (json) io.stdout(`${JSON.stringify(outcome, null, 2)}\n`);
  return 0;
}

async function runCommand(
  options: BenchOptions,
  json: boolean,
  out: string | undefined,
  io: BenchCommandIo,
  engine: EngineConfig,
  startAt?: string,
): Promise<number> {
  const startMs = startAt === undefined ? undefined : parseStartAtFromNow(startAt);
  return withClaimedOut(out, io, (outFile) => measureCommand(options, json, outFile, io, engine, startMs));
}

async function measureCommand(
  options: BenchOptions,
  json: boolean,
  outFile: ClaimedOutFile | undefined,
  io: BenchCommandIo,
  engine: EngineConfig,
  startMs: number | undefined,
): Promise<number> {
  const text = (line: string) => {
    if (!json) io.stdout(`${line}\n`);
  };
  const limits = options.limits;
  const interrupt = interruptible(io, 'stopping the threads and their statements on the server; the partial result follows.');
  let measured: MeasuredRun;
  try {
    if (startMs !== undefined) {
      (json ? io.stderr : io.stdout)(`Waiting until ${new Date(startMs).toISOString()} to start (--start-at)\n`);
      if (!(await waitUntilStart(startMs, interrupt.signal))) return interrupt.exitCode();
    }
    measured = await runMeasuredWithEngine(
      options,
      {
        signal: interrupt.signal,
        onEngine: (choice) => {
          if (json) {
            io.stderr(`${engineText(choice)}\n`);
            return;
          }
          const [tool, ...rest] = runHeaderLines({
            tool: TOOL_HEADER,
            threads: limits.threads,
            rate: limits.rate,
            reportInterval: limits.reportInterval,
            seed: options.random.seed,
          });
          for (const line of [tool, engineText(choice), ...rest]) text(line);
        },
        onLog: (message) => (json ? io.stderr : io.stdout)(`${message}\n`),
        onThreadsStarted: () => THREADS_STARTED_LINES.forEach(text),
        onInterval: (report) => {
          const i = report.interval;
          text(
            intervalLine({
              seconds: i.t,
              threads: i.threads,
              tps: i.tps,
              qps: i.qps,
              reads: i.reads,
              writes: i.writes,
              others: i.others,
              percentile: limits.percentile,
              latencyMs: report.latencyPercentileMs,
              errors: i.errors,
              reconnects: i.reconnects,
            }),
          );
          if (limits.rate > 0) text(queueLine(i.t, report.queueLength, report.concurrency));
        },
      },
      engine,
    );
  } catch (error) {
    // cancelled before anything was measured (while connecting): nothing to keep
    if (!interrupt.signal.aborted || !(error instanceof BenchmarkError)) throw error;
    io.stderr(`${error.message}\n`);
    return interrupt.exitCode();
  } finally {
    interrupt.release();
  }
  const result = measured.result;
  outFile?.write(resultToJson(result));
  if (json) io.stdout(resultToJson(result));
  else printSummary(measured, options, io);
  if (result.status === 'failed') {
    io.stderr(`FATAL: ${result.message ?? 'the run failed'}\n`);
    return 1;
  }
  if (result.status === 'cancelled') {
    io.stderr(`${result.message ?? 'Cancelled.'}\n`);
    return interrupt.exitCode();
  }
  return 0;
}

function printSummary(measured: MeasuredRun, options: BenchOptions, io: BenchCommandIo): void {
  const { result, details } = measured;
  const s = result.summary;
  const latency = s.latencyMs;
  // sysbench's own summary as it printed it; the built-in engine's in the same layout
  const lines =
    details.reportLines ??
    summaryLines({
      reads: s.reads,
      writes: s.writes,
      others: s.others,
      events: s.events,
      errors: s.errors,
      reconnects: s.reconnects,
      seconds: result.durationSec,
      latency: {
        minMs: latency.min ?? 0,
        avgMs: latency.avg ?? 0,
        maxMs: latency.max ?? 0,
        sumMs: details.latencySumMs,
        percentileMs: details.percentileMs,
      },
      percentile: options.limits.percentile,
      fairness: details.fairness,
      histogramLines:
        options.limits.histogram && result.histogram ? histogramLines(result.histogram.bucketsMs, result.histogram.counts) : undefined,
    });
  io.stdout(`${lines.join('\n')}\n`);
  const server = [
    ...serverActivityLines(result.server?.activity, undefined, runDigestCountNote(result)),
    ...serverRegionsLines(result.server?.regions),
  ];
  if (server.length > 0) io.stdout(`\n${server.join('\n')}\n`);
  // the client's verdict stays the last line: it says whether the numbers above can be trusted
  const client = clientSummaryLine(result);
  if (client !== undefined) io.stdout(`${server.length > 0 ? '\n' : ''}${client}\n`);
}

function presetCommand(name: string, out: string | undefined, io: BenchCommandIo): number {
  const preset = findPreset(name);
  if (!preset) {
    io.stderr(`tidb-lab bench preset: no preset '${name}'. Presets: ${EXPERIMENT_PRESETS.map((candidate) => candidate.id).join(', ')}\n`);
    return 1;
  }
  const document = presetDocument(preset);
  if (out) io.writeFile(out, document);
  io.stdout(document);
  return 0;
}

/** The file's text, or undefined after saying on stderr why it could not be read. */
function readInput(file: string, command: string, io: BenchCommandIo): string | undefined {
  try {
    return io.readFile(file);
  } catch (error) {
    io.stderr(`tidb-lab bench ${command}: cannot read '${file}': ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}

function importCommand(file: string, json: boolean, out: string | undefined, io: BenchCommandIo): number {
  const text = readInput(file, 'import', io);
  if (text === undefined) return 1;
  const imported = importBenchmarkLog(text, basename(file), { fileModifiedTime: io.fileModifiedTime(file) });
  for (const warning of imported.warnings) io.stderr(`warning: ${warning}\n`);
  if (out) io.writeFile(out, `${JSON.stringify(imported.results, null, 2)}\n`);
  if (json) io.stdout(`${JSON.stringify(imported.results, null, 2)}\n`);
  else {
    io.stdout(`${imported.results.length} result(s) from ${file}${imported.format ? ` (${imported.format})` : ''}\n`);
    for (const result of imported.results) io.stdout(`${describeResult(result)}\n`);
  }
  return imported.results.length > 0 ? 0 : 1;
}

function describeResult(result: BenchmarkResult): string {
  if (result.kind === 'experiment') return `  experiment ${result.name}: ${result.cells.length} cells`;
  const s = result.summary;
  const threads = result.options.threads ?? result.intervals[0]?.threads ?? '?';
  const p95 = s.latencyMs.p95 === null ? 'n/a' : s.latencyMs.p95.toFixed(2);
  return `  ${result.workload} threads=${threads}: ${s.tps.toFixed(2)} tps, ${s.qps.toFixed(2)} qps, p95 ${p95} ms, ${s.errors} errors, ${result.durationSec.toFixed(1)} s [${result.status}]`;
}

async function experimentCommand(
  file: string,
  options: Map<string, string>,
  json: boolean,
  out: string | undefined,
  io: BenchCommandIo,
  engine: EngineConfig,
  yes = false,
): Promise<number> {
  const text = readInput(file, 'experiment', io);
  if (text === undefined) return 1;
  const commandLine = applyExperimentCommandLine(parseExperimentDefinition(text), options);
  const definition = commandLine.definition;
  const connectionOptions = resolveBenchOptions('oltp_point_select', commandLine.connectionOptions);
  const connection = settingsFromOptions(connectionOptions.connection);
  const say = (line: string) => (json ? io.stderr : io.stdout)(`${line}\n`);
  if (!json) say(`${TOOL_HEADER}\n\nExperiment '${definition.name}' (${file})`);
  const estimate = estimateExperiment(definition);
  say(describeEstimate(estimate));
  if (isLongExperiment(estimate) && !yes) {
    io.stderr(
      `tidb-lab bench experiment: '${definition.name}' would run for at least ${formatDuration(estimate.seconds)}, more than ${formatDuration(LONG_EXPERIMENT_SECONDS)}; add --yes to start it anyway.\n`,
    );
    return 1;
  }
  return withClaimedOut(out, io, (outFile) => measureExperiment(definition, connection, json, outFile, io, engine));
}

async function measureExperiment(
  definition: ExperimentDefinition,
  connection: BenchConnectionSettings,
  json: boolean,
  outFile: ClaimedOutFile | undefined,
  io: BenchCommandIo,
  engine: EngineConfig,
): Promise<number> {
  const say = (line: string) => (json ? io.stderr : io.stdout)(`${line}\n`);
  const interrupt = interruptible(io, 'stopping the experiment; the cells measured so far are kept.');
  const startedMs = Date.now();
  const measuredCells: ExperimentCell[] = [];
  let result: ExperimentResult;
  try {
    result = await runExperiment(definition, connection, {
      signal: interrupt.signal,
      engine,
      onLog: say,
      onCell: (cell, index, total) => {
        // after each cell, the file holds the cells so far (a crash or a kill keeps them)
        measuredCells.push(cell);
        if (outFile !== undefined) {
          try {
            outFile.write(resultToJson(partialExperimentResult(definition, measuredCells, total, startedMs)));
          } catch (error) {
            io.stderr(
              `warning: cannot write the partial result to ${outFile.path}: ${error instanceof Error ? error.message : String(error)}\n`,
            );
          }
        }
        const s = cell.run.summary;
        if (cell.workload === 'tpcc') {
          const figures = tpccFiguresOf(cell.run);
          say(
            `[${index + 1}/${total}] tpcc warehouses=${String(cell.params?.warehouses)} threads=${cell.threads} ${cell.variant}: ` +
              `tpmC ${figures.tpmC?.toFixed(1) ?? 'n/a'}, efficiency ${figures.efficiencyPct?.toFixed(1) ?? 'n/a'}%, New-Order p95 ${s.latencyMs.p95?.toFixed(2) ?? 'n/a'} ms [${cell.run.status}${cell.run.client?.bound ? ', client-bound' : ''}]`,
          );
          return;
        }
        if (cell.workload === 'bulk_load') {
          say(
            `[${index + 1}/${total}] rows_per_insert=${String(cell.params?.rows_per_insert)} writers=${cell.threads} ${bulkLoadVariantHeader([cell]) === 'key order' ? 'keys' : 'variant'}=${cell.variant}: ` +
              `${(s.rowsPerSec ?? 0).toFixed(0)} rows/s, ${(s.mbPerSec ?? 0).toFixed(2)} MB/s, p99 ${s.latencyMs.p99?.toFixed(2) ?? 'n/a'} ms [${cell.run.status}]`,
          );
          return;
        }
        say(
          `[${index + 1}/${total}] ${cell.workload} threads=${cell.threads}${cell.tableSize !== undefined ? ` table_size=${cell.tableSize}` : ''} ${cell.variant}${describeParams(cell.params)}: ` +
            `${s.tps.toFixed(2)} tps, ${s.qps.toFixed(2)} qps, p95 ${s.latencyMs.p95?.toFixed(2) ?? 'n/a'} ms [${cell.run.status}${cell.run.client?.bound ? ', client-bound' : ''}]`,
        );
      },
    });
  } finally {
    interrupt.release();
  }
  outFile?.write(resultToJson(result));
  if (json) io.stdout(resultToJson(result));
  else {
    printExperimentSummary(result, io);
    const client = experimentClientSummaryLine(result);
    if (client !== undefined) io.stdout(`${client}\n`);
  }
  if (result.status === 'failed') {
    io.stderr(`FATAL: ${result.message ?? 'the experiment failed'}\n`);
    return 1;
  }
  if (result.status === 'cancelled') return interrupt.exitCode();
  const failed = result.cells.filter((cell) => cell.run.status === 'failed').length;
  if (failed > 0) {
    io.stderr(`${failed} of ${result.cells.length} cell(s) failed${result.message ? `: ${result.message}` : ''}\n`);
    return 1;
  }
  if (result.message) io.stderr(`${result.message}\n`);
  return 0;
}

function describeParams(params: Record<string, string | number | boolean> | undefined): string {
  if (!params) return '';
  return Object.entries(params)
    .map(([key, value]) => ` ${key}=${String(value)}`)
    .join('');
}

function printExperimentSummary(result: ExperimentResult, io: BenchCommandIo): void {
  const tpcc = isTpccExperiment(result);
  if (tpcc) io.stdout(tpccCellsText(result));
  if (result.cells.some((cell) => cell.workload === 'bulk_load')) io.stdout(bulkLoadText(result));
  else if (result.variants.length >= 2) {
    const [baseline, ...candidates] = result.variants;
    for (const candidate of candidates) {
      for (const metric of tpcc ? TPCC_COMPARED_METRICS : (['qps', 'p95'] as const)) {
        const tables = studyTables(result, { metric, baseline, candidate });
        if (tables.tables.length === 0) continue;
        io.stdout(studyTablesText(tables));
        for (const warning of tables.warnings) io.stderr(`warning: ${warning}\n`);
        // with repeats, the medians and the min–max of the runs behind each % (the noise to read it against)
        if (tables.comparison.rows.some((row) => row.baselineRuns > 1 || row.candidateRuns > 1))
          io.stdout(variantChangeText(tables.comparison));
      }
    }
  }
  const statements = variantStatementSentences(compareVariantStatements(result));
  if (statements.length > 0) io.stdout(`\nServer, statement by statement:\n${statements.map((sentence) => `  ${sentence}`).join('\n')}\n`);
  const regions = experimentRegionsLines(result);
  if (regions.length > 0) io.stdout(`\n${regions.join('\n')}\n`);
  for (const skipped of result.skipped ?? [])
    io.stdout(
      `\nSkipped: variant '${skipped.variant}'${skipped.tableSize !== undefined ? ` at ${skipped.tableSize} rows` : ''} (${skipped.cells} cells): ${skipped.reason}\n`,
    );
  const failed = result.cells.filter((cell) => cell.run.status === 'failed');
  if (failed.length > 0) {
    io.stdout(`\nFailed cells (${failed.length} of ${result.cells.length}):\n`);
    for (const cell of failed)
      io.stdout(
        `  ${cell.variant} ${cell.workload}${describeParams(cell.params)} threads=${cell.threads}${cell.tableSize !== undefined ? ` table_size=${cell.tableSize}` : ''}: ${cell.run.message ?? 'failed'}\n`,
      );
  }
}

/** What a bulk-load study measures, one line a cell (also with one key order). */
function bulkLoadText(result: ExperimentResult): string {
  const header = ['rows per statement', 'writers', bulkLoadVariantHeader(result.cells), 'rows/s', 'MB/s', 'p95 ms', 'p99 ms', 'status'];
  const number = (value: number | null | undefined, decimals: number) =>
    value === null || value === undefined ? 'n/a' : value.toFixed(decimals);
  const rows = result.cells.map((cell) => [
    String(cell.params?.rows_per_insert ?? ''),
    String(cell.threads),
    cell.variant,
    number(cell.run.summary.rowsPerSec, 0),
    number(cell.run.summary.mbPerSec, 2),
    number(cell.run.summary.latencyMs.p95, 2),
    number(cell.run.summary.latencyMs.p99, 2),
    cell.run.status,
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 || column === 7 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return `\nBulk load (${result.name}):\n${[line(header), ...rows.map(line)].join('\n')}\n`;
}
