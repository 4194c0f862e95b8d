// One timing harness for the linearity tests: the CPU time of this process (other processes on a
// loaded machine do not count) for an input and one `factor` times as large, measured in alternating
// rounds, the median of each size. A quadratic reader is over the bound on every attempt; a linear one
// only when a collection or a busy machine lands in the measurements, so an attempt over the bound is
// measured again.
import assert from 'node:assert/strict';

export interface GrowthCheck {
  /** Named in the failure message. */
  name: string;
  /** How many times larger the large input is. */
  factor: number;
  /** The most the large input may take, as a multiple of the small one's time. */
  maxGrowth: number;
  /** The small input's time is taken as at least this (below it the ratio is noise, not growth). */
  floorMs: number;
  small: () => void;
  large: () => void;
  /** Alternating rounds of each attempt (default 3). */
  rounds?: number;
  /** Attempts before the check fails (default 3). */
  attempts?: number;
}

export function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The growth measured: the medians of the small and the large input, and their ratio. */
export interface Growth {
  smallMs: number;
  largeMs: number;
  ratio: number;
}

export function measureGrowth(check: GrowthCheck): Growth {
  const rounds = check.rounds ?? 3;
  check.small(); // warm-up: the first run compiles the code
  let growth: Growth = { smallMs: 0, largeMs: 0, ratio: Number.POSITIVE_INFINITY };
  for (let attempt = 0; attempt < (check.attempts ?? 3) && growth.ratio >= check.maxGrowth; attempt++) {
    const small: number[] = [];
    const large: number[] = [];
    for (let round = 0; round < rounds; round++) {
      small.push(cpuMs(check.small));
      large.push(cpuMs(check.large));
    }
    const smallMs = median(small);
    const largeMs = median(large);
    growth = { smallMs, largeMs, ratio: largeMs / Math.max(smallMs, check.floorMs) };
  }
  return growth;
}

/** Fails when the large input takes `maxGrowth` times the small one's time or more. */
export function assertLinearGrowth(check: GrowthCheck): void {
  const { smallMs, largeMs, ratio } = measureGrowth(check);
  assert.ok(
    ratio < check.maxGrowth,
    `${check.name}: ${check.factor}x the input took ${ratio.toFixed(1)}x as long (${smallMs.toFixed(1)} ms vs ${largeMs.toFixed(1)} ms; ` +
      `linear is about ${check.factor}x, the bound ${check.maxGrowth}x)`,
  );
}
