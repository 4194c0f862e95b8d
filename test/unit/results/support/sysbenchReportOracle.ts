// An independent reading of sysbench 1.0.20 output for the tests: sysbench prints these lines with
// fixed printf formats (db_driver.c, sysbench.c), so a few strict patterns pick out every number it
// printed. The importer must give back exactly these numbers.

import assert from 'node:assert/strict';
import type { LatencySummaryMs, RunResult } from '../../../../src/core/results/benchmarkResult';

export interface OracleInterval {
  t: number;
  threads: number;
  tps: number;
  qps: number;
  reads: number;
  writes: number;
  others: number;
  percentile: number;
  latency: number;
  errors: number;
  reconnects: number;
}

export interface OracleSummary {
  reads: number;
  writes: number;
  others: number;
  total: number;
  transactions: number;
  tps: number;
  queries: number;
  qps: number;
  ignoredErrors: number;
  reconnects: number;
  totalTimeSec: number;
  events: number;
  min: number;
  avg: number;
  max: number;
  percentile: number;
  percentileValue: number;
}

export interface OracleRun {
  intervals: OracleInterval[];
  summary: OracleSummary | null;
  histogramCounts: number[];
  fatal: boolean;
}

const REPORT =
  /^\[ (\d+)s \] thds: (\d+) tps: ([\d.]+) qps: ([\d.]+) \(r\/w\/o: ([\d.]+)\/([\d.]+)\/([\d.]+)\) lat \(ms,(\d+)%\): ([\d.]+) err\/s: ([\d.]+) reconn\/s: ([\d.]+)$/;

function summaryNumber(section: string, pattern: RegExp): number {
  const match = pattern.exec(section);
  if (!match) throw new Error(`the oracle found no ${pattern} in the summary`);
  return Number(match[1]);
}

/** One entry per "sysbench 1.0.20 (...)" header in the text. */
export function sysbenchRunsInText(text: string): OracleRun[] {
  const sections = text.split(/^sysbench 1\.0\.20 \(.*\)$/m).slice(1);
  return sections.map((section): OracleRun => {
    const intervals: OracleInterval[] = [];
    const histogramCounts: number[] = [];
    for (const line of section.split('\n')) {
      const report = REPORT.exec(line);
      if (report) {
        const [t, threads, tps, qps, reads, writes, others, percentile, latency, errors, reconnects] = report.slice(1).map(Number);
        intervals.push({ t, threads, tps, qps, reads, writes, others, percentile, latency, errors, reconnects });
      }
      const histogramRow = /^ +[\d.]+ \|\** +(\d+)$/.exec(line);
      if (histogramRow) histogramCounts.push(Number(histogramRow[1]));
    }
    const start = section.indexOf('SQL statistics:');
    const summaryText = start < 0 ? '' : section.slice(start);
    const percentile = /^ +(\d+)th percentile: +([\d.]+)$/m.exec(summaryText);
    const summary: OracleSummary | null =
      start < 0
        ? null
        : {
            reads: summaryNumber(summaryText, /^ +read: +(\d+)$/m),
            writes: summaryNumber(summaryText, /^ +write: +(\d+)$/m),
            others: summaryNumber(summaryText, /^ +other: +(\d+)$/m),
            total: summaryNumber(summaryText, /^ +total: +(\d+)$/m),
            transactions: summaryNumber(summaryText, /^ +transactions: +(\d+) +\(/m),
            tps: summaryNumber(summaryText, /^ +transactions: +\d+ +\(([\d.]+) per sec\.\)$/m),
            queries: summaryNumber(summaryText, /^ +queries: +(\d+) +\(/m),
            qps: summaryNumber(summaryText, /^ +queries: +\d+ +\(([\d.]+) per sec\.\)$/m),
            ignoredErrors: summaryNumber(summaryText, /^ +ignored errors: +(\d+) +\(/m),
            reconnects: summaryNumber(summaryText, /^ +reconnects: +(\d+) +\(/m),
            totalTimeSec: summaryNumber(summaryText, /^ +total time: +([\d.]+)s$/m),
            events: summaryNumber(summaryText, /^ +total number of events: +(\d+)$/m),
            min: summaryNumber(summaryText, /^ +min: +([\d.]+)$/m),
            avg: summaryNumber(summaryText, /^ +avg: +([\d.]+)$/m),
            max: summaryNumber(summaryText, /^ +max: +([\d.]+)$/m),
            percentile: percentile ? Number(percentile[1]) : NaN,
            percentileValue: percentile ? Number(percentile[2]) : NaN,
          };
    return { intervals, summary, histogramCounts, fatal: /^FATAL: /m.test(section) };
  });
}

const PERCENTILE_KEYS: Record<number, keyof LatencySummaryMs> = { 95: 'p95', 99: 'p99' };

/** Every number sysbench printed, read back from the imported run. */
export function assertSameNumbers(run: RunResult, expected: OracleRun): void {
  assert.equal(run.intervals.length, expected.intervals.length, 'one interval per report line');
  expected.intervals.forEach((line, index) => {
    const interval = run.intervals[index];
    const key = PERCENTILE_KEYS[line.percentile];
    assert.deepEqual(
      {
        t: interval.t,
        threads: interval.threads,
        tps: interval.tps,
        qps: interval.qps,
        reads: interval.reads,
        writes: interval.writes,
        others: interval.others,
        errors: interval.errors,
        reconnects: interval.reconnects,
        latency: interval.latencyMs[key],
      },
      {
        t: line.t,
        threads: line.threads,
        tps: line.tps,
        qps: line.qps,
        reads: line.reads,
        writes: line.writes,
        others: line.others,
        errors: line.errors,
        reconnects: line.reconnects,
        latency: line.latency,
      },
      `interval ${index + 1}`,
    );
  });
  const summary = expected.summary;
  if (summary === null) return;
  const key = PERCENTILE_KEYS[summary.percentile];
  assert.deepEqual(
    {
      events: run.summary.events,
      queries: run.summary.queries,
      reads: run.summary.reads,
      writes: run.summary.writes,
      others: run.summary.others,
      tps: run.summary.tps,
      qps: run.summary.qps,
      errors: run.summary.errors,
      reconnects: run.summary.reconnects,
      durationSec: run.durationSec,
      min: run.summary.latencyMs.min,
      avg: run.summary.latencyMs.avg,
      max: run.summary.latencyMs.max,
      percentile: run.summary.latencyMs[key],
    },
    {
      events: summary.transactions,
      queries: summary.total,
      reads: summary.reads,
      writes: summary.writes,
      others: summary.others,
      tps: summary.tps,
      qps: summary.qps,
      errors: summary.ignoredErrors,
      reconnects: summary.reconnects,
      durationSec: summary.totalTimeSec,
      min: summary.min,
      avg: summary.avg,
      max: summary.max,
      percentile: summary.percentileValue,
    },
  );
  assert.equal(summary.transactions, summary.events, 'sysbench counts one event per transaction');
  assert.equal(summary.total, summary.queries);
}
