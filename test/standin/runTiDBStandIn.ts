// Starts the TiDB STAND-IN (test code, not TiDB) from the command line, for tests that run in
// another process (e2e with code-server):
//   node out/test/standin/runTiDBStandIn.js --port 4000 [--tiflash-nodes 2] [--table-size app.big=100000000]
// Prints one JSON line {"event":"listening","port":...} on stdout when ready; stops on SIGINT/SIGTERM
// (and when stdin closes, with --exit-on-stdin-close, which also reads the line
// "catch-up-replica SCHEMA.TABLE" and answers {"event":"replica-caught-up",...}). The upstream MariaDB and the account clients
// log in with default to test/support/testDatabase.ts (environment TIDB_LAB_MYSQL_*). Passwords are
// never printed.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { testDatabase } from '../support/testDatabase';
import { startTiDBStandIn, type TiDBStandInOptions } from './tidbStandIn';

const USAGE = `Usage: node out/test/standin/runTiDBStandIn.js [options]
  --port N                        port to listen on (default 4000; 0 picks a free one)
  --host H                        address to listen on (default 127.0.0.1)
  --user NAME / --password PW     the account clients log in with (default: the test MariaDB account)
  --upstream-host/-port/-user     the MariaDB to relay to (default: test/support/testDatabase.ts)
  --tiflash-nodes N               TiFlash nodes in the cluster (default 2)
  --replica-progress-per-second X how fast TiFlash replicas catch up (default 0.5)
  --table-size SCHEMA.TABLE=BYTES size to report for a table (repeatable)
  --version-string S              VERSION() (default 8.0.11-TiDB-v8.5.1)
  --serverless                    refuse information_schema.cluster_info like TiDB Cloud Starter
  --tls                           offer TLS (certificate from --tls-dir)
  --require-tls                   refuse clients without TLS (implies --tls)
  --tls-dir DIR                   holds server-cert.pem and server-key.pem (default: beside the test CA)
  --plan-fixture TEXT=FILE        EXPLAIN of a statement containing TEXT answers FILE (repeatable)
  --plan-fixtures-dir DIR         where the plan fixtures are (default test/fixtures/tidb-plans)
  --cache-load-delay-ms N         time a cached table takes to load after its first read (default 0)
  --exit-on-stdin-close           stop when stdin closes (so it dies with the process that started it);
                                  a line "catch-up-replica SCHEMA.TABLE" on stdin lets that replica catch up now`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4000' },
      host: { type: 'string', default: '127.0.0.1' },
      user: { type: 'string' },
      password: { type: 'string' },
      'upstream-host': { type: 'string' },
      'upstream-port': { type: 'string' },
      'upstream-user': { type: 'string' },
      'tiflash-nodes': { type: 'string' },
      'replica-progress-per-second': { type: 'string' },
      'table-size': { type: 'string', multiple: true, default: [] },
      'version-string': { type: 'string' },
      serverless: { type: 'boolean', default: false },
      tls: { type: 'boolean', default: false },
      'require-tls': { type: 'boolean', default: false },
      'tls-dir': { type: 'string' },
      'plan-fixture': { type: 'string', multiple: true, default: [] },
      'plan-fixtures-dir': { type: 'string' },
      'cache-load-delay-ms': { type: 'string' },
      'exit-on-stdin-close': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const db = testDatabase();
  const offerTls = values.tls || values['require-tls'];
  const tlsDir = values['tls-dir'] ?? dirname(db.caFile);
  const options: TiDBStandInOptions = {
    port: wholeNumber(values.port, '--port'),
    host: values.host,
    upstream: {
      host: values['upstream-host'] ?? db.host,
      port: values['upstream-port'] ? wholeNumber(values['upstream-port'], '--upstream-port') : db.port,
      user: values['upstream-user'] ?? db.user,
      password: db.password,
    },
    user: values.user ?? db.user,
    password: values.password ?? db.password,
    tiflashNodes: values['tiflash-nodes'] === undefined ? undefined : wholeNumber(values['tiflash-nodes'], '--tiflash-nodes'),
    replicaProgressPerSecond:
      values['replica-progress-per-second'] === undefined
        ? undefined
        : positiveNumber(values['replica-progress-per-second'], '--replica-progress-per-second'),
    tableSizeOverridesBytes: Object.fromEntries(
      values['table-size'].map((entry) => pair(entry, '--table-size', (size) => wholeNumber(size, '--table-size'))),
    ),
    versionString: values['version-string'],
    serverless: values.serverless,
    requireTls: values['require-tls'],
    tls: offerTls ? { key: readFileSync(join(tlsDir, 'server-key.pem')), cert: readFileSync(join(tlsDir, 'server-cert.pem')) } : undefined,
    planFixtures: {
      directory: values['plan-fixtures-dir'],
      rules: values['plan-fixture'].map((entry) => {
        const [match, file] = pair(entry, '--plan-fixture', (value) => value);
        return { match, file };
      }),
    },
    cacheLoadDelayMs:
      values['cache-load-delay-ms'] === undefined ? undefined : wholeNumber(values['cache-load-delay-ms'], '--cache-load-delay-ms'),
  };
  const standIn = await startTiDBStandIn(options);
  process.stdout.write(
    `${JSON.stringify({ event: 'listening', host: options.host, port: standIn.port, version: standIn.state.versionString })}\n`,
  );
  const stop = () => {
    void standIn.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (values['exit-on-stdin-close']) {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    // A line "catch-up-replica SCHEMA.TABLE" lets that table's TiFlash replica catch up now.
    createInterface({ input: process.stdin }).on('line', (line) => {
      const [command, table = ''] = line.trim().split(/\s+/);
      if (command !== 'catch-up-replica') return;
      const at = table.indexOf('.');
      const caughtUp = at > 0 && standIn.state.catchUpReplica(table.slice(0, at), table.slice(at + 1));
      process.stdout.write(`${JSON.stringify({ event: 'replica-caught-up', table, caughtUp })}\n`);
    });
    process.stdin.resume();
  }
}

function wholeNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${flag} needs a whole number of 0 or more; got '${text}'.`);
  return value;
}

function positiveNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${flag} needs a number above 0; got '${text}'.`);
  return value;
}

function pair<T>(entry: string, flag: string, parse: (value: string) => T): [string, T] {
  const at = entry.lastIndexOf('=');
  if (at <= 0) throw new Error(`${flag} needs NAME=VALUE; got '${entry}'.`);
  return [entry.slice(0, at), parse(entry.slice(at + 1))];
}

main().catch((error: unknown) => {
  process.stderr.write(`TiDB stand-in: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(1);
});
