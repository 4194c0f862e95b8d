// A `\`-continued command line at the top of a sysbench log is read in time linear in its length:
// 8 times the lines may take at most a generous multiple of 8 times as long (quadratic joining took
// over 100 times as long). The timing itself is in `npm run bench` (scripts/benchImport.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importSysbenchLog } from '../../../src/core/results/importers/sysbenchLogImporter';
import { assertLinearGrowth } from '../../support/growth';

/** A log whose command line has `optionCount` options, one per continued line, names and values from a seeded generator. */
function continuedCommandLog(optionCount: number, seed: number): string {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
  const lines = ['$ sysbench \\'];
  for (let i = 0; i < optionCount; i++) lines.push(`    --option-${i}-${next().toString(36)}='value ${next().toString(36)}' \\`);
  lines.push('    oltp_read_only run');
  lines.push('[ 1s ] thds: 1 tps: 1.00 qps: 14.00 (r/w/o: 14.00/0.00/0.00) lat (ms,95%): 1.00 err/s: 0.00 reconn/s: 0.00');
  return lines.join('\n');
}

test('reading a long continued command line grows linearly with its length (1x vs 8x)', () => {
  const small = continuedCommandLog(2_000, 42);
  const large = continuedCommandLog(16_000, 42);
  const options = importSysbenchLog(large).results[0].options;
  assert.equal(Object.keys(options).filter((name) => name.startsWith('option_')).length, 16_000);
  const importOne = (text: string) => assert.equal(importSysbenchLog(text).results.length, 1);
  // linear: about 8x of CPU time (8-10x seen under load 19); quadratic: 100x and more.
  assertLinearGrowth({
    name: 'continued command line',
    factor: 8,
    maxGrowth: 48,
    floorMs: 1,
    small: () => importOne(small),
    large: () => importOne(large),
    rounds: 7,
  });
});
