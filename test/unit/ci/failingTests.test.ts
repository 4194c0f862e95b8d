// scripts/failingTests.mjs names the failing tests from the TAP that node --test writes in CI.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const script = resolve(__dirname, '../../../../scripts/failingTests.mjs');
const folder = mkdtempSync(join(tmpdir(), 'tidblab-failing-tests-'));
after(() => rmSync(folder, { recursive: true, force: true }));

describe('naming the failing tests of a CI log', () => {
  test('names each failing test with its suite and place, not the suites around it, nor passing or skipped tests', () => {
    const testFile = join(folder, 'sample.test.js');
    writeFileSync(
      testFile,
      [
        "const { describe, test } = require('node:test');",
        "describe('cancellation', () => {",
        "  test('stops # every thread', () => { throw new Error('too slow'); });",
        "  test('keeps the result', () => {});",
        "  test('a skipped one', { skip: true }, () => { throw new Error('never'); });",
        '});',
        "test('a top-level test', () => { throw new Error('no'); });",
        "test('a passing one', () => {});",
      ].join('\n'),
    );
    // Not a terminal, so node --test writes TAP, as under CI's tee; without the context the runner
    // gives the test processes it starts, so this one runs as a runner of its own.
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ['--test', testFile], { encoding: 'utf8', env });
    assert.notEqual(run.status, 0);
    const log = join(folder, 'npm-test.log');
    writeFileSync(log, `> tidb-lab@0.1.0 test:unit\n${run.stdout}${run.stderr}`);
    const named = execFileSync(process.execPath, [script, log], { encoding: 'utf8' });
    assert.deepEqual(named.trim().split('\n'), [
      '::: failing tests (2):',
      `:::   ✖ cancellation › stops # every thread  (${testFile}:3:3)`,
      `:::   ✖ a top-level test  (${testFile}:7:1)`,
    ]);
  });

  test('says so when the log names no failing test (a build that failed, say)', () => {
    const log = join(folder, 'build.log');
    writeFileSync(log, 'src/x.ts(1,1): error TS1005\n');
    assert.match(execFileSync(process.execPath, [script, log], { encoding: 'utf8' }), /no failing test named in the log/);
  });
});
