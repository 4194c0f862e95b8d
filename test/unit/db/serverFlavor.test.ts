import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareVersions, identifyServer, isAtLeast, serverDisplayName } from '../../../src/core/db/serverFlavor';

test('TiDB self-managed version strings give the TiDB version, not the MySQL one', () => {
  const identity = identifyServer('8.0.11-TiDB-v8.5.1');
  assert.equal(identity.flavor, 'tidb');
  assert.equal(identity.version, '8.5.1');
  assert.equal(identity.isTiDBCloudServerless, false);
  assert.equal(serverDisplayName(identity), 'TiDB v8.5.1');
});

test('TiDB Cloud Serverless is recognised from its suffix', () => {
  const identity = identifyServer('8.0.11-TiDB-v8.5.3-serverless');
  assert.equal(identity.flavor, 'tidb');
  assert.equal(identity.version, '8.5.3');
  assert.equal(identity.edition, 'serverless');
  assert.equal(identity.isTiDBCloudServerless, true);
});

test('MariaDB and MySQL are told apart', () => {
  const mariadb = identifyServer('10.11.19-MariaDB-0+deb12u1');
  assert.equal(mariadb.flavor, 'mariadb');
  assert.equal(serverDisplayName(mariadb), 'MariaDB 10.11.19');
  const mysql = identifyServer('8.0.36');
  assert.equal(mysql.flavor, 'mysql');
  assert.equal(serverDisplayName(mysql), 'MySQL 8.0.36');
  assert.equal(identifyServer('whatever').flavor, 'unknown');
});

test('versions compare numerically, not as text', () => {
  assert.ok(compareVersions('6.10.0', '6.9.9') > 0);
  assert.ok(compareVersions('5.4.3', '6.0.0') < 0);
  assert.equal(compareVersions('6.0', '6.0.0'), 0);
  assert.equal(isAtLeast(identifyServer('8.0.11-TiDB-v6.0.0'), '6.0.0'), true);
  assert.equal(isAtLeast(identifyServer('5.7.25-TiDB-v5.4.3'), '6.0.0'), false);
});
