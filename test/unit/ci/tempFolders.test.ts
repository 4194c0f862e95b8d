// Tests clean up the temp folders they make: every mkdtempSync in test/ is kept in a name that the
// same file removes with rmSync (parallel and repeated runs otherwise fill the machine's /tmp).
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `name = mkdtempSync(` without a later `rmSync(name`: the folders a file makes and leaves. */
export function leftTempFolders(source: string): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(/mkdtempSync\(/g)) {
    const before = source.slice(0, match.index);
    const name = /(?:const|let)\s+(\w+)\s*=\s*$/.exec(before)?.[1];
    if (!name) {
      problems.push(`a temp folder made without a name to remove it by, at offset ${match.index}`);
      continue;
    }
    if (!new RegExp(`rmSync\\(\\s*(?:this\\.)?${name}\\b`).test(source)) problems.push(`${name} is never removed (rmSync(${name}, ...))`);
  }
  return problems;
}

test('every test file removes the temp folders it makes', () => {
  const found = sourcesUnder(join(repoRoot, 'test'))
    .filter((file) => !file.endsWith(join('ci', 'tempFolders.test.ts')))
    .flatMap((file) => leftTempFolders(readFileSync(file, 'utf8')).map((problem) => `${relative(repoRoot, file)}: ${problem}`));
  assert.deepEqual(found, []);
});

test('the check sees a folder that is left behind, or made without a name', () => {
  assert.deepEqual(leftTempFolders("const work = mkdtempSync(join(tmpdir(), 'x-'));\nafter(() => rmSync(work, { recursive: true }));"), []);
  assert.equal(leftTempFolders("const work = mkdtempSync(join(tmpdir(), 'x-'));\n").length, 1);
  assert.equal(leftTempFolders("const file = join(mkdtempSync(join(tmpdir(), 'x-')), 'a.sql');").length, 1);
});
