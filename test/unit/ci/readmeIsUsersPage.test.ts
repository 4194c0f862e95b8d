// The README is also the extension's page in the gallery: development measurements (engine against
// sysbench, parser timings) live in docs/development-measurements.md, which the README points to.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');
const MEASUREMENTS = 'docs/development-measurements.md';

/** Headings and table headers of the development measurements, which belong in MEASUREMENTS. */
const MEASUREMENT_MARKERS = ['Where the engine stands against sysbench', '| QPS sysbench |', 'parsing the pasted 2.5 MB plan text'];

export function measurementsIn(text: string): string[] {
  return MEASUREMENT_MARKERS.filter((marker) => text.includes(marker));
}

test('the README holds no development measurements and points to the page that does', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.deepEqual(measurementsIn(readme), []);
  assert.ok(readme.includes(MEASUREMENTS), `the README names ${MEASUREMENTS}`);
  assert.ok(existsSync(join(repoRoot, MEASUREMENTS)));
  assert.deepEqual(measurementsIn(readFileSync(join(repoRoot, MEASUREMENTS), 'utf8')), MEASUREMENT_MARKERS);
});
