// --start-at: one start time for the same `tidb-lab bench` on several load machines. An ISO 8601
// time (2026-12-01T18:00:00Z) or Unix epoch seconds; each machine waits until then (by its own
// clock: keep the clocks in sync, e.g. chrony) and then starts its threads.
// A time more than START_AT_MAX_AHEAD_MS ahead (a mistyped year) or one that has passed (a machine
// that would start alone) is refused before anything connects. The wait is made of timer steps of
// at most START_AT_STEP_MS: Node's timers hold at most 2^31-1 ms (24.8 days) and fire at once
// beyond that, and each step looks at the clock again (a suspended machine, a clock set by NTP).
import { OptionError } from './benchOptions';

/** How far ahead --start-at may be: a week covers a run planned for next weekend. */
export const START_AT_MAX_AHEAD_MS = 7 * 24 * 3600 * 1000;
/** How long ago it may be and still start at once: Unix seconds cut to the second (`date +%s`) and the command's start-up. */
export const START_AT_PAST_TOLERANCE_MS = 5000;
/** The longest single timer of the wait. */
export const START_AT_STEP_MS = 60_000;

/** The start time in epoch ms; throws OptionError for what is not a time. */
export function parseStartAt(value: string): number {
  const text = value.trim();
  const ms = /^\d+(\.\d+)?$/.test(text) ? Number(text) * 1000 : /^\d{4}-\d\d-\d\dT/.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new OptionError(`Invalid value for --start-at: '${value}' (an ISO 8601 time such as 2026-12-01T18:00:00Z, or Unix seconds)`);
  return ms;
}

/** parseStartAt, and refused (OptionError) when it has passed or is more than 7 days ahead of `now`. */
export function parseStartAtFromNow(value: string, now: number = Date.now()): number {
  const ms = parseStartAt(value);
  const at = new Date(ms).toISOString();
  if (ms < now - START_AT_PAST_TOLERANCE_MS)
    throw new OptionError(`--start-at ${at} has passed (it is ${new Date(now).toISOString()} now); give a time ahead.`);
  if (ms - now > START_AT_MAX_AHEAD_MS)
    throw new OptionError(
      `--start-at ${at} is more than 7 days ahead (it is ${new Date(now).toISOString()} now); check the date, or start the command later.`,
    );
  return ms;
}

/** Waits until `startMs` (at once when it has passed); false when the signal fired first. */
export function waitUntilStart(
  startMs: number,
  signal?: AbortSignal,
  now: () => number = Date.now,
  stepMs: number = START_AT_STEP_MS,
): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (startMs - now() <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const step = () => {
      const waitMs = startMs - now();
      if (waitMs <= 0) {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
        return;
      }
      timer = setTimeout(step, Math.min(waitMs, stepMs));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    step();
  });
}
