// go-tpc's QphH for CH-benCHmark (pingcap/go-tpc ch/workload.go OutputStats): every analytical
// query measured in the run, failures (the _ERR operations) included, counted and their latencies
// summed; QphH = 3600 * 1000 / sum(ms) * count. That is queries per hour of one AP thread's busy
// time (the sum of latencies), not per hour of wall-clock time: with N AP threads it does not grow
// N-fold. None when nothing was measured (go-tpc prints no QphH line then).

export interface MeasuredQuery {
  count: number;
  sumMs: number;
}

export function qphHOf(queries: readonly MeasuredQuery[]): number | undefined {
  let count = 0;
  let sumMs = 0;
  for (const query of queries) {
    count += query.count;
    sumMs += query.sumMs;
  }
  return sumMs > 0 ? ((3600 * 1000) / sumMs) * count : undefined;
}
