// Ticks for logarithmic axes in ms: 1-2-5 steps within each decade when the axis spans a few
// decades, whole decades when it spans more. chart.js' own log ticks label 3, 4, 6, 7, 8, 9 too,
// which crowds a small chart.

const STEPS_WITHIN_DECADE = [1, 2, 5];
const DECADES_FOR_ONE_TWO_FIVE = 3;

/** Tick values (ms) between low and high, inclusive; low and high > 0. */
export function logTicks(low: number, high: number): number[] {
  if (!(low > 0) || !(high >= low)) return [];
  const steps = Math.log10(high / low) <= DECADES_FOR_ONE_TWO_FIVE ? STEPS_WITHIN_DECADE : [1];
  const ticks: number[] = [];
  for (let decade = Math.floor(Math.log10(low)); decade <= Math.ceil(Math.log10(high)); decade++) {
    for (const step of steps) {
      const value = Number((step * 10 ** decade).toPrecision(12));
      if (value >= low * (1 - 1e-9) && value <= high * (1 + 1e-9)) ticks.push(value);
    }
  }
  return ticks;
}

/** The power of ten at or below a value: where a log axis under bars starts. */
export function decadeBelow(value: number): number {
  return 10 ** Math.floor(Math.log10(value) + 1e-9);
}
