// Reads go-tpc / `tiup bench` output in its default plain style: periodic "[Current] <OP> - Takes(s): ..."
// blocks (every --interval, 10 s by default, counters reset each time), "Finished", the
// "[Summary] <OP> - ..." block and "tpmC: ..., efficiency: ...%" (pkg/measurement/hist.go,
// tpcc/workload.go, cmd/go-tpc/tpcc.go). tpch's "[Summary] Q1: 2.35s" lines are read too, and
// CH-benCHmark's (cmd/go-tpc/ch_benchmark.go, ch/workload.go): the TPC-C lines, the queries' lines
// ("[Summary] Q1     - Count: 3, Sum(ms): ..., Avg(ms): ..."), "Finished: N OLTP workers, M OLAP
// workers" and "QphH: ...".
//
// How the numbers map onto the result model (go-tpc counts transactions, not statements):
// - tps is the sum of every operation's TPM / 60 (the _ERR operations excluded) and qps repeats it;
//   events and queries are the summed counts; errors are the counts of the <OP>_ERR operations.
//   In a ch run these are TPC-C's transactions only: the analytical queries (Q1..Q22) are in labels
//   beside "QphH".
// - latency is the main operation's: NEW_ORDER for tpcc (the one tpmC counts), otherwise the most
//   frequent one. Every operation's own numbers are kept in labels ("PAYMENT.p99_ms", "tpmC", ...).

import type { IntervalLatencyMs, ResultInterval, ResultSummary, RunResult } from '../benchmarkResult';
import { CLIENT_SUMMARY_LINE } from '../clientBound';
import { findToolInvocation } from './commandLine';
import { GO_TPC_FLAGS, parseGoToolCommand, type GoToolCommand } from './goCommandLine';
import {
  emptySummary,
  importedStartTime,
  newImportedRun,
  summaryFromIntervals,
  type ImportSource,
  type LogImport,
  type RunOptions,
} from './importedRun';
import { parseDecimal, parseGoDurationSeconds, shorten, type LogLine } from './logLines';
import { LogRunReader } from './logRunReader';
import { operationLabels, operationLatency, parseOperationStats, type OperationStats } from './operationStatsLine';

// 'tidb-lab bench': TiDB Lab's rawsql prints its command line as a comment before go-tpc's lines
const PROGRAMS = ['go-tpc', 'tiup-bench', 'tiup bench', 'tidb-lab bench'];
const PREFIXED = /^\[(Current|Summary)\]\s+(.*)$/;
const QUERY_TIME = /^(\w+):\s*(\d+(?:\.\d+)?)s$/;
const TIMESTAMPED_MESSAGE = /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\]\s+(.*)$/;
const DEFAULT_INTERVAL_SEC = 10;

const KNOWN_NOISE: readonly RegExp[] = [
  // TiDB Lab's tpcc and ch: the client's load after the summary
  CLIENT_SUMMARY_LINE,
  /worker \d+ stopped due to timeout/,
  /^Auto-setting connection max lifetime/,
  /^(creating|begin to check|check .* (pass|done)|load to )/i,
  /^(analyzing|analyze) table/,
  /^Skip preparing checking/,
];

interface GoTpcRunDraft {
  firstLine: number;
  command?: GoToolCommand;
  toolVersion?: string;
  blocks: OperationStats[][];
  summary: OperationStats[];
  queryTimes: { current: Map<string, number>; summary: Map<string, number> };
  totals: Record<string, number>;
  finished: boolean;
  errors: string[];
}

export function importGoTpcLog(text: string, source: ImportSource = {}): LogImport {
  return new GoTpcLogReader(text, source).read();
}

export function countGoTpcMarkers(lines: readonly LogLine[]): number {
  return lines.filter(
    ({ trimmed }) =>
      /^\[(Current|Summary)\]\s+(\S+\s+-\s+Takes\(s\):|Q\d+:\s*[\d.]+s$|Q\d+(_ERR)?\s+-\s+Count:)/.test(trimmed) ||
      /^(tpmC|QphH):\s*[\d.]+/.test(trimmed),
  ).length;
}

class GoTpcLogReader extends LogRunReader<GoTpcRunDraft> {
  private openBlock: OperationStats[] | null = null;

  constructor(text: string, source: ImportSource) {
    super(text, source, 'go-tpc', 'no go-tpc run found: no [Current] or [Summary] lines');
  }

  protected newDraft(firstLine: number): GoTpcRunDraft {
    return {
      firstLine,
      blocks: [],
      summary: [],
      queryTimes: { current: new Map(), summary: new Map() },
      totals: {},
      finished: false,
      errors: [],
    };
  }

  protected readLine(line: LogLine): void {
    const text = line.trimmed;
    const prefixed = PREFIXED.exec(text);
    if (!prefixed) this.openBlock = null;

    const componentStart = /^Starting component `[^`]*`:\s*(.*)$/.exec(text);
    const invocation = findToolInvocation(componentStart ? componentStart[1] : text, PROGRAMS);
    if (invocation !== null) {
      if (hasContent(this.draft)) this.startRun(line.number);
      this.draft.command = parseGoToolCommand(invocation.args, GO_TPC_FLAGS);
      const version = componentStart ? /\/v(\d+\.\d+[\w.-]*)\//.exec(componentStart[1]) : null;
      if (version) this.draft.toolVersion = version[1];
      return;
    }
    if (text.startsWith('#')) return;
    if (prefixed) {
      this.readPrefixed(line, prefixed[1] as 'Current' | 'Summary', prefixed[2]);
      return;
    }
    if (text === 'Finished' || /^Finished: \d+ OLTP workers, \d+ OLAP workers$/.test(text)) {
      this.draft.finished = true;
      return;
    }
    const qphH = /^QphH:\s*(\d+(?:\.\d+)?)$/.exec(text);
    if (qphH) {
      this.draft.totals.qphH = Number(qphH[1]);
      return;
    }
    const totals = /^tpmC:\s*(.*)$/.exec(text);
    if (totals) {
      for (const pair of `tpmC: ${totals[1]}`.split(/,\s*/)) {
        const [name, value] = pair.split(/:\s*/);
        const number = parseDecimal(value?.replace(/%$/, ''));
        if (number !== null) this.draft.totals[name === 'efficiency' ? 'efficiency_pct' : name] = number;
      }
      return;
    }
    const message = TIMESTAMPED_MESSAGE.exec(text)?.[1] ?? text;
    if (/^execute \w+ failed, err /.test(message) || /^panic: /.test(message)) {
      if (this.draft.errors.length < 3) this.draft.errors.push(message);
      return;
    }
    if (KNOWN_NOISE.some((pattern) => pattern.test(message))) return;
    this.warnings.line(line.number, `not a go-tpc output line: '${shorten(text)}'`);
  }

  private readPrefixed(line: LogLine, prefix: 'Current' | 'Summary', body: string): void {
    const queryTime = QUERY_TIME.exec(body);
    if (queryTime) {
      const summaryTimes = this.draft.queryTimes.summary;
      if ((prefix === 'Summary' && summaryTimes.has(queryTime[1])) || (prefix === 'Current' && summaryTimes.size > 0))
        this.startRun(line.number);
      const times = prefix === 'Current' ? this.draft.queryTimes.current : this.draft.queryTimes.summary;
      times.set(queryTime[1], Number(queryTime[2]) * 1000);
      return;
    }
    const stats = parseOperationStats(body);
    if (stats === null) {
      this.warnings.line(line.number, `not a go-tpc statistics line: '${shorten(line.trimmed)}'`);
      return;
    }
    if (prefix === 'Current') {
      if (this.draft.summary.length > 0 || this.draft.finished) this.startRun(line.number);
      if (
        this.openBlock === null ||
        this.openBlock.some((other) => other.operation === stats.operation) ||
        startsTpccBlock(this.openBlock, stats)
      ) {
        this.openBlock = [];
        this.draft.blocks.push(this.openBlock);
      }
      this.openBlock.push(stats);
    } else {
      this.openBlock = null;
      if (this.draft.summary.some((other) => other.operation === stats.operation)) this.startRun(line.number);
      this.draft.summary.push(stats);
    }
  }

  protected override startRun(lineNumber: number): void {
    super.startRun(lineNumber);
    this.openBlock = null;
  }

  protected toRunResult(draft: GoTpcRunDraft, id: string): RunResult | null {
    const queryTimes = draft.queryTimes.summary.size > 0 ? draft.queryTimes.summary : draft.queryTimes.current;
    if (draft.blocks.length === 0 && draft.summary.length === 0 && queryTimes.size === 0) {
      if (draft.errors.length > 0) this.warnings.add(`go-tpc near line ${draft.firstLine} failed before reporting: ${draft.errors[0]}`);
      return null;
    }
    const options: RunOptions = { ...(draft.command?.options ?? {}) };
    const workload = draft.command?.positional[0] ?? inferWorkload(draft);
    const intervalSec =
      typeof options.interval === 'string' ? (parseGoDurationSeconds(options.interval) ?? DEFAULT_INTERVAL_SEC) : DEFAULT_INTERVAL_SEC;
    const threads = typeof options.threads === 'number' ? options.threads : 0;
    const main = mainOperation(draft);
    // a ch run's throughput is TPC-C's; its queries are in the labels
    const counted = (block: OperationStats[]) => (workload === 'ch' ? block.filter((stats) => !isChQuery(stats)) : block);
    const intervals = draft.blocks.map((block, i) => blockInterval(counted(block), (i + 1) * intervalSec, threads, main));
    const complete = draft.summary.length > 0 || draft.queryTimes.summary.size > 0;
    const { summary, durationSec } =
      draft.summary.length > 0 ? summaryOf(counted(draft.summary), main, draft.summary) : summaryFromIntervals(intervals);
    if (draft.summary.length === 0 && queryTimes.size > 0) {
      this.warnings.add(
        `go-tpc ${workload} output near line ${draft.firstLine} has no counts: only per-query average times were imported (labels "<query>.avg_ms")`,
      );
    }
    const labels: Record<string, number> = {
      ...operationLabels(draft.summary.length > 0 ? draft.summary : (draft.blocks.at(-1) ?? [])),
      ...draft.totals,
    };
    for (const [query, ms] of queryTimes) labels[`${query}.avg_ms`] = ms;
    const status: RunResult['status'] = complete ? 'completed' : draft.errors.length > 0 ? 'failed' : 'cancelled';
    const notes = complete
      ? draft.errors
      : [
          draft.errors.length > 0
            ? 'go-tpc stopped with an error before its summary; the summary is worked out from the [Current] lines'
            : 'the log ends before the [Summary] lines (the run was interrupted); the summary is worked out from the [Current] lines',
          ...draft.errors,
        ];
    const run = newImportedRun({
      tool: 'go-tpc',
      toolVersion: draft.toolVersion ?? 'unknown',
      id,
      source: this.source,
      workload,
      options,
      startTime: importedStartTime(this.source),
      durationSec,
      intervals,
      summary,
      status,
      message: notes.length > 0 ? notes.join('\n') : undefined,
    });
    if (Object.keys(labels).length > 0) run.labels = labels;
    return run;
  }
}

function hasContent(draft: GoTpcRunDraft): boolean {
  return (
    draft.command !== undefined ||
    draft.blocks.length > 0 ||
    draft.summary.length > 0 ||
    draft.queryTimes.current.size > 0 ||
    draft.queryTimes.summary.size > 0
  );
}

const isError = (stats: OperationStats): boolean => stats.operation.endsWith('_ERR');
const isChQuery = (stats: OperationStats): boolean => /^Q\d+(_ERR)?$/.test(stats.operation);

const TPCC_TRANSACTION = /^(DELIVERY|NEW_ORDER|ORDER_STATUS|PAYMENT|STOCK_LEVEL)$/;

/**
 * go-tpc prints an interval's transactions sorted by name (tpcc/workload.go) and leaves out those
 * that did not run in it: a transaction that sorts before the block's last one starts the next
 * interval (DELIVERY after the previous interval's STOCK_LEVEL). The _ERR lines are left out of
 * the comparison (logs written by hand put them last).
 */
function startsTpccBlock(block: readonly OperationStats[], stats: OperationStats): boolean {
  if (!TPCC_TRANSACTION.test(stats.operation)) return false;
  const last = block.filter((other) => TPCC_TRANSACTION.test(other.operation)).at(-1);
  return last !== undefined && stats.operation < last.operation;
}

function inferWorkload(draft: GoTpcRunDraft): string {
  const operations = [...draft.summary, ...draft.blocks.flat()].map((stats) => stats.operation);
  if (operations.includes('NEW_ORDER')) return operations.some((name) => /^Q\d+$/.test(name)) || 'qphH' in draft.totals ? 'ch' : 'tpcc';
  if (draft.queryTimes.summary.size > 0 || draft.queryTimes.current.size > 0) return 'tpch';
  return 'unknown';
}

function mainOperation(draft: GoTpcRunDraft): string | undefined {
  const all = draft.summary.length > 0 ? draft.summary : draft.blocks.flat();
  if (all.some((stats) => stats.operation === 'NEW_ORDER')) return 'NEW_ORDER';
  let main: OperationStats | undefined;
  for (const stats of all) {
    if (!isError(stats) && (main === undefined || (stats.values.get('Count') ?? 0) > (main.values.get('Count') ?? 0))) main = stats;
  }
  return main?.operation;
}

function perSecond(stats: OperationStats): number {
  const tpm = stats.values.get('TPM');
  if (tpm !== undefined) return tpm / 60;
  const takes = stats.values.get('Takes(s)') ?? 0;
  return takes > 0 ? (stats.values.get('Count') ?? 0) / takes : 0;
}

function blockInterval(block: OperationStats[], t: number, threads: number, main: string | undefined): ResultInterval {
  const tps = block.filter((stats) => !isError(stats)).reduce((sum, stats) => sum + perSecond(stats), 0);
  const errors = block.filter(isError).reduce((sum, stats) => sum + perSecond(stats), 0);
  const latency = operationLatency(block.find((stats) => stats.operation === main));
  const latencyMs: IntervalLatencyMs = {
    avg: latency.avg,
    max: latency.max,
    p50: latency.p50,
    p90: latency.p90,
    p95: latency.p95,
    p99: latency.p99,
    p999: latency.p999,
  };
  const operations = Object.fromEntries(block.filter((stats) => !isError(stats)).map((stats) => [stats.operation, perSecond(stats)]));
  return { t, threads, tps, qps: tps, reads: 0, writes: 0, others: 0, errors, reconnects: 0, latencyMs, operations };
}

/** block: the operations the summary counts; all: every [Summary] line, for the duration */
function summaryOf(block: OperationStats[], main: string | undefined, all = block): { summary: ResultSummary; durationSec: number } {
  const done = block.filter((stats) => !isError(stats));
  const events = done.reduce((sum, stats) => sum + (stats.values.get('Count') ?? 0), 0);
  const tps = done.reduce((sum, stats) => sum + perSecond(stats), 0);
  const summary: ResultSummary = {
    ...emptySummary(),
    events,
    queries: events,
    tps,
    qps: tps,
    errors: block.filter(isError).reduce((sum, stats) => sum + (stats.values.get('Count') ?? 0), 0),
    latencyMs: operationLatency(block.find((stats) => stats.operation === main)),
  };
  const durationSec = Math.max(0, ...all.map((stats) => stats.values.get('Takes(s)') ?? 0));
  return { summary, durationSec };
}
