// Whether TiDB answers at an address: a MySQL login as root without a password (how a playground
// is reached: "mysql --host 127.0.0.1 --port 4000 -u root") and SELECT VERSION(), which names TiDB.
import type { Connection } from 'mysql2/promise';
import { loadMysql2Promise } from '../lazyLibraries';
import type { Endpoint } from './playgroundOutput';

export type ReadinessResult = { ready: true; version: string } | { ready: false; reason: string };

export type ReadinessProbe = (endpoint: Endpoint) => Promise<ReadinessResult>;

export function tidbReadinessProbe(timeoutMs = 3000): ReadinessProbe {
  return (endpoint) =>
    new Promise<ReadinessResult>((resolve) => {
      let settled = false;
      let connection: Connection | undefined;
      const finish = (result: ReadinessResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        connection?.destroy();
        resolve(result);
      };
      // A server that accepts but never greets must not hold the probe (or its connection) forever.
      const timer = setTimeout(() => finish({ ready: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
      loadMysql2Promise()
        .createConnection({ host: endpoint.host, port: endpoint.port, user: 'root', password: '', connectTimeout: timeoutMs })
        .then(async (opened) => {
          connection = opened;
          if (settled) {
            opened.destroy();
            return;
          }
          const [rows] = await opened.query('SELECT VERSION() AS version');
          const version = String((rows as Array<{ version: unknown }>)[0]?.version ?? '');
          if (!/TiDB/i.test(version))
            finish({ ready: false, reason: `the server at ${endpoint.host}:${endpoint.port} is not TiDB (VERSION() = ${version})` });
          else finish({ ready: true, version });
        })
        .catch((error: unknown) => finish({ ready: false, reason: error instanceof Error ? error.message : String(error) }));
    });
}
