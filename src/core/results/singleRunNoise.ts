// How far apart two single runs of the same load land by chance. A run stores no spread of its
// own, so a comparison of single runs cannot tell a small effect from run-to-run noise: changes
// under this band are greyed as possible noise (never green or red) and a note says so. Repeated
// runs (an experiment with "repeat") have a measured spread and use it instead (variantComparison).
//
// Why 10%: on a development machine with other work beside it, run-to-run noise of 5-10% is
// common. Two sets of five identical 10 s runs (4 threads, 10,000 rows, sysbench and the built-in
// engine) on the local MariaDB of a shared 2-core machine at load averages of 5 to 22 spread far
// wider: coefficient of variation of TPS 16-48% with sysbench and 28-86% built-in, the largest
// change between two of the same five runs +52% to +731%. No band keeps a crowded machine's noise
// out without greying every real effect on a quiet one; 10% covers the common case and still
// colours a +25% effect. The note says what the band cannot: only repeated rounds measure it.

/** |change| under this many percent between two single runs may be noise. */
export const SINGLE_RUN_NOISE_PCT = 10;

/** The note under a comparison of single runs (the view says the same, after the "~" it marks such a change with). */
export function singleRunNoiseNote(bandPct: number = SINGLE_RUN_NOISE_PCT): string {
  return `single runs: differences under ${bandPct}% may be noise; run 3+ rounds (an experiment with repeats) to know.`;
}

/** A change between single runs that may be noise: known, not zero, and under the band. */
export function withinSingleRunNoise(changePct: number | null, bandPct: number = SINGLE_RUN_NOISE_PCT): boolean {
  return changePct !== null && Number.isFinite(changePct) && changePct !== 0 && Math.abs(changePct) < bandPct;
}
