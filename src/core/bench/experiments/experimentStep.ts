// What an experiment is doing between measurements, so a caller can say so while it happens:
// preparing data, setting up a variant (and waiting until it is ready, e.g. a cached table
// loaded), starting a cell, cleaning up. Only the cells themselves report intervals.

export type ExperimentStep =
  | { kind: 'prepare'; tableSize: number; tables: number }
  | { kind: 'variant'; variant: string; tableSize: number; waitsUntilReady: boolean }
  | { kind: 'cell'; index: number; total: number; label: string }
  | { kind: 'cleanup' };
