// scripts/build.mjs puts package.json's version into the bundles and fails on a missing entry point.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const repo = resolve(__dirname, '../../../..');
const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the sources with package.json at `version`, sharing the repo's node_modules. */
function checkoutAt(version: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'tidblab-build-'));
  folders.push(folder);
  for (const part of ['src', 'webview', 'scripts']) cpSync(join(repo, part), join(folder, part), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(folder, 'node_modules'));
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ ...manifest, version }));
  return folder;
}

describe('the build', () => {
  test("the CLI bundle says package.json's version, and a run records it", () => {
    const folder = checkoutAt('9.8.7-build-test');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: folder, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    // run away from any package.json, as an installed bundle may be
    const alone = mkdtempSync(join(tmpdir(), 'tidblab-cli-alone-'));
    try {
      cpSync(join(folder, 'dist/cli.js'), join(alone, 'cli.js'));
      const version = spawnSync(process.execPath, [join(alone, 'cli.js'), '--version'], { cwd: alone, encoding: 'utf8' });
      assert.equal(version.stdout, 'tidb-lab 9.8.7-build-test\n', version.stderr);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
    for (const bundle of ['dist/cli.js', 'dist/extension.js', 'dist/benchWorker.js']) {
      assert.doesNotMatch(readFileSync(join(folder, bundle), 'utf8'), /TIDB_LAB_BUILD_VERSION/, `${bundle} still names the placeholder`);
    }
  });

  test('fails and names a missing entry point instead of skipping it', () => {
    const folder = checkoutAt('1.0.0');
    rmSync(join(folder, 'src/core/bench/workers/benchWorker.ts'));
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: folder, encoding: 'utf8' });
    assert.notEqual(build.status, 0);
    assert.match(build.stderr, /entry points missing: src\/core\/bench\/workers\/benchWorker\.ts/);
  });
});
