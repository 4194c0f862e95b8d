// redactSecretText takes time linear in the text's length on hostile texts (test/support/redactionInputs.ts):
// 8 times the text may take at most a generous multiple of 8 times as long (a quadratic reading takes
// 64 times and more). The timing itself is in `npm run bench` (scripts/benchRedaction.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactSecretText } from '../../../src/core/results/redactSecrets';
import { REDACTION_INPUTS } from '../../support/redactionInputs';

/** CPU time of this process (other processes on a loaded machine do not count). */
function redactionMs(text: string): number {
  const started = process.cpuUsage();
  redactSecretText(text);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

for (const [name, make] of REDACTION_INPUTS) {
  test(`redaction grows linearly on ${name} (25 KB vs 200 KB)`, () => {
    const small = make(25_000);
    const large = make(200_000);
    redactionMs(small);
    // alternating sizes, the least CPU time of each: a garbage collection in one round does not count
    let smallMs = Number.POSITIVE_INFINITY;
    let largeMs = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      smallMs = Math.min(smallMs, redactionMs(small));
      largeMs = Math.min(largeMs, redactionMs(large));
    }
    assert.ok(
      largeMs < Math.max(smallMs, 2) * 24,
      `8x the text took ${(largeMs / Math.max(smallMs, 0.01)).toFixed(1)}x as long (${smallMs.toFixed(1)} ms vs ${largeMs.toFixed(1)} ms)`,
    );
  });
}
