import assert from 'node:assert/strict';
import { test } from 'node:test';
import { playgroundArguments, playgroundCommandLine } from '../../../src/core/tiup/playgroundArguments';

test('a version, the tag, the TiFlash count and no monitor (flags of components/playground/main.go)', () => {
  assert.deepEqual(playgroundArguments({ version: 'v8.5.1', tag: 'tidb-lab', tiflashNodes: 1, monitor: false }), [
    'playground',
    'v8.5.1',
    '--tag',
    'tidb-lab',
    '--tiflash',
    '1',
    '--without-monitor',
  ]);
});

test('no version leaves the choice to TiUP (its latest release); the monitor when asked', () => {
  assert.deepEqual(playgroundArguments({ tag: 'lab', tiflashNodes: 0, monitor: true }), ['playground', '--tag', 'lab', '--tiflash', '0']);
  assert.deepEqual(playgroundArguments({ version: '  ', tag: 'lab', tiflashNodes: 2, monitor: true }), [
    'playground',
    '--tag',
    'lab',
    '--tiflash',
    '2',
  ]);
});

test('TiFlash nodes 0 to 2 and a tag that is a plain folder name', () => {
  assert.throws(() => playgroundArguments({ tag: 'lab', tiflashNodes: 3, monitor: false }), /TiFlash nodes must be 0 to 2/);
  assert.throws(() => playgroundArguments({ tag: 'lab', tiflashNodes: -1, monitor: false }), /TiFlash nodes/);
  assert.throws(() => playgroundArguments({ tag: '../home', tiflashNodes: 1, monitor: false }), /tag/);
  assert.throws(() => playgroundArguments({ tag: '', tiflashNodes: 1, monitor: false }), /tag/);
  assert.throws(() => playgroundArguments({ version: '--db 3', tag: 'lab', tiflashNodes: 1, monitor: false }), /not a TiDB version/);
});

test('the command line as a user would type it', () => {
  assert.equal(
    playgroundCommandLine(['playground', 'v8.5.1', '--tag', 'tidb-lab', '--tiflash', '1', '--without-monitor']),
    'tiup playground v8.5.1 --tag tidb-lab --tiflash 1 --without-monitor',
  );
  assert.equal(playgroundCommandLine(['playground', '^8']), 'tiup playground ^8');
});
