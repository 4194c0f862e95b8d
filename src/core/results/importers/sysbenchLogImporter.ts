// Reads sysbench logs: one or many runs per file (logs appended with >>), the report lines of
// 1.0.x ("[ 10s ] thds: ... err/s: ..."), of the 1.0 pre-releases ("threads: ... latency: Xms (95%)
// errors/s: ...") and of 0.5 ("threads: 64, tps: ..., response time: ...ms (95%), errors: ..."),
// the --rate queue lines, the final summary blocks of 0.4 to 1.1, the header sysbench prints, the
// --histogram table, and the command line when the log has one. A run whose log shows it died
// (FATAL, or no or a cut summary) keeps its intervals and is marked failed or cancelled.

import type { IntervalLatencyMs, LatencyHistogram, LatencySummaryMs, ResultInterval, ResultSummary, RunResult } from '../benchmarkResult';
import { CLIENT_SUMMARY_LINE } from '../clientBound';
import { findToolInvocation, joinContinuationLines } from './commandLine';
import {
  emptySummary,
  importedStartTime,
  newImportedRun,
  summaryFromIntervals,
  type ImportSource,
  type LogImport,
  type RunOptions,
} from './importedRun';
import { parseDecimal, parseMilliseconds, shorten, type LogLine } from './logLines';
import { LogRunReader } from './logRunReader';
import { parseSysbenchCommand, type SysbenchCommand } from './sysbenchCommandLine';

const NUM = String.raw`(-?nan|-?inf|[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?)`;
const TIMESTAMPED = /^\[\s*(\d+(?:\.\d+)?)\s*s\s*\]\s*(.*)$/;
const THREADS = /\b(?:thds|threads):\s*(\d+)/i;
const TPS = new RegExp(String.raw`\b(?:tps|eps):\s*${NUM}`, 'i');
const QPS = new RegExp(String.raw`\bqps:\s*${NUM}`, 'i');
const READ_WRITE_OTHER = new RegExp(String.raw`\(r/w/o:\s*${NUM}/${NUM}/${NUM}\)`, 'i');
const READS = new RegExp(String.raw`\breads(?:/s)?:\s*${NUM}`, 'i');
const WRITES = new RegExp(String.raw`\bwrites(?:/s)?:\s*${NUM}`, 'i');
const LATENCY_PERCENTILE_FIRST = new RegExp(String.raw`\blat(?:ency)?\s*\(ms,\s*(\d+(?:\.\d+)?)%\):\s*${NUM}`, 'i');
const LATENCY_VALUE_FIRST = new RegExp(String.raw`\b(?:latency|response time):\s*${NUM}\s*ms\s*\((\d+(?:\.\d+)?)%\)`, 'i');
const ERRORS = new RegExp(String.raw`\b(?:err/s|errors/s|errors):?\s*${NUM}`, 'i');
const RECONNECTS = new RegExp(String.raw`\b(?:reconn/s|reconnects/s|reconnects):?\s*${NUM}`, 'i');
// The 1.0.x line exactly as db_driver.c prints it: read in one step, the common case of long logs.
const REPORT_1_0 =
  /^thds: (\d+) tps: (\d+\.\d+) qps: (\d+\.\d+) \(r\/w\/o: (\d+\.\d+)\/(\d+\.\d+)\/(\d+\.\d+)\) lat \(ms,(\d+)%\): (\d+\.\d+) err\/s:? (\d+\.\d+) reconn\/s: (\d+\.\d+)$/;
const QUEUE = /^queue length:\s*\d+,\s*concurrency:\s*\d+$/i;
const CHECKPOINT = /^checkpoint report:?$/i;
const VERSION_HEADER = /^sysbench\s+v?(\d+\.\d+(?:\.\d+)?[\w.-]*)(?:\s|:|$)/;
// TiDB Lab's own engine prints sysbench's layout under its own header (src/core/bench/sysbench/sysbenchReport.ts).
const TIDB_LAB_HEADER = /^tidb-lab bench\s+v?(\d+\.\d+[\w.-]*)\s+\(sysbench [\d.]+ compatible\)$/;
const PROGRAMS = ['sysbench', 'tidb-lab bench'];
const HISTOGRAM_TITLE = /^Latency histogram \(values are in milliseconds\)$/;
const HISTOGRAM_HEADER = /^value\s+-+\s*distribution\s*-+\s+count$/i;
const HISTOGRAM_ROW = /^(\d+(?:\.\d+)?)\s+\|\**\s+(\d+)$/;
const COUNT_AND_RATE = /^(\d+)\s*\(\s*([\d.]+)\s+per sec\.?\)$/;

// Lines sysbench prints that carry nothing for the result.
const KNOWN_NOISE: readonly RegExp[] = [
  /^Initializing worker threads\.\.\.$/,
  /^Done\.$/,
  /^Time limit exceeded, exiting\.\.\.$/,
  /^\(last message repeated \d+ times?\)$/,
  /^No DB drivers specified, using \w+$/,
  /^Doing .*test\.?$/i,
  /^Running (mixed|simple|nontrx|complex) OLTP test$/i,
  /^Using .*(distribution|column|tables?|mode)\.?$/i,
  /^Skipping BEGIN\/COMMIT$/,
  /^Maximum number of requests for OLTP test is limited to \d+$/,
  /^Creating table '.*'\.\.\.$/,
  /^Inserting \d+ records into '.*'$/,
  /^Creating (a )?secondary index on '.*'\.\.\.$/,
  /^Dropping table '.*'\.\.\.$/,
  /^Random number generator seed is \d+ and will be ignored$/,
  /^Forcing shutdown in \d+ seconds$/,
  /^Warming up for \d+ seconds\.*$/i,
  /^Verbose per-thread statistics:$/,
  /^thread #\s*\d+:/,
  /^total time taken by event execution:/,
  /^(Query execution|Results fetching) statistics:$/,
  /^Prime numbers limit: \d+$/,
  // TiDB Lab's engine: the client's load after the summary
  CLIENT_SUMMARY_LINE,
];

type Section = 'none' | 'histogram' | 'summary' | 'checkpoint';

interface SummaryDraft {
  startLine: number;
  reads?: number;
  writes?: number;
  others?: number;
  total?: number;
  transactions?: number;
  transactionsPerSec?: number;
  queries?: number;
  queriesPerSec?: number;
  readWritePerSec?: number;
  otherPerSec?: number;
  errors?: number;
  reconnects?: number;
  totalTimeSec?: number;
  totalEvents?: number;
  eventsPerSec?: number;
  latency: Partial<LatencySummaryMs>;
  percentile?: number;
  fairnessSeen: boolean;
}

interface RunDraft {
  firstLine: number;
  /** 'tidb-lab' when the log was written by TiDB Lab's engine */
  tool?: string;
  command?: SysbenchCommand;
  toolVersion?: string;
  headerOptions: RunOptions;
  started: boolean;
  intervals: ResultInterval[];
  summary?: SummaryDraft;
  histogram?: LatencyHistogram;
  fatal: string[];
  notes: string[];
  percentile?: number;
  checkpoints: boolean;
}

export function importSysbenchLog(text: string, source: ImportSource = {}): LogImport {
  return new SysbenchLogReader(text, source).read();
}

/** How many lines look like sysbench output; importBenchmarkLog uses it to pick the format. */
export function countSysbenchMarkers(lines: readonly LogLine[]): number {
  let count = 0;
  for (const { trimmed } of lines) {
    if (
      /\bthds:\s*\d+/.test(trimmed) ||
      /^\[\s*\d+s\]\s*threads:/.test(trimmed) ||
      VERSION_HEADER.test(trimmed) ||
      TIDB_LAB_HEADER.test(trimmed)
    )
      count++;
    else if (/^(SQL|OLTP test) statistics:$/.test(trimmed) || /^Latency \(ms\):$/.test(trimmed)) count++;
    else if (/^transactions:\s+\d+\s+\(/.test(trimmed)) count++;
  }
  return count;
}

class SysbenchLogReader extends LogRunReader<RunDraft> {
  private section: Section = 'none';

  constructor(text: string, source: ImportSource) {
    super(text, source, 'sysbench', 'no sysbench run found: no report lines and no final summary');
  }

  protected newDraft(firstLine: number): RunDraft {
    return { firstLine, headerOptions: {}, started: false, intervals: [], fatal: [], notes: [], checkpoints: false };
  }

  /** Lines one by one, except a command line, which may go on over several lines ending in a backslash. */
  protected override readLines(): void {
    const texts = this.lines.map((line) => line.text);
    for (let index = 0; index < this.lines.length; index++) {
      const line = this.lines[index];
      if (line.trimmed === '') {
        if (this.section === 'histogram') this.section = 'none';
        continue;
      }
      const invocation = findToolInvocation(line.trimmed, PROGRAMS);
      if (invocation !== null && !VERSION_HEADER.test(line.trimmed) && !TIDB_LAB_HEADER.test(line.trimmed)) {
        const joined = joinContinuationLines(texts, index);
        const args = findToolInvocation(joined.text.trim(), PROGRAMS)?.args ?? invocation.args;
        this.startRun(line.number);
        this.draft.command = parseSysbenchCommand(args);
        index += joined.lineCount - 1;
        continue;
      }
      if (line.trimmed.startsWith('#')) continue;
      this.readLine(line);
    }
  }

  protected readLine(line: LogLine): void {
    const text = line.trimmed;
    if (this.section === 'histogram') {
      const row = HISTOGRAM_ROW.exec(text);
      if (row) {
        const histogram = (this.draft.histogram ??= { bucketsMs: [], counts: [] });
        histogram.bucketsMs.push(Number(row[1]));
        histogram.counts.push(Number(row[2]));
        return;
      }
      if (HISTOGRAM_HEADER.test(text)) return;
      this.section = 'none';
    }

    const version = VERSION_HEADER.exec(text);
    const ownVersion = version ? null : TIDB_LAB_HEADER.exec(text);
    if (version || ownVersion) {
      if (this.draft.toolVersion !== undefined || hasNumbers(this.draft)) this.startRun(line.number);
      this.draft.toolVersion = (version ?? (ownVersion as RegExpExecArray))[1];
      if (ownVersion) this.draft.tool = 'tidb-lab';
      return;
    }

    const stamped = TIMESTAMPED.exec(text);
    if (stamped) {
      this.readTimestamped(line, Number(stamped[1]), stamped[2]);
      return;
    }

    const fatal = /^FATAL:\s*(.*)$/.exec(text);
    if (fatal) {
      if (!this.draft.fatal.includes(fatal[1])) this.draft.fatal.push(fatal[1]);
      return;
    }
    const notice = /^(WARNING|ALERT|ERROR):\s*(.*)$/.exec(text);
    if (notice) {
      addNote(this.draft, `${notice[1]}: ${notice[2]}`);
      return;
    }

    if (this.section === 'summary' || this.section === 'checkpoint') {
      if (this.readSummaryLine(line)) return;
    }
    if (/^(SQL|OLTP test) statistics:$/.test(text) || (this.section === 'none' && /^General statistics:$/.test(text))) {
      if (this.draft.summary !== undefined) this.startRun(line.number);
      this.draft.summary = newSummary(line.number);
      this.section = 'summary';
      return;
    }
    if (HISTOGRAM_TITLE.test(text)) {
      this.section = 'histogram';
      return;
    }
    if (this.readHeaderLine(line)) return;
    if (KNOWN_NOISE.some((pattern) => pattern.test(text))) return;
    this.warnings.line(line.number, `not a sysbench report line: '${shorten(text)}'`);
  }

  private readTimestamped(line: LogLine, t: number, body: string): void {
    if (QUEUE.test(body)) return;
    if (CHECKPOINT.test(body)) {
      this.section = 'checkpoint';
      this.draft.checkpoints = true;
      return;
    }
    const interval = parseReportLine(t, body);
    if (interval === null) {
      this.warnings.line(line.number, `not a sysbench report line: '${shorten(line.trimmed)}'`);
      return;
    }
    const previous = this.draft.intervals.at(-1);
    if (this.draft.summary !== undefined || (previous !== undefined && t < previous.t)) this.startRun(line.number);
    this.section = 'none';
    if (interval.percentile !== undefined) this.notePercentile(line.number, interval.percentile);
    this.draft.intervals.push(interval.interval);
  }

  private readHeaderLine(line: LogLine): boolean {
    const text = line.trimmed;
    const options = this.draft.headerOptions;
    let match: RegExpExecArray | null;
    if (/^Running the test with following options:?$/.test(text)) {
      if (this.draft.started || hasNumbers(this.draft)) this.startRun(line.number);
      this.draft.started = true;
      return true;
    }
    if (/^Threads started!$/.test(text)) this.draft.started = true;
    else if ((match = /^Number of threads:\s*(\d+)$/.exec(text))) options.threads = Number(match[1]);
    else if ((match = /^Target transaction rate:\s*(\d+)\/sec$/.exec(text))) options.rate = Number(match[1]);
    else if ((match = /^Report intermediate results every (\d+) second/.exec(text))) options.report_interval = Number(match[1]);
    else if ((match = /^Report checkpoint\(s\) at (.+) seconds$/.exec(text))) options.report_checkpoints = match[1].replace(/\s+/g, '');
    else if ((match = /^Initializing random number generator from seed \((\d+)\)\.?$/.exec(text))) options.rand_seed = Number(match[1]);
    else if (/^Initializing random number generator from current time$/.test(text)) options.rand_seed = 0;
    else if (/^Debug mode enabled\.?$/.test(text)) options.debug = true;
    else if (/^Additional request validation enabled\.?$/.test(text)) options.validate = true;
    else if ((match = /^Number of unfinished transactions on forced shutdown: (\d+)$/.exec(text)))
      addNote(this.draft, `${match[1]} transactions were unfinished at the forced shutdown`);
    else return false;
    return true;
  }

  /** One line of a final (or checkpoint) summary; false when the line is not one. */
  private readSummaryLine(line: LogLine): boolean {
    const match = /^([^:]+):\s*(.*)$/.exec(line.trimmed);
    if (!match) return false;
    const label = match[1].trim().replace(/\s+/g, ' ').toLowerCase();
    const value = match[2].trim();
    if (this.section === 'checkpoint') {
      if (label === 'execution time (avg/stddev)') this.section = 'none';
      return isSummaryLabel(label) || label === 'sql statistics' || label === 'oltp test statistics';
    }
    const summary = this.draft.summary as SummaryDraft;
    const integer = (): number | undefined => parseDecimal(value) ?? undefined;
    const countAndRate = (): [number, number] | undefined => {
      const parts = COUNT_AND_RATE.exec(value);
      return parts ? [Number(parts[1]), Number(parts[2])] : undefined;
    };
    const percentile = /^(\d+(?:\.\d+)?)th percentile$/.exec(label) ?? /^approx\. (\d+(?:\.\d+)?) percentile$/.exec(label);
    switch (label) {
      case 'read':
        summary.reads = integer();
        break;
      case 'write':
        summary.writes = integer();
        break;
      case 'other':
        summary.others = integer();
        break;
      case 'total':
        summary.total = integer();
        break;
      case 'transactions':
        [summary.transactions, summary.transactionsPerSec] = countAndRate() ?? [];
        break;
      case 'queries':
        [summary.queries, summary.queriesPerSec] = countAndRate() ?? [];
        break;
      case 'read/write requests':
        summary.readWritePerSec = countAndRate()?.[1];
        break;
      case 'other operations':
        summary.otherPerSec = countAndRate()?.[1];
        break;
      case 'ignored errors':
        summary.errors = countAndRate()?.[0];
        break;
      case 'deadlocks':
        summary.errors ??= countAndRate()?.[0];
        break;
      case 'reconnects':
        summary.reconnects = countAndRate()?.[0];
        break;
      case 'total time':
      case 'time elapsed':
        summary.totalTimeSec = secondsOf(value);
        break;
      case 'total number of events':
        summary.totalEvents = integer();
        break;
      case 'events/s (eps)':
      case 'events per second':
        summary.eventsPerSec = integer();
        break;
      case 'min':
      case 'avg':
      case 'max':
        summary.latency[label] = parseMilliseconds(value) ?? null;
        break;
      case 'execution time (avg/stddev)':
        summary.fairnessSeen = true;
        this.section = 'none';
        break;
      default:
        if (percentile) this.readSummaryPercentile(line.number, summary, Number(percentile[1]), value);
        else if (!isSummaryLabel(label)) return false;
    }
    return true;
  }

  private readSummaryPercentile(lineNumber: number, summary: SummaryDraft, percentile: number, value: string): void {
    summary.percentile = percentile;
    this.notePercentile(lineNumber, percentile);
    const key = percentileKey(percentile);
    if (key !== undefined) summary.latency[key] = parseMilliseconds(value) ?? null;
  }

  private notePercentile(lineNumber: number, percentile: number): void {
    if (this.draft.percentile === percentile) return;
    this.draft.percentile = percentile;
    if (percentileKey(percentile) === undefined) {
      this.warnings.line(lineNumber, `the ${percentile}th latency percentile has no place in the result model; its values are left out`);
    }
  }

  protected override startRun(lineNumber: number): void {
    super.startRun(lineNumber);
    this.section = 'none';
  }

  protected toRunResult(draft: RunDraft, id: string): RunResult | null {
    const verb = draft.command?.verb;
    if (!hasNumbers(draft)) {
      if (draft.fatal.length === 0) return null;
      if (!draft.started && verb !== 'run') {
        this.warnings.add(`sysbench ${verb ?? 'command'} near line ${draft.firstLine} failed: ${draft.fatal[0]}`);
        return null;
      }
    }
    const { summary, durationSec, complete } = buildSummary(draft);
    const options: RunOptions = { ...(draft.command?.options ?? {}), ...draft.headerOptions };
    if (draft.percentile !== undefined && options.percentile === undefined) options.percentile = draft.percentile;
    const { status, message } = runStatus(draft, complete);
    const run = newImportedRun({
      tool: draft.tool ?? 'sysbench',
      toolVersion: draft.toolVersion ?? 'unknown',
      id,
      source: this.source,
      workload: draft.command?.workload ?? 'unknown',
      options,
      startTime: importedStartTime(this.source),
      durationSec,
      intervals: draft.intervals,
      summary,
      status,
      message,
    });
    if (draft.histogram !== undefined && draft.histogram.counts.length > 0) run.histogram = draft.histogram;
    return run;
  }
}

function newSummary(startLine: number): SummaryDraft {
  return { startLine, latency: {}, fairnessSeen: false };
}

function hasNumbers(draft: RunDraft): boolean {
  return draft.intervals.length > 0 || draft.summary !== undefined;
}

function addNote(draft: RunDraft, note: string): void {
  if (draft.notes.length < 5 && !draft.notes.includes(note)) draft.notes.push(note);
}

const SUMMARY_LABELS = new Set([
  'queries performed',
  'read',
  'write',
  'other',
  'total',
  'transactions',
  'queries',
  'read/write requests',
  'other operations',
  'ignored errors',
  'deadlocks',
  'reconnects',
  'general statistics',
  'test execution summary',
  'throughput',
  'total time',
  'time elapsed',
  'total number of events',
  'events/s (eps)',
  'events per second',
  'total time taken by event execution',
  'latency (ms)',
  'response time',
  'per-request statistics',
  'min',
  'avg',
  'max',
  'sum',
  'percentile stats',
  'threads fairness',
  'events (avg/stddev)',
  'execution time (avg/stddev)',
  'cpu speed',
]);

function isSummaryLabel(label: string): boolean {
  return SUMMARY_LABELS.has(label) || /^(\d+(\.\d+)?th|approx\. \d+(\.\d+)?) percentile$/.test(label);
}

function percentileKey(percentile: number): keyof LatencySummaryMs | undefined {
  const keys: Record<string, keyof LatencySummaryMs> = { '50': 'p50', '90': 'p90', '95': 'p95', '99': 'p99', '99.9': 'p999' };
  return keys[String(percentile)];
}

function secondsOf(value: string): number | undefined {
  const ms = parseMilliseconds(value, 's');
  return ms === null ? undefined : ms / 1000;
}

function rate(match: RegExpExecArray | null, group = 1): number | undefined {
  if (!match) return undefined;
  return parseDecimal(match[group]) ?? 0;
}

/**
 * One interval report line as sysbench prints it ("[ 10s ] thds: ... err/s: ... reconn/s: ...") in
 * the result model, with the percentile its latency is at; null for any other line.
 */
export function parseIntervalReportLine(line: string): { interval: ResultInterval; percentile?: number } | null {
  const stamped = TIMESTAMPED.exec(line.trim());
  if (!stamped || QUEUE.test(stamped[2]) || CHECKPOINT.test(stamped[2])) return null;
  return parseReportLine(Number(stamped[1]), stamped[2]);
}

/** The "[ 10s ] queue length: N, concurrency: N" line of a --rate run; null for any other line. */
export function parseQueueLine(line: string): { t: number; queueLength: number; concurrency: number } | null {
  const match = /^\[\s*(\d+(?:\.\d+)?)\s*s\s*\]\s*queue length:\s*(\d+),\s*concurrency:\s*(\d+)$/i.exec(line.trim());
  return match ? { t: Number(match[1]), queueLength: Number(match[2]), concurrency: Number(match[3]) } : null;
}

function parseReportLine(t: number, body: string): { interval: ResultInterval; percentile?: number } | null {
  const exact = REPORT_1_0.exec(body);
  if (exact) {
    const [threads, tps, qps, reads, writes, others, percentile, latency, errors, reconnects] = exact.slice(1).map(Number);
    const key = percentileKey(percentile);
    const latencyMs: IntervalLatencyMs = key === undefined ? { p95: null } : { p95: null, [key]: latency };
    return { interval: { t, threads, tps, qps, reads, writes, others, errors, reconnects, latencyMs }, percentile };
  }
  const threads = THREADS.exec(body);
  const tps = rate(TPS.exec(body));
  if (!threads || tps === undefined) return null;
  const rwo = READ_WRITE_OTHER.exec(body);
  const reads = rwo ? (rate(rwo, 1) ?? 0) : (rate(READS.exec(body)) ?? 0);
  const writes = rwo ? (rate(rwo, 2) ?? 0) : (rate(WRITES.exec(body)) ?? 0);
  const others = rwo ? (rate(rwo, 3) ?? 0) : 0;
  const qps = rate(QPS.exec(body)) ?? reads + writes + others;
  const latency: IntervalLatencyMs = { p95: null };
  let percentile: number | undefined;
  const percentileFirst = LATENCY_PERCENTILE_FIRST.exec(body);
  const valueFirst = LATENCY_VALUE_FIRST.exec(body);
  if (percentileFirst || valueFirst) {
    percentile = Number(percentileFirst ? percentileFirst[1] : (valueFirst as RegExpExecArray)[2]);
    const value = parseDecimal(percentileFirst ? percentileFirst[2] : (valueFirst as RegExpExecArray)[1]);
    const key = percentileKey(percentile);
    if (key !== undefined) latency[key] = value;
  }
  return {
    interval: {
      t,
      threads: Number(threads[1]),
      tps,
      qps,
      reads,
      writes,
      others,
      errors: rate(ERRORS.exec(body)) ?? 0,
      reconnects: rate(RECONNECTS.exec(body)) ?? 0,
      latencyMs: latency,
    },
    percentile,
  };
}

function summaryComplete(summary: SummaryDraft | undefined): boolean {
  if (summary === undefined) return false;
  if (summary.fairnessSeen) return true;
  const events = summary.transactions ?? summary.totalEvents;
  return summary.totalTimeSec !== undefined && events !== undefined && summary.latency.max != null;
}

/** sysbench's own numbers where it printed them, the report lines' where it did not. */
function buildSummary(draft: RunDraft): { summary: ResultSummary; durationSec: number; complete: boolean } {
  const fromIntervals = summaryFromIntervals(draft.intervals);
  const printed = draft.summary;
  if (printed === undefined) return { ...fromIntervals, complete: false };
  const base = fromIntervals.summary;
  const durationSec = printed.totalTimeSec ?? fromIntervals.durationSec;
  const events = printed.transactions ?? printed.totalEvents ?? base.events;
  const reads = printed.reads ?? base.reads;
  const writes = printed.writes ?? base.writes;
  const others = printed.others ?? base.others;
  const queries = printed.total ?? printed.queries ?? (printed.reads !== undefined ? reads + writes + others : base.queries);
  const perSecond = (count: number, fallback: number): number => (printed.totalTimeSec ? count / printed.totalTimeSec : fallback);
  const oldQps =
    printed.readWritePerSec !== undefined && printed.otherPerSec !== undefined ? printed.readWritePerSec + printed.otherPerSec : undefined;
  const summary: ResultSummary = {
    ...emptySummary(),
    events,
    queries,
    reads,
    writes,
    others,
    tps: printed.transactionsPerSec ?? printed.eventsPerSec ?? perSecond(events, base.tps),
    qps: printed.queriesPerSec ?? oldQps ?? perSecond(queries, base.qps),
    errors: printed.errors ?? base.errors,
    reconnects: printed.reconnects ?? base.reconnects,
  };
  summary.latencyMs = { ...summary.latencyMs, ...printed.latency };
  return { summary, durationSec, complete: summaryComplete(printed) };
}

function runStatus(draft: RunDraft, complete: boolean): { status: RunResult['status']; message?: string } {
  const notes = [...draft.notes];
  if (draft.checkpoints) notes.push("with --report-checkpoints sysbench's final summary covers only the time after the last checkpoint");
  const fatal = draft.fatal.slice(0, 3).map((text) => `FATAL: ${text}`);
  const join = (parts: string[]): string | undefined => (parts.length > 0 ? parts.join('\n') : undefined);
  if (complete) return { status: 'completed', message: join([...fatal, ...notes]) };
  if (fatal.length > 0) {
    return {
      status: 'failed',
      message: join(['sysbench stopped with an error; the summary is worked out from the report lines', ...fatal, ...notes]),
    };
  }
  if (draft.summary !== undefined) {
    return {
      status: 'failed',
      message: join([
        `sysbench's summary is cut short (it starts at line ${draft.summary.startLine}); missing values are worked out from the report lines`,
        ...notes,
      ]),
    };
  }
  return {
    status: 'cancelled',
    message: join([
      "the log ends before sysbench's final summary (the run was interrupted); the summary is worked out from the report lines",
      ...notes,
    ]),
  };
}
