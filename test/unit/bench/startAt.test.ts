// --start-at: a time more than 7 days ahead (a mistyped year) or one that has passed is refused
// before anything connects; within the bound the wait is made of bounded timer steps, so a wait
// longer than Node's largest timer (2^31-1 ms, 24.8 days) does not fire at once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OptionError } from '../../../src/core/bench/benchOptions';
import { parseStartAtFromNow, START_AT_MAX_AHEAD_MS, START_AT_PAST_TOLERANCE_MS, waitUntilStart } from '../../../src/core/bench/startAt';

const NOW = Date.parse('2026-12-07T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('--start-at bound', () => {
  test('7 days ahead is taken; 1 ms more is refused, naming the time and now', () => {
    assert.equal(parseStartAtFromNow(iso(NOW + START_AT_MAX_AHEAD_MS), NOW), NOW + START_AT_MAX_AHEAD_MS);
    assert.throws(
      () => parseStartAtFromNow(iso(NOW + START_AT_MAX_AHEAD_MS + 1), NOW),
      (error: unknown) =>
        error instanceof OptionError &&
        /--start-at 2026-12-14T12:00:00\.001Z is more than 7 days ahead \(it is 2026-12-07T12:00:00\.000Z now\)/.test(error.message),
    );
  });

  test('a mistyped year is refused, as ISO time and as Unix seconds', () => {
    assert.throws(() => parseStartAtFromNow('2030-01-01T00:00:00Z', NOW), /more than 7 days ahead/);
    assert.throws(() => parseStartAtFromNow(String(Date.parse('2030-01-01T00:00:00Z') / 1000), NOW), /more than 7 days ahead/);
  });

  test('now and up to START_AT_PAST_TOLERANCE_MS ago start at once; longer ago is refused', () => {
    assert.equal(parseStartAtFromNow(iso(NOW), NOW), NOW);
    assert.equal(parseStartAtFromNow(iso(NOW - START_AT_PAST_TOLERANCE_MS), NOW), NOW - START_AT_PAST_TOLERANCE_MS);
    assert.throws(() => parseStartAtFromNow(iso(NOW - START_AT_PAST_TOLERANCE_MS - 1), NOW), /--start-at .* has passed/);
    assert.throws(() => parseStartAtFromNow('2026-12-01T18:00:00Z', NOW), OptionError);
  });

  test('what is not a time is still refused as before', () => {
    assert.throws(() => parseStartAtFromNow('tomorrow', NOW), /Invalid value for --start-at/);
  });
});

describe('--start-at wait', () => {
  test('a wait longer than the largest timer does not end at once', async () => {
    const controller = new AbortController();
    let ended = false;
    const waiting = waitUntilStart(Date.now() + 30 * 24 * 3600 * 1000, controller.signal).then((started) => {
      ended = true;
      return started;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(ended, false, 'still waiting');
    controller.abort();
    assert.equal(await waiting, false);
  });

  test('bounded steps: the clock is read again after each, and the wait ends when it reaches the time', async () => {
    let clock = 0;
    const reads: number[] = [];
    const now = () => {
      reads.push(clock);
      clock += 400; // each step "takes" 400 ms of the clock
      return clock - 400;
    };
    assert.equal(await waitUntilStart(1000, undefined, now, 5), true);
    assert.deepEqual(reads, [0, 400, 800, 1200], 'three steps, then the time had come');
  });
});
