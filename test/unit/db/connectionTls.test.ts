// A saved connection reaches the server the same way from a mysql2 session and from the benchmark client.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { benchSettingsFromProfile, connectionOptionValues, leanConnectTargets } from '../../../src/core/bench/benchConnectionSettings';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { poolOptionsFor } from '../../../src/core/db/connectionOptions';
import { tlsOfProfile } from '../../../src/core/db/connectionTls';
import { profileEndpoint } from '../../../src/core/db/profileEndpoint';

const folder = mkdtempSync(join(tmpdir(), 'tidblab-tls-'));
after(() => rmSync(folder, { recursive: true, force: true }));

const caPath = join(folder, 'ca.pem');
writeFileSync(caPath, 'PEM OF THE CA');
const profile: ConnectionProfile = {
  id: 'c1',
  name: 'cloud',
  host: '  gateway01.us-west-2.prod.aws.tidbcloud.com ',
  port: 4000,
  user: '2aBcD.root',
  tls: 'verify',
  caFile: `  ${caPath}\t`,
  passwordMode: 'secretStorage',
};

function benchTarget(of: ConnectionProfile) {
  const [target] = leanConnectTargets(connectionOptionValues(benchSettingsFromProfile(of, 'pw', 'sbtest')));
  return target;
}

describe('one reading of a connection profile', () => {
  test('mysql2 and the benchmark client trim the host and the CA path alike and read the same CA', () => {
    const pool = poolOptionsFor(profile, 'pw');
    const bench = benchTarget(profile);
    assert.equal(pool.host, 'gateway01.us-west-2.prod.aws.tidbcloud.com');
    assert.equal(bench.host, pool.host);
    assert.equal((pool.ssl as { ca?: Buffer }).ca?.toString(), 'PEM OF THE CA');
    assert.equal(bench.tls?.ca?.toString(), 'PEM OF THE CA');
    assert.equal(bench.tls?.mode, 'verify_identity');
    assert.equal((pool.ssl as { rejectUnauthorized?: boolean }).rejectUnauthorized, true);
  });

  test('an unreadable CA file is the same clear error on both paths', () => {
    const missing = { ...profile, caFile: join(folder, 'missing.pem') };
    const expected = new RegExp(`Cannot read the CA file '${missing.caFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'`);
    assert.throws(() => poolOptionsFor(missing, 'pw'), expected);
    assert.throws(() => benchTarget(missing), expected);
  });

  test("TLS 'required' encrypts without checking on both paths; 'off' is plain on both", () => {
    assert.equal(benchTarget({ ...profile, tls: 'required' }).tls?.mode, 'required');
    assert.equal((poolOptionsFor({ ...profile, tls: 'required' }, 'pw').ssl as { rejectUnauthorized?: boolean }).rejectUnauthorized, false);
    assert.equal(benchTarget({ ...profile, tls: 'off' }).tls, undefined);
    assert.equal(poolOptionsFor({ ...profile, tls: 'off' }, 'pw').ssl, undefined);
    assert.equal(tlsOfProfile({ tls: 'verify', caFile: '   ' })?.caFile, undefined);
  });
});

describe('profileEndpoint: the one reading of where a profile connects', () => {
  test('host trimmed, port and user as saved, TLS from the profile; mysql2 and the benchmark client take theirs from it', () => {
    const endpoint = profileEndpoint(profile);
    assert.deepEqual(endpoint, {
      host: 'gateway01.us-west-2.prod.aws.tidbcloud.com',
      port: 4000,
      user: '2aBcD.root',
      tls: { mode: 'verify_identity', caFile: caPath },
    });
    const pool = poolOptionsFor(profile, 'pw');
    const bench = benchSettingsFromProfile(profile, 'pw', 'sbtest');
    for (const settings of [pool, bench])
      assert.deepEqual([settings.host, settings.port, settings.user], [endpoint.host, endpoint.port, endpoint.user]);
    assert.deepEqual(bench.ssl, endpoint.tls);
    assert.equal(profileEndpoint({ ...profile, tls: 'off' }).tls, undefined);
  });
});
