// The manifest and the pages users read hold no invented addresses (hosts under the reserved
// .invalid top-level domain): a field is left out rather than filled with a made-up link.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');

export function inventedAddresses(text: string): string[] {
  return [...text.matchAll(/[\w.-]+\.invalid\b[^\s"')\]]*/gi)].map((match) => match[0]);
}

function userFacingFiles(): string[] {
  const docs = join(repoRoot, 'docs');
  const docPages = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(docs, name))
    : [];
  return ['package.json', 'README.md', 'CHANGELOG.md', 'CONTRIBUTING.md']
    .map((name) => join(repoRoot, name))
    .filter(existsSync)
    .concat(docPages);
}

test('package.json, the README, the changelog and the docs hold no .invalid addresses', () => {
  const found = userFacingFiles().flatMap((file) =>
    inventedAddresses(readFileSync(file, 'utf8')).map((address) => `${relative(repoRoot, file)}: ${address}`),
  );
  assert.deepEqual(found, []);
});

test('the check sees an invented repository address', () => {
  assert.deepEqual(inventedAddresses('"url": "https://example' + '.invalid/tidb-lab.git"'), ['example.invalid/tidb-lab.git']);
});
