// The benchmark log importers read text a user hands them (a file, a paste), so a hostile or huge
// log must not freeze the editor: each grows linearly, through the shared harness
// (test/support/growth.ts), on the worst cases for how it reads: a log appended to itself many times
// (many runs, the run placement), the interval lines of one run repeated (a long run), the tool's
// command line with a growing list of options, and one line of megabytes holding its markers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import { repoRoot } from '../../support/fixtureFolders';
import { assertLinearGrowth } from '../../support/growth';

const LOGS = join(repoRoot, 'test', 'fixtures', 'benchmark-logs');

function readLog(name: string): string {
  return readFileSync(join(LOGS, name), 'utf8');
}

/** A quadratic reader takes 64x as long on an 8x input; a linear one about 8x. */
const MAX_GROWTH_FOR_8X = 32;

function assertImportLinear(name: string, build: (size: number) => string, size: number): void {
  const small = build(size);
  const large = build(size * 8);
  // The import itself must not fail on either.
  assert.ok(!importBenchmarkLog(large).warnings.some((warning) => warning.includes('unexpected problem')));
  assertLinearGrowth({
    name,
    factor: 8,
    maxGrowth: MAX_GROWTH_FOR_8X,
    floorMs: 2,
    small: () => importBenchmarkLog(small),
    large: () => importBenchmarkLog(large),
  });
}

/** `log` with the line at `index` repeated `count` times. */
function repeatLine(log: string, index: number, count: number): string {
  const lines = log.split('\n');
  return [...lines.slice(0, index), ...new Array<string>(count).fill(lines[index]), ...lines.slice(index + 1)].join('\n');
}

function firstLineIndex(log: string, pattern: RegExp): number {
  const index = log.split('\n').findIndex((line) => pattern.test(line));
  assert.ok(index >= 0, `no line matches ${pattern}`);
  return index;
}

const LOG_CASES: readonly [string, string, RegExp][] = [
  ['sysbench', 'sysbench-1.0.20-rate.log', /^\[ \d+s \] thds:/],
  ['sysbench histogram', 'sysbench-1.0.20-histogram.log', /^\s+\d[\d.]*\s+\|\*+/],
  ['go-tpc tpcc', 'go-tpc-tpcc.log', /^\[Current\] /],
  ['go-tpc ch', 'go-tpc-ch.log', /^\[Current\] /],
  ['go-ycsb', 'go-ycsb-workloada.log', /^[A-Z]+\s+- Takes\(s\)/],
];

for (const [name, file, intervalLine] of LOG_CASES) {
  test(`linear: a ${name} log appended to itself (many runs)`, () => {
    const log = readLog(file);
    assertImportLinear(`${name}, runs`, (size) => `${log}\n`.repeat(size), 10);
  });

  test(`linear: a ${name} log with one of its report lines repeated (a long run)`, () => {
    const log = readLog(file);
    const index = firstLineIndex(log, intervalLine);
    assertImportLinear(`${name}, report lines`, (size) => repeatLine(log, index, size), 1000);
  });
}

test('linear: a sysbench command line with a growing list of options on one line', () => {
  const log = readLog('sysbench-1.0.20-rate.log');
  assertImportLinear(
    'sysbench, options on one line',
    (size) => {
      const options = Array.from({ length: size }, (_, i) => `--opt-${i}='v ${i}'`).join(' ');
      return `$ sysbench ${options} oltp_read_only run\n${log}`;
    },
    1000,
  );
});

test('linear: a go-ycsb command line with a growing list of -p properties', () => {
  const log = readLog('go-ycsb-workloada.log');
  assertImportLinear(
    'go-ycsb, properties',
    (size) => {
      const properties = Array.from({ length: size }, (_, i) => `-p prop${i}=value${i}`).join(' ');
      return `$ ./bin/go-ycsb run mysql ${properties} --threads 16\n${log}`;
    },
    1000,
  );
});

for (const [name, marker] of [
  ['sysbench', '[ 1s ] thds: 4 tps: 208.61 qps: 3337.82 '],
  ['go-tpc', '[Current] NEW_ORDER - Takes(s): 10.0, Count: 463, '],
  ['go-ycsb', 'READ   - Takes(s): 10.0, Count: 100, OPS: 10.0, '],
] as const) {
  test(`linear: one line of ${name} markers without a line break`, () => {
    assertImportLinear(`${name}, one long line`, (size) => marker.repeat(size), 2000);
  });
}
