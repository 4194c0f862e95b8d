// `npm ci` on Node 20 warns EBADENGINE for every locked package whose engines.node leaves Node 20 out
// (dev tools that moved to Node 22): the lock file must hold versions that run on Node 20.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');
const { satisfies } = createRequire(__filename)('semver') as { satisfies(version: string, range: string): boolean };

/** A current Node 20 release: some tools ask for 20.18 or 20.19 at least, none may ask for 22. */
const NODE_20 = '20.19.0';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

export function packagesLeavingOut(nodeVersion: string, lock: { packages: Record<string, LockedPackage> }): string[] {
  return Object.entries(lock.packages).flatMap(([path, locked]) => {
    const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
    return range && !satisfies(nodeVersion, range)
      ? [`${path.replace(/^.*node_modules\//, '')}@${locked.version} needs node ${range}`]
      : [];
  });
}

test('every package in package-lock.json runs on Node 20 (no EBADENGINE warning from npm ci)', () => {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
  assert.deepEqual(packagesLeavingOut(NODE_20, lock), []);
});

test('the check names a package that needs Node 22', () => {
  const lock = { packages: { '': { version: '0.1.0' }, 'node_modules/@vscode/vsce': { version: '4.1.0', engines: { node: '>= 22' } } } };
  assert.deepEqual(packagesLeavingOut(NODE_20, lock), ['@vscode/vsce@4.1.0 needs node >= 22']);
});
