// Running playgrounds from $TIUP_HOME/data/<tag>/tiup_process_meta (pkg/exec/run.go saveProcessInfo)
// and <tag>/dsn (components/playground/main.go dumpDSN).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findRunningPlaygrounds, parseDsnEndpoints, versionArgument } from '../../../src/core/tiup/runningPlaygrounds';

const home = mkdtempSync(join(tmpdir(), 'tidb-lab-tiup-home-'));
after(() => rmSync(home, { recursive: true, force: true }));

function instance(tag: string, meta: unknown, dsn?: string): void {
  const dir = join(home, 'data', tag);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tiup_process_meta'), typeof meta === 'string' ? meta : JSON.stringify(meta));
  if (dsn !== undefined) writeFileSync(join(dir, 'dsn'), dsn);
}

const binary = '/home/u/.tiup/components/playground/v1.16.5/tiup-playground';
instance(
  'from-terminal',
  {
    component: 'playground',
    created_time: '2025-04-15T10:00:00+08:00',
    pid: 101,
    exec: binary,
    args: [binary, 'v8.5.1', '--tag', 'from-terminal', '--tiflash', '1'],
    dir: '',
  },
  'mysql://root@127.0.0.1:4000\nmysql://root@127.0.0.1:4001',
);
instance('still-starting', { component: 'playground', pid: 102, args: [binary, '--tag', 'still-starting', '--without-monitor'] });
instance('ended', { component: 'playground', pid: 103, args: [binary] }, 'mysql://root@127.0.0.1:4000');
instance('a-cluster', { component: 'cluster', pid: 104, args: [] });
instance('broken', '{not json');
mkdirSync(join(home, 'data', 'no-meta'), { recursive: true });

test('live playgrounds with their tag, version and TiDB addresses; ended ones, other components and broken files are skipped', () => {
  const found = findRunningPlaygrounds(home, { isAlive: (pid) => pid !== 103 });
  assert.deepEqual(
    found.map((playground) => [playground.tag, playground.pid, playground.version, playground.tidbEndpoints]),
    [
      [
        'from-terminal',
        101,
        'v8.5.1',
        [
          { host: '127.0.0.1', port: 4000 },
          { host: '127.0.0.1', port: 4001 },
        ],
      ],
      ['still-starting', 102, undefined, []],
    ],
  );
});

test('no data folder: none', () => {
  assert.deepEqual(findRunningPlaygrounds(join(home, 'nowhere')), []);
});

test('dsn lines, IPv6 included', () => {
  assert.deepEqual(parseDsnEndpoints('mysql://root@127.0.0.1:4000\nmysql://root@[::1]:4001\nnonsense'), [
    { host: '127.0.0.1', port: 4000 },
    { host: '::1', port: 4001 },
  ]);
});

test('the version is the first argument that is not a flag or its value', () => {
  assert.equal(versionArgument(['--tag', 'x', 'nightly', '--db', '2']), 'nightly');
  assert.equal(versionArgument(['--without-monitor', 'v8.5.1']), 'v8.5.1');
  assert.equal(versionArgument(['--tag=x', '--tiflash', '0']), undefined);
});
