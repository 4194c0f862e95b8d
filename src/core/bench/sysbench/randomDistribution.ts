// The --rand-type option and the parameters of sysbench's distributions (sb_rand.c).

export const RAND_TYPES = ['uniform', 'gaussian', 'special', 'pareto', 'zipfian'] as const;
export type RandType = (typeof RAND_TYPES)[number];

export interface DistributionSettings {
  type: RandType;
  /** --rand-spec-iter: iterations of the gaussian part (gaussian and special) */
  specIter: number;
  /** --rand-spec-pct: share of the range the special values fall in, percent */
  specPct: number;
  /** --rand-spec-res: share of draws that are special values, percent */
  specRes: number;
  /** --rand-pareto-h */
  paretoH: number;
  /** --rand-zipfian-exp (sysbench 1.1; 1.0.20 has no zipfian) */
  zipfianExp: number;
}

export const DEFAULT_DISTRIBUTION: DistributionSettings = {
  type: 'special',
  specIter: 12,
  specPct: 1,
  specRes: 75,
  paretoH: 0.2,
  zipfianExp: 0.8,
};

export function isRandType(value: string): value is RandType {
  return (RAND_TYPES as readonly string[]).includes(value);
}
