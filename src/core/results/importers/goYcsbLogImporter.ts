// Reads go-ycsb output in its default plain style (pkg/measurement, cmd/go-ycsb/client.go): the
// properties block, periodic "<OP> - Takes(s): ..., Count: ..., OPS: ..., Avg(us): ..." blocks,
// "Run finished, takes <duration>" and the final block. Older versions print fewer percentile columns.
//
// How the numbers map onto the result model (go-ycsb counts operations, not transactions):
// - the periodic blocks are cumulative since the start (go-ycsb never resets its histograms), so an
//   interval's rates are the differences between two blocks; interval percentiles cannot be recovered
//   that way and stay null, the interval's average latency can.
// - tps and qps are both operations per second (TOTAL and <OP>_ERROR excluded); errors are the
//   <OP>_ERROR counts; latency is TOTAL's when go-ycsb prints it, the single operation's otherwise,
//   and for several operations without TOTAL only min/avg/max (percentiles do not combine).
//   Every operation's own numbers are kept in labels ("READ.p99_ms", "UPDATE.ops", ...).

import type { LatencySummaryMs, ResultInterval, ResultSummary, RunResult } from '../benchmarkResult';
import { isSecretKey } from '../redactSecrets';
import { findToolInvocation } from './commandLine';
import { GO_YCSB_FLAGS, parseGoToolCommand, type GoToolCommand } from './goCommandLine';
import {
  emptyLatencySummary,
  emptySummary,
  importedStartTime,
  newImportedRun,
  type ImportSource,
  type LogImport,
  type RunOptions,
} from './importedRun';
import { parseGoDurationSeconds, shorten, type LogLine } from './logLines';
import { LogRunReader } from './logRunReader';
import { operationLabels, operationLatency, parseOperationStats, type OperationStats } from './operationStatsLine';
import { optionValue } from './sysbenchCommandLine';

const PROPERTIES_START = /^\*+\s*properties\s*\*+$/;
const PROPERTIES_END = /^\*{10,}$/;
const PROPERTY = /^"(.*)"="(.*)"$/;
const RUN_FINISHED = /^Run finished, takes\s+(\S+)$/;

const KNOWN_NOISE: readonly RegExp[] = [
  /^Using request distribution/,
  /^Connected to/,
  /^\[mysql\]/,
  /^Exporting the full latency spectrum/,
];

interface GoYcsbRunDraft {
  firstLine: number;
  command?: GoToolCommand;
  properties: RunOptions;
  blocks: OperationStats[][];
  final: OperationStats[];
  finishedSec?: number;
  finished: boolean;
  errors: string[];
  errorLines: number;
}

export function importGoYcsbLog(text: string, source: ImportSource = {}): LogImport {
  return new GoYcsbLogReader(text, source).read();
}

export function countGoYcsbMarkers(lines: readonly LogLine[]): number {
  return lines.filter(
    ({ trimmed }) =>
      /^[A-Z][A-Z_]*\s+-\s+Takes\(s\):.*\bOPS:/.test(trimmed) || PROPERTIES_START.test(trimmed) || RUN_FINISHED.test(trimmed),
  ).length;
}

class GoYcsbLogReader extends LogRunReader<GoYcsbRunDraft> {
  private openBlock: OperationStats[] | null = null;
  private inProperties = false;

  constructor(text: string, source: ImportSource) {
    super(text, source, 'go-ycsb', 'no go-ycsb run found: no "<OPERATION> - Takes(s): ..." lines');
  }

  protected newDraft(firstLine: number): GoYcsbRunDraft {
    return { firstLine, properties: {}, blocks: [], final: [], finished: false, errors: [], errorLines: 0 };
  }

  protected readLine(line: LogLine): void {
    const text = line.trimmed;
    if (this.inProperties) {
      const property = PROPERTY.exec(text);
      if (property) {
        if (!isSecretKey(property[1])) this.draft.properties[property[1]] = optionValue(property[2]);
        return;
      }
      this.inProperties = false;
      if (PROPERTIES_END.test(text)) return;
    }
    const stats = parseOperationStats(text);
    if (stats === null) this.openBlock = null;
    else {
      this.readStats(line, stats);
      return;
    }
    const invocation = findToolInvocation(text, ['go-ycsb']);
    if (invocation !== null) {
      if (hasContent(this.draft)) this.startRun(line.number);
      this.draft.command = parseGoToolCommand(invocation.args, GO_YCSB_FLAGS);
      return;
    }
    if (text.startsWith('#')) return;
    if (PROPERTIES_START.test(text)) {
      if (this.draft.blocks.length > 0 || this.draft.finished || Object.keys(this.draft.properties).length > 0) this.startRun(line.number);
      this.inProperties = true;
      return;
    }
    const finished = RUN_FINISHED.exec(text);
    if (finished) {
      if (this.draft.finished) this.startRun(line.number);
      this.draft.finished = true;
      this.draft.finishedSec = parseGoDurationSeconds(finished[1]) ?? undefined;
      return;
    }
    if (/^operation err: /.test(text)) {
      this.draft.errorLines++;
      if (this.draft.errors.length < 3) this.draft.errors.push(text);
      return;
    }
    if (KNOWN_NOISE.some((pattern) => pattern.test(text))) return;
    this.warnings.line(line.number, `not a go-ycsb output line: '${shorten(text)}'`);
  }

  private readStats(line: LogLine, stats: OperationStats): void {
    if (this.draft.finished && this.draft.final.some((other) => other.operation === stats.operation)) this.startRun(line.number);
    if (this.draft.finished) {
      this.draft.final.push(stats);
      return;
    }
    if (this.openBlock === null || this.openBlock.some((other) => other.operation === stats.operation)) {
      this.openBlock = [];
      this.draft.blocks.push(this.openBlock);
    }
    this.openBlock.push(stats);
  }

  protected override startRun(lineNumber: number): void {
    super.startRun(lineNumber);
    this.openBlock = null;
    this.inProperties = false;
  }

  protected toRunResult(draft: GoYcsbRunDraft, id: string): RunResult | null {
    const last = draft.final.length > 0 ? draft.final : draft.blocks.at(-1);
    if (last === undefined) {
      if (draft.errors.length > 0) this.warnings.add(`go-ycsb near line ${draft.firstLine} failed before reporting: ${draft.errors[0]}`);
      return null;
    }
    const options = runOptions(draft);
    const threads = typeof options.threads === 'number' ? options.threads : 0;
    const intervals = cumulativeIntervals(draft.blocks, threads);
    const summary = summaryOf(last);
    const durationSec = draft.finishedSec ?? Math.max(0, ...last.map((stats) => stats.values.get('Takes(s)') ?? 0));
    const complete = draft.final.length > 0;
    const errorNote = draft.errorLines > 0 ? [`${draft.errorLines} "operation err" lines, first: ${draft.errors[0]}`] : [];
    const notes = complete
      ? errorNote
      : ["the log ends before go-ycsb's final block (the run was interrupted); the summary is the last periodic block", ...errorNote];
    const run = newImportedRun({
      tool: 'go-ycsb',
      toolVersion: 'unknown',
      id,
      source: this.source,
      workload: workloadName(draft),
      options,
      startTime: importedStartTime(this.source),
      durationSec,
      intervals,
      summary,
      status: complete ? 'completed' : 'cancelled',
      message: notes.length > 0 ? notes.join('\n') : undefined,
    });
    run.labels = operationLabels(last);
    return run;
  }
}

function hasContent(draft: GoYcsbRunDraft): boolean {
  return draft.command !== undefined || draft.blocks.length > 0 || draft.finished || Object.keys(draft.properties).length > 0;
}

function runOptions(draft: GoYcsbRunDraft): RunOptions {
  const command = draft.command;
  const options: RunOptions = { ...(command?.options ?? {}), ...(command?.properties ?? {}), ...draft.properties };
  if (command !== undefined && command.propertyFiles.length > 0) options.property_file = command.propertyFiles.join(',');
  if (command?.positional[1] !== undefined) options.db = command.positional[1];
  const threads = draft.properties.threadcount ?? command?.options.threads ?? command?.properties.threadcount;
  if (typeof threads === 'number') options.threads = threads;
  return options;
}

function workloadName(draft: GoYcsbRunDraft): string {
  const file = draft.command?.propertyFiles.at(-1);
  if (file !== undefined) return file.slice(file.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
  const workload = draft.properties.workload;
  return typeof workload === 'string' ? workload : 'unknown';
}

const counted = (stats: OperationStats): boolean => stats.operation !== 'TOTAL' && !stats.operation.endsWith('_ERROR');
const failed = (stats: OperationStats): boolean => stats.operation.endsWith('_ERROR');
const count = (stats: OperationStats): number => stats.values.get('Count') ?? 0;

function blockTotals(block: OperationStats[]): { seconds: number; operations: number; errors: number; latencySumMs: number } {
  const ops = block.filter(counted);
  return {
    seconds: Math.max(0, ...block.map((stats) => stats.values.get('Takes(s)') ?? 0)),
    operations: ops.reduce((sum, stats) => sum + count(stats), 0),
    errors: block.filter(failed).reduce((sum, stats) => sum + count(stats), 0),
    latencySumMs: ops.reduce((sum, stats) => sum + count(stats) * (operationLatency(stats).avg ?? 0), 0),
  };
}

function cumulativeIntervals(blocks: OperationStats[][], threads: number): ResultInterval[] {
  const intervals: ResultInterval[] = [];
  let previous = { seconds: 0, operations: 0, errors: 0, latencySumMs: 0 };
  for (const block of blocks) {
    const current = blockTotals(block);
    const seconds = current.seconds - previous.seconds;
    if (seconds <= 0) continue;
    const operations = current.operations - previous.operations;
    const tps = Math.max(0, operations) / seconds;
    const latencySumMs = current.latencySumMs - previous.latencySumMs;
    // Counters only grow in a real log; a block that goes back (a mangled file) gives no average.
    const avg = operations > 0 && latencySumMs >= 0 ? latencySumMs / operations : null;
    intervals.push({
      t: current.seconds,
      threads,
      tps,
      qps: tps,
      reads: 0,
      writes: 0,
      others: 0,
      errors: Math.max(0, current.errors - previous.errors) / seconds,
      reconnects: 0,
      latencyMs: { avg, p95: null },
    });
    previous = current;
  }
  return intervals;
}

function summaryOf(block: OperationStats[]): ResultSummary {
  const ops = block.filter(counted);
  const events = ops.reduce((sum, stats) => sum + count(stats), 0);
  const tps = ops.reduce((sum, stats) => sum + (stats.values.get('OPS') ?? 0), 0);
  const total = block.find((stats) => stats.operation === 'TOTAL');
  let latencyMs: LatencySummaryMs;
  if (total !== undefined || ops.length === 1) latencyMs = operationLatency(total ?? ops[0]);
  else {
    const each = ops.map(operationLatency);
    latencyMs = emptyLatencySummary();
    const mins = each.map((latency) => latency.min).filter((value): value is number => value !== null);
    const maxes = each.map((latency) => latency.max).filter((value): value is number => value !== null);
    latencyMs.min = mins.length > 0 ? Math.min(...mins) : null;
    latencyMs.max = maxes.length > 0 ? Math.max(...maxes) : null;
    latencyMs.avg = events > 0 ? ops.reduce((sum, stats, i) => sum + count(stats) * (each[i].avg ?? 0), 0) / events : null;
  }
  return {
    ...emptySummary(),
    events,
    queries: events,
    tps,
    qps: tps,
    errors: block.filter(failed).reduce((sum, stats) => sum + count(stats), 0),
    latencyMs,
  };
}
