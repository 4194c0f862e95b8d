// Starts the TiDB stand-in in-process for a test, against the local MariaDB from
// scripts/start-mariadb.sh, logging in with the same test account.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { testDatabase } from '../support/testDatabase';
import { startTiDBStandIn, type TiDBStandIn, type TiDBStandInOptions } from './tidbStandIn';

export function startTestStandIn(overrides: Partial<TiDBStandInOptions> = {}): Promise<TiDBStandIn> {
  const db = testDatabase();
  return startTiDBStandIn({
    upstream: { host: db.host, port: db.port, user: db.user, password: db.password },
    user: db.user,
    password: db.password,
    ...overrides,
  });
}

/** The test CA's server certificate and key, for a stand-in that offers TLS. */
export function testTlsFiles(): { key: Buffer; cert: Buffer; ca: Buffer } {
  const dir = dirname(testDatabase().caFile);
  return {
    key: readFileSync(join(dir, 'server-key.pem')),
    cert: readFileSync(join(dir, 'server-cert.pem')),
    ca: readFileSync(testDatabase().caFile),
  };
}
