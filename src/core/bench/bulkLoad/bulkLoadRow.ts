// The size of a bulk-loaded row as its columns hold it: BIGINT id (8 bytes), INT k (4), CHAR(120) c
// and CHAR(60) pad of one-byte characters (120 + 60). MB/s of data and a study sized in GB count
// these bytes (the DM study's 3.78 GB were 20,000,000 such rows: 189 bytes a row with an INT id).
export const BULK_LOAD_ROW_BYTES = 8 + 4 + 120 + 60;

export const BYTES_PER_GB = 1_000_000_000;

/** The rows that hold `gb` gigabytes (10^9 bytes) of row data, at least one. */
export function rowsForGigabytes(gb: number): number {
  return Math.max(1, Math.round((gb * BYTES_PER_GB) / BULK_LOAD_ROW_BYTES));
}
