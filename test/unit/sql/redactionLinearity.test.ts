// redactSecretText takes time linear in the text's length on hostile texts (test/support/redactionInputs.ts):
// 8 times the text may take at most a generous multiple of 8 times as long (a quadratic reading takes
// 64 times and more). The timing itself is in `npm run bench` (scripts/benchRedaction.mjs).
import { test } from 'node:test';
import { redactSecretText } from '../../../src/core/results/redactSecrets';
import { assertLinearGrowth } from '../../support/growth';
import { REDACTION_INPUTS } from '../../support/redactionInputs';

for (const [name, make] of REDACTION_INPUTS) {
  test(`redaction grows linearly on ${name} (25 KB vs 200 KB)`, () => {
    const small = make(25_000);
    const large = make(200_000);
    assertLinearGrowth({
      name,
      factor: 8,
      maxGrowth: 24,
      floorMs: 2,
      small: () => redactSecretText(small),
      large: () => redactSecretText(large),
    });
  });
}
