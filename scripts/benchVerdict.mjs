// What npm run bench (scripts/bench.mjs) reads from sysbench's output and how it judges the built-in
// engine against sysbench; apart from bench.mjs so that a unit test can check it without a server.

/**
 * sysbench's percentile as it computes it (the first bucket whose running count reaches the
 * share), from the "Latency histogram" lines of --histogram=on, which print three decimals.
 */
export function histogramPercentile(stdout, percentile) {
  const buckets = [...stdout.matchAll(/^\s+([\d.]+) \|[* ]*\s(\d+)$/gm)].map((match) => ({
    value: Number(match[1]),
    count: Number(match[2]),
  }));
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  if (total === 0) return undefined;
  let seen = 0;
  for (const bucket of buckets) {
    seen += bucket.count;
    if (seen >= (total * percentile) / 100) return bucket.value;
  }
  return buckets[buckets.length - 1].value;
}

// Issue 10's goals for the built-in engine against sysbench on the shared 2 cores: throughput and
// client cost where the client works hardest (8 and 32 threads), latency where one statement at a
// time shows every microsecond of the client's path (1 and 4 threads).
export const GOALS = { qpsRatio: 0.9, cpuRatio: 1.3, p95Ratio: 1.5, throughputThreads: [8, 32], latencyThreads: [1, 4] };

/** Whether a pair meets its goal, in words for the table ('' when no goal applies to it). */
export function goalVerdict(threads, ours, sysbench) {
  const misses = [];
  if (GOALS.throughputThreads.includes(threads)) {
    const qps = shown(ours.qps / sysbench.qps);
    const cpu = shown(ours.cpuUsPerQuery / sysbench.cpuUsPerQuery);
    if (!(qps >= GOALS.qpsRatio)) misses.push(`QPS ${qps.toFixed(2)}x < ${GOALS.qpsRatio.toFixed(2)}x`);
    if (!(cpu <= GOALS.cpuRatio)) misses.push(`CPU ${cpu.toFixed(2)}x > ${GOALS.cpuRatio.toFixed(2)}x`);
  }
  if (GOALS.latencyThreads.includes(threads)) {
    const p95 = shown(ours.p95 / sysbench.p95);
    if (!(p95 <= GOALS.p95Ratio)) misses.push(`p95 ${p95.toFixed(2)}x > ${GOALS.p95Ratio.toFixed(2)}x`);
  }
  if (!GOALS.throughputThreads.includes(threads) && !GOALS.latencyThreads.includes(threads)) return '';
  return misses.length === 0 ? 'met' : `missed: ${misses.join(', ')}`;
}

/** A ratio as the table shows it (two decimals), so the verdict agrees with the printed figures. */
function shown(ratio) {
  return Number(ratio.toFixed(2));
}
