// Where the tests find the local MariaDB started by scripts/start-mariadb.sh.
// Tests that need it fail (not skip) when it is missing: a silent skip would hide a broken set-up.
export interface TestDatabase {
  host: string;
  port: number;
  tlsOnlyPort: number;
  user: string;
  password: string;
  database: string;
  caFile: string;
}

export function testDatabase(): TestDatabase {
  const env = process.env;
  const stateDir = env.TIDB_LAB_STATE_DIR ?? '/var/tmp/tidb-lab';
  return {
    host: env.TIDB_LAB_MYSQL_HOST ?? '127.0.0.1',
    port: Number(env.TIDB_LAB_MYSQL_PORT ?? 3406),
    tlsOnlyPort: Number(env.TIDB_LAB_TLS_PORT ?? 3407),
    user: env.TIDB_LAB_MYSQL_USER ?? 'tidblab',
    password: env.TIDB_LAB_MYSQL_PASSWORD ?? 'tidblab-pw',
    database: env.TIDB_LAB_MYSQL_DB ?? 'tidblab_test',
    caFile: env.TIDB_LAB_CA_FILE ?? `${stateDir}/tls/ca.pem`,
  };
}
