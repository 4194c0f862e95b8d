// Importers face whatever file a user picks: random bytes, truncated logs, logs with lines swapped,
// numbers mangled. They must never throw, and whatever they return must be a valid result.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { importGoYcsbLog } from '../../../src/core/results/importers/goYcsbLogImporter';
import { importSysbenchLog } from '../../../src/core/results/importers/sysbenchLogImporter';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { seededRandom } from '../../support/seededRandom';
import { benchmarkLogNames, readBenchmarkLog } from './support/benchmarkLogFixtures';

const random = seededRandom;

const NASTY_TOKENS = [
  'nan',
  '-nan',
  'inf',
  '-1',
  '1e308',
  '99999999999999999999',
  '',
  ':',
  '|',
  '(',
  ')',
  '%',
  '\u0000',
  '\uFFFD',
  '[ 5s ]',
  'thds:',
  'Takes(s):',
  '"',
  '\\',
];

function mangle(text: string, next: () => number): string {
  const lines = text.split('\n');
  const pick = (): number => Math.floor(next() * lines.length);
  const edits = 1 + Math.floor(next() * 8);
  for (let i = 0; i < edits && lines.length > 0; i++) {
    const kind = Math.floor(next() * 7);
    const at = pick();
    if (kind === 0) lines.splice(at, 1);
    else if (kind === 1) lines.splice(at, 0, lines[pick()]);
    else if (kind === 2) [lines[at], lines[pick()]] = [lines[pick()], lines[at]];
    else if (kind === 3) lines[at] = lines[at].replace(/\d+(\.\d+)?/, NASTY_TOKENS[Math.floor(next() * NASTY_TOKENS.length)]);
    else if (kind === 4) lines[at] = lines[at].slice(0, Math.floor(next() * lines[at].length));
    else if (kind === 5) lines.length = Math.max(1, at);
    else lines[at] = lines[at].replace(/\s+/g, () => (next() < 0.5 ? '' : '  '));
  }
  return lines.join('\n');
}

function randomText(next: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) {
    const r = next();
    text +=
      r < 0.1 ? '\n' : r < 0.2 ? NASTY_TOKENS[Math.floor(next() * NASTY_TOKENS.length)] : String.fromCharCode(Math.floor(next() * 0x3000));
  }
  return text;
}

function assertImportIsSound(text: string, label: string): void {
  for (const importer of [importSysbenchLog, importGoTpcLog, importGoYcsbLog]) {
    let outcome;
    try {
      outcome = importer(text);
    } catch (error) {
      assert.fail(`${importer.name} threw on ${label}: ${(error as Error).stack}`);
    }
    for (const result of outcome.results) {
      const check = parseBenchmarkResult(JSON.parse(JSON.stringify(result)));
      assert.ok(check.ok, `${importer.name} on ${label} gave an invalid result: ${JSON.stringify(check)}`);
    }
    assert.ok(outcome.results.length > 0 || outcome.warnings.length > 0, `${importer.name} on ${label}: nothing and no warning`);
  }
  const dispatched = importBenchmarkLog(text);
  assert.ok(Array.isArray(dispatched.results) && Array.isArray(dispatched.warnings));
}

describe('importers on random and mangled input', () => {
  const fixtures = benchmarkLogNames().map((name) => ({ name, text: readBenchmarkLog(name) }));

  test('mangled fixtures: 60 variants of each', () => {
    for (const { name, text } of fixtures) {
      for (let seed = 1; seed <= 60; seed++)
        assertImportIsSound(mangle(text, random(seed * 7919 + name.length)), `${name} mangled with seed ${seed}`);
    }
  });

  test('every fixture cut at 40 places', () => {
    for (const { name, text } of fixtures) {
      for (let i = 1; i <= 40; i++) {
        const at = Math.floor((text.length * i) / 41);
        assertImportIsSound(text.slice(0, at), `${name} cut at ${at}`);
      }
    }
  });

  test('random text, 200 samples', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      assertImportIsSound(randomText(next, Math.floor(next() * 3000)), `random text with seed ${seed}`);
    }
  });

  test('fixtures glued together in random order', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const next = random(seed);
      const glued = Array.from({ length: 4 }, () => fixtures[Math.floor(next() * fixtures.length)].text).join(next() < 0.5 ? '\n' : '');
      assertImportIsSound(glued, `glued sample ${seed}`);
    }
  });
});
