// Reading sysbench's output as it streams: complete lines out of chunks, each interval report line
// as the interval report the built-in engine emits, and the numbers of its final summary that the
// result model has no place for (fairness, latency sum) with the summary's own text.
import { parseIntervalReportLine, parseQueueLine } from '../../results/importers/sysbenchLogImporter';
import type { RunDetails } from '../runBenchmark';
import type { IntervalReport } from '../measurement/runStatistics';

/** Splits a stream into lines; `push` returns the lines a chunk completed, `end` the rest. */
export class LineSplitter {
  private rest = '';

  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const lines = text.split(/\r?\n/);
    this.rest = lines.pop() ?? '';
    return lines;
  }

  end(): string[] {
    const rest = this.rest;
    this.rest = '';
    return rest === '' ? [] : [rest];
  }
}

const INTERVAL_PERCENTILE = /\blat \(ms,[\d.]+%\):\s*(\d+(?:\.\d+)?)/;

/**
 * Interval reports from report lines. With --rate sysbench prints a queue line after each report
 * line; the report waits for it so that it carries the queue length, as the built-in engine's does.
 */
export class IntervalReportReader {
  private pending: IntervalReport | undefined;

  constructor(
    private readonly withQueue: boolean,
    private readonly emit: (report: IntervalReport) => void,
  ) {}

  line(text: string): boolean {
    const queue = parseQueueLine(text);
    if (queue && this.pending) {
      this.pending.queueLength = queue.queueLength;
      this.pending.concurrency = queue.concurrency;
      this.flush();
      return true;
    }
    const parsed = parseIntervalReportLine(text);
    if (parsed === null) return queue !== null;
    this.flush();
    const percentile = INTERVAL_PERCENTILE.exec(text);
    const report: IntervalReport = {
      interval: parsed.interval,
      latencyPercentileMs: percentile ? Number(percentile[1]) : null,
      queueLength: 0,
      concurrency: 0,
    };
    if (this.withQueue) this.pending = report;
    else this.emit(report);
    return true;
  }

  flush(): void {
    if (this.pending) this.emit(this.pending);
    this.pending = undefined;
  }
}

/**
 * RunDetails from sysbench's final summary; undefined when the output has none (a cancelled run).
 * The latency histogram before it is part of the summary's lines when `withHistogram` (the run asked
 * for --histogram; the engine asks sysbench for it anyway, to read its percentiles).
 */
export function summaryDetails(output: string, withHistogram = true): RunDetails | undefined {
  const lines = output.split(/\r?\n/);
  let start = lines.findIndex((line) => /^SQL statistics:$/.test(line.trim()));
  if (start < 0) return undefined;
  const histogram = lines.findIndex((line) => /^Latency histogram \(values are in milliseconds\)$/.test(line.trim()));
  if (withHistogram && histogram >= 0 && histogram < start) start = histogram;
  const end = lines.findIndex((line, index) => index > start && /^execution time \(avg\/stddev\):/.test(line.trim()));
  if (end < 0) return undefined;
  const text = lines.slice(start, end + 1).join('\n');
  const number = (pattern: RegExp): number | undefined => {
    const match = pattern.exec(text);
    return match ? Number(match[1]) : undefined;
  };
  const pair = (pattern: RegExp): [number, number] => {
    const match = pattern.exec(text);
    return match ? [Number(match[1]), Number(match[2])] : [0, 0];
  };
  const [eventsAvg, eventsStddev] = pair(/events \(avg\/stddev\):\s*([\d.]+)\/\s*([\d.]+)/);
  const [timeAvgSec, timeStddevSec] = pair(/execution time \(avg\/stddev\):\s*([\d.]+)\/\s*([\d.]+)/);
  return {
    fairness: { eventsAvg, eventsStddev, timeAvgSec, timeStddevSec },
    latencySumMs: number(/^\s*sum:\s*([\d.]+)$/m) ?? 0,
    percentileMs: number(/^\s*\d+(?:\.\d+)?th percentile:\s*([\d.]+)$/m) ?? null,
    reportLines: [...lines.slice(start, end + 1), ''],
  };
}
