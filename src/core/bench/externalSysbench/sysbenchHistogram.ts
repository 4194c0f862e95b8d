// sysbench's latency histogram (the table --histogram prints at the end of a run: each row a
// bucket's log-centre in ms, to 0.001 ms, and its count) as the built-in engine's latencies. Every
// row's count goes into TiDB Lab's HDR recorder (latencyHistogram.ts) at the row's value, so the
// percentiles are read, and the result's histogram laid out, exactly as the built-in engine does
// from its own events. sysbench's buckets are about 1.8% wide, so a percentile is within a bucket
// of the latency sysbench measured. What sysbench printed itself (min, avg, max, the --percentile
// line) stays as it printed it.
import type { LatencyHistogram, LatencySummaryMs } from '../../results/benchmarkResult';
import { LatencyRecorder } from '../latencyHistogram';

/** The latencies of sysbench's histogram rows (as the log importer reads them: values and counts). */
export function sysbenchHistogramLatencies(histogram: LatencyHistogram): LatencyRecorder {
  const recorder = new LatencyRecorder();
  histogram.bucketsMs.forEach((valueMs, index) => recorder.recordMany(valueMs, histogram.counts[index] ?? 0));
  return recorder;
}

/** The summary's latencies with each percentile sysbench did not print read from its histogram. */
export function withHistogramPercentiles(printed: LatencySummaryMs, latencies: LatencyRecorder): LatencySummaryMs {
  const computed = latencies.summary();
  return {
    ...printed,
    p50: printed.p50 ?? computed.p50,
    p90: printed.p90 ?? computed.p90,
    p95: printed.p95 ?? computed.p95,
    p99: printed.p99 ?? computed.p99,
    p999: printed.p999 ?? computed.p999,
  };
}
