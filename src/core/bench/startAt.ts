// --start-at: one start time for the same `tidb-lab bench` on several load machines. An ISO 8601
// time (2026-12-01T18:00:00Z) or Unix epoch seconds; each machine waits until then (by its own
// clock: keep the clocks in sync, e.g. chrony) and then starts its threads.
import { OptionError } from './benchOptions';

/** The start time in epoch ms; throws OptionError for what is not a time. */
export function parseStartAt(value: string): number {
  const text = value.trim();
  const ms = /^\d+(\.\d+)?$/.test(text) ? Number(text) * 1000 : /^\d{4}-\d\d-\d\dT/.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new OptionError(`Invalid value for --start-at: '${value}' (an ISO 8601 time such as 2026-12-01T18:00:00Z, or Unix seconds)`);
  return ms;
}

/** Waits until `startMs` (at once when it has passed); false when the signal fired first. */
export function waitUntilStart(startMs: number, signal?: AbortSignal, now: () => number = Date.now): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  const waitMs = startMs - now();
  if (waitMs <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, waitMs);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
