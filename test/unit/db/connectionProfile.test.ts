import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultTlsModeFor, describeEndpoint, validateProfile, type ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { poolOptionsFor, tlsOptionsFor } from '../../../src/core/db/connectionOptions';

const profile: ConnectionProfile = {
  id: 'p1',
  name: 'prod',
  host: 'gateway01.us-west-2.prod.aws.tidbcloud.com',
  port: 4000,
  user: '2aBcD.root',
  database: 'test',
  tls: 'verify',
  passwordMode: 'secretStorage',
};

test('TiDB Cloud hosts default to verified TLS, others to off', () => {
  assert.equal(defaultTlsModeFor('gateway01.eu-central-1.prod.aws.tidbcloud.com'), 'verify');
  assert.equal(defaultTlsModeFor('GATEWAY01.X.TIDBCLOUD.COM '), 'verify');
  assert.equal(defaultTlsModeFor('127.0.0.1'), 'off');
});

test('a complete profile has no problems; a broken one lists each', () => {
  assert.deepEqual(validateProfile(profile), []);
  const problems = validateProfile({ name: '', host: 'a b', port: 70000, user: '', tls: 'off' });
  assert.equal(problems.length, 4);
  assert.match(problems.join(' '), /port must be a whole number/);
});

test('TiDB Cloud without TLS is refused before connecting', () => {
  assert.match(validateProfile({ ...profile, tls: 'off' }).join(' '), /only accepts TLS/);
});

test('TLS modes map to mysql2 ssl options', () => {
  assert.equal(tlsOptionsFor({ ...profile, tls: 'off' }), undefined);
  assert.deepEqual(tlsOptionsFor({ ...profile, tls: 'required' }), { minVersion: 'TLSv1.2', rejectUnauthorized: false });
  assert.deepEqual(tlsOptionsFor(profile), { minVersion: 'TLSv1.2', rejectUnauthorized: true });
  const withCa = tlsOptionsFor({ ...profile, caFile: '/ca.pem' }, () => Buffer.from('PEM'));
  assert.equal(withCa?.ca?.toString(), 'PEM');
});

test('an unreadable CA file is a clear error naming the file', () => {
  assert.throws(
    () =>
      tlsOptionsFor({ ...profile, caFile: '/nope/ca.pem' }, () => {
        throw new Error('ENOENT');
      }),
    /Cannot read the CA file '\/nope\/ca.pem'/,
  );
});

test('pool options carry the password only in the password field', () => {
  const options = poolOptionsFor(profile, 's3cret');
  assert.equal(options.password, 's3cret');
  assert.equal(options.port, 4000);
  assert.equal(describeEndpoint(profile).includes('s3cret'), false);
  assert.equal(describeEndpoint(profile), '2aBcD.root@gateway01.us-west-2.prod.aws.tidbcloud.com:4000/test');
});
