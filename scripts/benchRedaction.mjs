// Password redaction on hostile text: every log line, result string and printed experiment step
// goes through redactSecretText, so it must stay linear. Each input is timed at 100 KB and at
// 400 KB; linear means about 4x the time, a quadratic pattern shows 16x (and seconds).
// Needs the compiled core: `npm run build:tests` first. Run alone: `node scripts/benchRedaction.mjs`.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import os from 'node:os';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const corePath = join(repoRoot, 'out', 'src', 'core', 'results', 'redactSecrets.js');
// the hostile inputs, shared with the unit test of linearity (test/unit/sql/redactionLinearity.test.ts)
const inputsPath = join(repoRoot, 'out', 'test', 'support', 'redactionInputs.js');

export const REDACTION_GOAL_MS = 100;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeOf(redact, text) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    redact(text);
    runs.push(performance.now() - started);
  }
  return median(runs);
}

export async function benchRedaction() {
  if (!existsSync(corePath)) throw new Error(`${corePath} is missing: run \`npm run build:tests\` first.`);
  const require = createRequire(import.meta.url);
  const { redactSecretText } = require(corePath);
  const { REDACTION_INPUTS } = require(inputsPath);
  const rows = [];
  for (const [name, make] of REDACTION_INPUTS) {
    const small = timeOf(redactSecretText, make(100_000));
    const large = timeOf(redactSecretText, make(400_000));
    rows.push(
      `| redactSecretText on ${name}, 100 KB / 400 KB | ${small.toFixed(1)} ms / ${large.toFixed(1)} ms | < ${REDACTION_GOAL_MS} ms at 400 KB |`,
    );
  }
  rows.push(
    `| load average | ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} | |`,
  );
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('| measurement | result | goal |\n|---|---|---|');
  for (const row of await benchRedaction()) console.log(row);
}
