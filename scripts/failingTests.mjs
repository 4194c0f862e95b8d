#!/usr/bin/env node
// Names the failing tests in the TAP that `node --test` writes when its output is not a terminal
// (CI's `npm test` log): one line per failing test, "suite › test  (file:line)", so a CI log ends
// with what failed instead of only the step. Suites that failed only because a test inside them
// failed are left out (their failing test is named). Usage: node scripts/failingTests.mjs <log>
import { readFileSync } from 'node:fs';

/** The failing tests of a TAP text as `{ name, location }`, outermost suite first in the name. */
export function failingTests(tap) {
  const lines = tap.split(/\r?\n/);
  const suites = [];
  const failures = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      const level = subtest[1].length / 4;
      suites.length = level;
      suites[level] = unescape(subtest[2]);
      continue;
    }
    const notOk = /^(\s*)not ok \d+ - (.*?)(?: # (?:SKIP|TODO)\b.*)?$/.exec(line);
    if (!notOk || / # (SKIP|TODO)\b/.test(line)) continue;
    const level = notOk[1].length / 4;
    const details = yamlBlock(lines, index + 1, notOk[1].length + 2);
    if (details.failureType === 'subtestsFailed') continue;
    failures.push({ name: [...suites.slice(0, level), unescape(notOk[2])].join(' › '), location: details.location });
  }
  return failures;
}

function yamlBlock(lines, start, indent) {
  const details = {};
  if (lines[start]?.trim() !== '---') return details;
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index];
    if (line.trim() === '...') break;
    const field = /^(\s*)(location|failureType): '(.*)'$/.exec(line);
    if (field && field[1].length === indent) details[field[2]] = field[3];
  }
  return details;
}

function unescape(text) {
  return text.replace(/\\#/g, '#').replace(/\\\\/g, '\\');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = process.argv[2];
  if (!log) {
    console.error('usage: node scripts/failingTests.mjs <tap log>');
    process.exit(2);
  }
  const failures = failingTests(readFileSync(log, 'utf8'));
  if (failures.length === 0) {
    console.log('::: no failing test named in the log (the failure is outside the tests: see above)');
  } else {
    console.log(`::: failing tests (${failures.length}):`);
    for (const failure of failures) console.log(`:::   ✖ ${failure.name}${failure.location ? `  (${failure.location})` : ''}`);
  }
}
