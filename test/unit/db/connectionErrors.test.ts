import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeConnectionError } from '../../../src/core/db/connectionErrors';

const profile = { host: 'db.example', port: 4000, user: 'app', tls: 'off' as const, database: 'shop' };

function driverError(code: string, message: string, errno?: number) {
  return Object.assign(new Error(message), { code, errno });
}

test('each connection failure gets its own kind and a next step', () => {
  const cases: Array<[Error, string]> = [
    [driverError('ER_ACCESS_DENIED_ERROR', "Access denied for user 'app'@'10.0.0.1' (using password: YES)", 1045), 'wrongPassword'],
    [driverError('ENOTFOUND', 'getaddrinfo ENOTFOUND db.example'), 'unknownHost'],
    [driverError('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.2:4000'), 'refused'],
    [driverError('ETIMEDOUT', 'connect ETIMEDOUT'), 'timeout'],
    [
      driverError('ER_UNKNOWN_ERROR', 'Connections using insecure transport are prohibited while --require_secure_transport=ON.', 3159),
      'tlsRequiredByServer',
    ],
    [driverError('HANDSHAKE_SSL_ERROR', 'self-signed certificate in certificate chain'), 'certificateRejected'],
    [driverError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"), 'certificateRejected'],
    [driverError('HANDSHAKE_NO_SSL_SUPPORT', 'Server does not support secure connection'), 'tlsNotSupportedByServer'],
    [driverError('PROTOCOL_CONNECTION_LOST', 'Connection lost: The server closed the connection.'), 'notMySqlCompatible'],
    [driverError('ER_BAD_DB_ERROR', "Unknown database 'shop'", 1049), 'unknownDatabase'],
    [
      driverError(
        'HANDSHAKE_PACKET_TOO_LARGE',
        'Malformed packet: the server announced a packet of 5526600 bytes during the handshake, more than the 65536 bytes a handshake packet may have',
        2027,
      ),
      'notMySqlCompatible',
    ],
  ];
  for (const [error, kind] of cases) {
    const problem = describeConnectionError(error, profile);
    assert.equal(problem.kind, kind, error.message);
    assert.ok(problem.nextStep.length > 10, kind);
    assert.equal(problem.serverMessage, error.message, 'the driver text is kept');
  }
});

test('wrong password without TLS hints that the server may require TLS', () => {
  const error = driverError('ER_ACCESS_DENIED_ERROR', 'Access denied', 1045);
  assert.match(describeConnectionError(error, profile).nextStep, /requires TLS/);
  assert.doesNotMatch(describeConnectionError(error, { ...profile, tls: 'verify' }).nextStep, /requires TLS/);
});

test('anything unknown keeps the driver message', () => {
  const problem = describeConnectionError('boom', profile);
  assert.equal(problem.kind, 'other');
  assert.match(problem.title, /boom/);
});

test('one description, two vocabularies: the extension names its form, the CLI its flags', async () => {
  const { connectionNextStep } = await import('../../../src/core/db/connectionErrors');
  const kinds = [
    'wrongPassword',
    'unknownHost',
    'refused',
    'timeout',
    'tlsRequiredByServer',
    'tlsNotSupportedByServer',
    'certificateRejected',
    'notMySqlCompatible',
    'unknownDatabase',
    'caFileUnreadable',
    'tooManyConnections',
    'other',
  ] as const;
  for (const kind of kinds) {
    const cli = connectionNextStep(kind, profile, 'cli');
    assert.doesNotMatch(
      cli,
      /Edit (the )?[Cc]onnection|TLS mode|Set TLS|TLS "|turn TLS on|Pick an existing|leave the CA empty/,
      `${kind}: ${cli}`,
    );
  }
  assert.match(connectionNextStep('tlsRequiredByServer', profile, 'cli'), /--mysql-ssl=REQUIRED/);
  assert.match(connectionNextStep('certificateRejected', profile, 'cli'), /--mysql-ssl-ca=FILE/);
  assert.match(connectionNextStep('caFileUnreadable', profile, 'cli'), /--mysql-ssl-ca=FILE/);
  assert.match(connectionNextStep('wrongPassword', profile, 'cli'), /--mysql-password \(or MYSQL_PWD\).*--mysql-ssl=REQUIRED/);
  assert.match(connectionNextStep('tooManyConnections', profile, 'cli'), /fewer --threads/);
  const error = driverError(
    'ER_UNKNOWN_ERROR',
    'Connections using insecure transport are prohibited while --require_secure_transport=ON.',
    3159,
  );
  assert.match(describeConnectionError(error, profile).nextStep, /Edit the connection/);
  assert.equal(describeConnectionError(error, profile, 'cli').nextStep, connectionNextStep('tlsRequiredByServer', profile, 'cli'));
  assert.equal(
    describeConnectionError(driverError('ER_CON_COUNT_ERROR', 'Too many connections', 1040), profile).kind,
    'tooManyConnections',
  );
});

test('socket errors are told in the words of the operating system, with the address really tried', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3999'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
    address: '127.0.0.1',
    port: 3999,
  });
  const problem = describeConnectionError(refused, { ...profile, host: 'localhost', port: 3999 });
  assert.deepEqual(problem.detail, { source: 'system', text: 'Nothing listens on 127.0.0.1:3999 (connection refused).' });
  assert.equal(problem.serverMessage, 'connect ECONNREFUSED 127.0.0.1:3999', 'the raw text stays for the log');
  const ipv6 = Object.assign(new Error('connect ECONNREFUSED ::1:4000'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
    address: '::1',
    port: 4000,
  });
  assert.equal(describeConnectionError(ipv6, profile).detail.text, 'Nothing listens on [::1]:4000 (connection refused).');
  const unknown = Object.assign(new Error('getaddrinfo ENOTFOUND db.example'), {
    code: 'ENOTFOUND',
    errno: -3008,
    syscall: 'getaddrinfo',
    hostname: 'db.example',
  });
  assert.deepEqual(describeConnectionError(unknown, profile).detail, {
    source: 'system',
    text: "No address is known for the name 'db.example' (DNS lookup failed).",
  });
  assert.equal(
    describeConnectionError(driverError('ETIMEDOUT', 'connect ETIMEDOUT'), profile).detail.text,
    'db.example:4000 did not answer in time (connection timed out).',
  );
});

test('an error packet is the server speaking; a TLS or protocol failure is the client', () => {
  const denied = Object.assign(new Error("Access denied for user 'app'@'10.0.0.1' (using password: YES)"), {
    code: 'ER_ACCESS_DENIED_ERROR',
    errno: 1045,
    sqlState: '28000',
  });
  assert.deepEqual(describeConnectionError(denied, profile).detail, { source: 'server', text: denied.message });
  assert.equal(
    describeConnectionError(driverError('HANDSHAKE_SSL_ERROR', 'self-signed certificate in certificate chain'), profile).detail.source,
    'client',
  );
});

test('a server that accepted over TLS what it refused in plain text is told as requiring encryption, with the way out first', async () => {
  const { tlsRequiredProblem } = await import('../../../src/core/db/connectionErrors');
  const denied = describeConnectionError(
    Object.assign(new Error('Access denied'), { code: 'ER_ACCESS_DENIED_ERROR', errno: 1045, sqlState: '28000' }),
    profile,
  );
  const problem = tlsRequiredProblem(denied, profile);
  assert.equal(problem.kind, 'tlsRequiredByServer');
  assert.match(problem.title, /^db\.example:4000 requires encrypted connections/);
  assert.doesNotMatch(problem.title, /wrong user name or password/);
  assert.match(problem.nextStep, /^Edit the connection and set its TLS mode/);
  assert.equal(problem.serverMessage, 'Access denied', "the server's own words stay");
});
