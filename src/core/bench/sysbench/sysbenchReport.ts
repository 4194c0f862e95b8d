// Text in sysbench 1.0.20's layout (db_driver.c db_report_*, sysbench.c sb_report_cumulative), so
// people, scripts and log importers that read sysbench output read ours too.

export const SYSBENCH_COMPATIBLE_VERSION = '1.0.20';

/** printf("%<width>.2f") */
function fixed(value: number, width = 4, decimals = 2): string {
  return value.toFixed(decimals).padStart(width);
}

export interface IntervalLineValues {
  seconds: number;
  threads: number;
  tps: number;
  qps: number;
  reads: number;
  writes: number;
  others: number;
  percentile: number;
  latencyMs: number | null;
  errors: number;
  reconnects: number;
}

/** "[ 10s ] thds: 16 tps: ... qps: ... (r/w/o: .../.../...) lat (ms,95%): ... err/s: ... reconn/s: ..." (rates per second) */
export function intervalLine(values: IntervalLineValues): string {
  return (
    `[ ${Math.round(values.seconds)}s ] thds: ${values.threads} tps: ${fixed(values.tps)} qps: ${fixed(values.qps)} ` +
    `(r/w/o: ${fixed(values.reads)}/${fixed(values.writes)}/${fixed(values.others)}) ` +
    `lat (ms,${values.percentile}%): ${fixed(values.latencyMs ?? 0)} err/s: ${fixed(values.errors)} reconn/s: ${fixed(values.reconnects)}`
  );
}

export function queueLine(seconds: number, queueLength: number, concurrency: number): string {
  return `[ ${Math.round(seconds)}s ] queue length: ${queueLength}, concurrency: ${concurrency}`;
}

export interface RunHeaderValues {
  tool: string;
  threads: number;
  rate: number;
  reportInterval: number;
  seed: number;
}

export function runHeaderLines(values: RunHeaderValues): string[] {
  const lines = [values.tool, '', 'Running the test with following options:', `Number of threads: ${values.threads}`];
  if (values.rate > 0) lines.push(`Target transaction rate: ${values.rate}/sec`);
  if (values.reportInterval > 0) lines.push(`Report intermediate results every ${values.reportInterval} second(s)`);
  lines.push(
    values.seed !== 0
      ? `Initializing random number generator from seed (${values.seed}).`
      : 'Initializing random number generator from current time',
  );
  lines.push('', '', 'Initializing worker threads...', '');
  return lines;
}

/** Printed once every thread has connected and prepared its statements, as sysbench does after its start barrier. */
export const THREADS_STARTED_LINES: readonly string[] = ['Threads started!', ''];

export interface SummaryValues {
  reads: number;
  writes: number;
  others: number;
  events: number;
  errors: number;
  reconnects: number;
  /** the measured time, seconds */
  seconds: number;
  latency: { minMs: number; avgMs: number; maxMs: number; sumMs: number; percentileMs: number | null };
  percentile: number;
  fairness: { eventsAvg: number; eventsStddev: number; timeAvgSec: number; timeStddevSec: number };
  /** optional "Latency histogram" block (--histogram) */
  histogramLines?: string[];
}

export function summaryLines(values: SummaryValues): string[] {
  const queries = values.reads + values.writes + values.others;
  const per = (count: number) => (values.seconds > 0 ? count / values.seconds : 0).toFixed(2);
  const left6 = (count: number) => String(count).padEnd(6);
  const lines: string[] = [];
  if (values.histogramLines) lines.push('Latency histogram (values are in milliseconds)', ...values.histogramLines, ' ');
  lines.push(
    'SQL statistics:',
    '    queries performed:',
    `        read:                            ${values.reads}`,
    `        write:                           ${values.writes}`,
    `        other:                           ${values.others}`,
    `        total:                           ${queries}`,
    `    transactions:                        ${left6(values.events)} (${per(values.events)} per sec.)`,
    `    queries:                             ${left6(queries)} (${per(queries)} per sec.)`,
    `    ignored errors:                      ${left6(values.errors)} (${per(values.errors)} per sec.)`,
    `    reconnects:                          ${left6(values.reconnects)} (${per(values.reconnects)} per sec.)`,
    '',
    'General statistics:',
    `    total time:                          ${values.seconds.toFixed(4)}s`,
    `    total number of events:              ${values.events}`,
    '',
    'Latency (ms):',
    `         min:                              ${fixed(values.latency.minMs, 10)}`,
    `         avg:                              ${fixed(values.latency.avgMs, 10)}`,
    `         max:                              ${fixed(values.latency.maxMs, 10)}`,
    values.percentile > 0
      ? `        ${String(values.percentile).padStart(3)}th percentile:                  ${fixed(values.latency.percentileMs ?? 0, 10)}`
      : '         percentile stats:               disabled',
    `         sum:                              ${fixed(values.latency.sumMs, 10)}`,
    '',
    'Threads fairness:',
    `    events (avg/stddev):           ${values.fairness.eventsAvg.toFixed(4)}/${fixed(values.fairness.eventsStddev, 3)}`,
    `    execution time (avg/stddev):   ${values.fairness.timeAvgSec.toFixed(4)}/${fixed(values.fairness.timeStddevSec, 3)}`,
    '',
  );
  return lines;
}

/** sysbench's --histogram block: "value  ------ distribution  count" per bucket with counts. */
export function histogramLines(bucketsMs: number[], counts: number[]): string[] {
  const max = Math.max(1, ...counts);
  const lines = ['       value  ------------- distribution ------------- count'];
  for (let i = 0; i < bucketsMs.length; i++) {
    const bar = '*'.repeat(Math.round((counts[i] / max) * 40));
    lines.push(`${bucketsMs[i].toFixed(3).padStart(12)} |${bar.padEnd(40)} ${counts[i]}`);
  }
  return lines;
}
