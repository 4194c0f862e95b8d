// Waiting for a condition in the real VS Code instead of sleeping: every e2e wait goes through here,
// with e2e's defaults over the one `until` of test/support/until.ts.
import { until as untilState } from '../../support/until';

/** TIDB_LAB_E2E_TIMEOUT_SCALE stretches every e2e timeout on a slow or loaded machine. */
export const timeoutScale = Number(process.env.TIDB_LAB_E2E_TIMEOUT_SCALE) || 1;

/** Reads until `good` holds, every `everyMs` (250 ms); fails after the timeout with the last value read. */
export function until<T>(
  read: () => Promise<T>,
  good: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000 * timeoutScale,
  everyMs = 250,
): Promise<T> {
  return untilState(read, good, what, timeoutMs, everyMs);
}
