/** Operations per thread for --count: spread so that they add up to it exactly (go-tpc gives each count/threads and drops the rest). */
export function threadCounts(count: number, threads: number): number[] {
  return Array.from({ length: threads }, (_, thread) =>
    count <= 0 ? 0 : Math.floor(count / threads) + (thread < count % threads ? 1 : 0),
  );
}
