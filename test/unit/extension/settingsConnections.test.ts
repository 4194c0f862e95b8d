import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSettingsConnections } from '../../../src/extension/connections/settingsConnections';

test('shared connections from settings get defaults and ids from their names', () => {
  const { profiles, invalid } = readSettingsConnections([
    { name: 'demo', host: '127.0.0.1', port: 3306, user: 'tidblab', database: 'sbtest', passwordMode: 'empty' },
    { name: 'cloud', host: 'gateway01.eu-central-1.prod.aws.tidbcloud.com', user: 'abc.root' },
  ]);
  assert.deepEqual(invalid, []);
  assert.deepEqual(profiles[0], {
    id: 'settings:demo',
    name: 'demo',
    host: '127.0.0.1',
    port: 3306,
    user: 'tidblab',
    database: 'sbtest',
    tls: 'off',
    caFile: undefined,
    passwordMode: 'empty',
  });
  assert.equal(profiles[1].id, 'settings:cloud');
  assert.equal(profiles[1].port, 4000, 'TiDB port by default');
  assert.equal(profiles[1].tls, 'verify', 'TiDB Cloud hosts default to TLS verify');
  assert.equal(profiles[1].passwordMode, 'secretStorage');
});

test('reordering the list keeps each connection id (and so its stored password)', () => {
  const a = { name: 'a', host: 'h1', user: 'u' };
  const b = { name: 'b', host: 'h2', user: 'u' };
  const first = readSettingsConnections([a, b]).profiles.map((profile) => profile.id);
  const second = readSettingsConnections([b, a]).profiles.map((profile) => profile.id);
  assert.deepEqual([...first].sort(), [...second].sort());
});

test('two entries with the same name still get distinct ids', () => {
  const { profiles } = readSettingsConnections([
    { name: 'x', host: 'h1', user: 'u' },
    { name: 'x', host: 'h2', user: 'u' },
  ]);
  assert.deepEqual(
    profiles.map((profile) => profile.id),
    ['settings:x', 'settings:x#2'],
  );
});

test('a password in settings is refused with the reason, and the entry is reported, not dropped', () => {
  const { profiles, invalid } = readSettingsConnections([{ name: 'leaky', host: 'h', user: 'u', password: 'hunter2' }]);
  assert.equal(profiles.length, 0);
  assert.equal(invalid.length, 1);
  assert.equal(invalid[0].label, 'leaky');
  assert.match(invalid[0].problems.join(' '), /passwords do not belong in settings/);
  assert.doesNotMatch(JSON.stringify(invalid), /hunter2/, 'the password itself is never repeated');
});

test('bad entries say what is wrong and where', () => {
  const { profiles, invalid } = readSettingsConnections([
    { name: 'ok', host: 'h', user: 'u' },
    'not an object',
    { name: 'badport', host: 'h', user: 'u', port: 'forty' },
    { host: 'h', user: 'u', tls: 'sometimes' },
    { name: 'mode', host: 'h', user: 'u', passwordMode: 'plaintext' },
  ]);
  assert.deepEqual(
    profiles.map((profile) => profile.name),
    ['ok'],
  );
  assert.deepEqual(
    invalid.map((entry) => [entry.index, entry.label]),
    [
      [1, 'entry 2'],
      [2, 'badport'],
      [3, 'entry 4'],
      [4, 'mode'],
    ],
  );
  assert.match(invalid[1].problems.join(' '), /port/);
  assert.match(invalid[2].problems.join(' '), /name/);
  assert.match(invalid[2].problems.join(' '), /TLS mode 'sometimes'/);
  assert.match(invalid[3].problems.join(' '), /passwordMode 'plaintext'/);
});

test('a setting that is not a list is one clear problem', () => {
  assert.equal(readSettingsConnections({ name: 'x' }).invalid.length, 1);
  assert.deepEqual(readSettingsConnections(undefined), { profiles: [], invalid: [] });
});
