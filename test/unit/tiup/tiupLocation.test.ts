import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findTiup, tiupHome } from '../../../src/core/tiup/tiupLocation';

const root = mkdtempSync(join(tmpdir(), 'tidb-lab-tiup-location-'));
after(() => rmSync(root, { recursive: true, force: true }));

function executable(path: string, mode = 0o755): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

const onPath = executable(join(root, 'usr-bin', 'tiup'));
const inHome = executable(join(root, 'home', '.tiup', 'bin', 'tiup'));
executable(join(root, 'not-executable', 'tiup'), 0o644);
const configured = executable(join(root, 'custom', 'tiup'));

test('the setting wins, then the PATH, then ~/.tiup/bin', () => {
  const search = { pathVariable: join(root, 'usr-bin'), home: join(root, 'home'), platform: 'linux' as const };
  assert.deepEqual(findTiup({ ...search, configuredPath: configured }), { found: true, location: { path: configured, source: 'setting' } });
  assert.deepEqual(findTiup(search), { found: true, location: { path: onPath, source: 'path' } });
  assert.deepEqual(findTiup({ ...search, pathVariable: join(root, 'not-executable') }), {
    found: true,
    location: { path: inHome, source: 'tiupHome' },
  });
});

test('not found: where it looked; a wrong setting says so instead of searching elsewhere', () => {
  const missing = findTiup({ pathVariable: join(root, 'not-executable'), home: join(root, 'empty-home'), platform: 'linux' });
  assert.equal(missing.found, false);
  assert.ok(!missing.found && missing.searched.includes(join(root, 'empty-home', '.tiup', 'bin', 'tiup')));
  const wrong = findTiup({ configuredPath: join(root, 'not-executable', 'tiup'), pathVariable: join(root, 'usr-bin'), platform: 'linux' });
  assert.ok(!wrong.found && /not an executable file/.test(wrong.configuredPathProblem ?? ''));
  const relative = findTiup({ configuredPath: 'bin/tiup', platform: 'linux' });
  assert.ok(!relative.found && /absolute path/.test(relative.configuredPathProblem ?? ''));
});

test('~ in the setting is the home folder', () => {
  assert.deepEqual(findTiup({ configuredPath: '~/.tiup/bin/tiup', home: join(root, 'home'), platform: 'linux' }), {
    found: true,
    location: { path: inHome, source: 'setting' },
  });
});

test("TIUP_HOME moves TiUP's data, ~/.tiup by default", () => {
  assert.equal(tiupHome({ TIUP_HOME: '/opt/tiup' }, '/home/u'), '/opt/tiup');
  assert.equal(tiupHome({}, '/home/u'), '/home/u/.tiup');
});
