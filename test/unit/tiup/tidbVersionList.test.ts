// `tiup list tidb` as TiUP v1.16 prints it (cmd/list.go, pkg/tui/tui.go PrintTable): a header, the
// titles, a row of dashes, then rows in semver order with the nightly alias first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareVersionsDescending, parseTiDBVersionList, playgroundVersionProblem } from '../../../src/core/tiup/tidbVersionList';

const LISTED = `Available versions for tidb:
Version                                   Installed  Release                    Platforms
-------                                   ---------  -------                    ---------
nightly -> v9.0.0-alpha-nightly-20250415             2025-04-15T00:00:00+08:00  darwin/amd64,darwin/arm64,linux/amd64,linux/arm64
v3.0                                                 2020-04-16T14:03:31+08:00  darwin/amd64,linux/amd64
v7.5.6                                               2025-03-14T08:00:00+08:00  darwin/amd64,darwin/arm64,linux/amd64,linux/arm64
v8.1.2                                    YES        2024-12-26T08:00:00+08:00  darwin/amd64,darwin/arm64,linux/amd64,linux/arm64
v8.5.1                                               2025-02-27T08:00:00+08:00  darwin/amd64,darwin/arm64,linux/amd64,linux/arm64
v8.10.0                                              2025-05-01T08:00:00+08:00  linux/amd64
v9.0.0-beta.1                             YES        2025-03-20T08:00:00+08:00  darwin/amd64,darwin/arm64,linux/amd64,linux/arm64
`;

test('the latest release is the highest vX.Y.Z, compared as numbers, not pre-releases or the nightly', () => {
  const list = parseTiDBVersionList(LISTED);
  assert.equal(list.latest, 'v8.10.0');
  assert.deepEqual(list.releases, ['v8.10.0', 'v8.5.1', 'v8.1.2', 'v7.5.6']);
  assert.equal(list.nightly, 'v9.0.0-alpha-nightly-20250415');
});

test('installed versions come from the Installed column, pre-releases included', () => {
  assert.deepEqual(parseTiDBVersionList(LISTED).installed, ['v9.0.0-beta.1', 'v8.1.2']);
});

test('an empty list (nothing installed, offline) has no latest', () => {
  const list = parseTiDBVersionList(
    'Available versions for tidb:\nVersion  Installed  Release  Platforms\n-------  ---------  -------  ---------\n',
  );
  assert.equal(list.latest, undefined);
  assert.deepEqual(list.releases, []);
});

test('versions sort newest first with a pre-release after its release', () => {
  assert.deepEqual(['v8.5.0', 'v9.0.0-beta.1', 'v8.10.1', 'v9.0.0', 'v8.5.10'].sort(compareVersionsDescending), [
    'v9.0.0',
    'v9.0.0-beta.1',
    'v8.10.1',
    'v8.5.10',
    'v8.5.0',
  ]);
});

test('typed versions: vX.Y.Z, nightly and ranges pass; others say what is wrong', () => {
  for (const ok of ['v8.5.1', 'nightly', 'v9.0.0-beta.1', '^8', '~8.5', 'v8.5', ''])
    assert.equal(playgroundVersionProblem(ok), undefined, ok);
  assert.match(playgroundVersionProblem('8.5.1') ?? '', /start with v: v8\.5\.1/);
  assert.match(playgroundVersionProblem('latest please') ?? '', /not a TiDB version/);
  assert.match(playgroundVersionProblem('--db 3') ?? '', /not a TiDB version/);
});
