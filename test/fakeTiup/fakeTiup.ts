// FAKE `tiup` for tests (test/fakeTiup/tiup runs this; it never ships). TiUP cannot be downloaded
// on the test machines, so this prints what TiUP v1.16.5 prints, in the same order, and plays the
// playground's TiDB with the TiDB STAND-IN (test/standin/) relaying to the test MariaDB. Its texts
// are taken from TiUP's source (github.com/pingcap/tiup at v1.16.5):
//   cmd/list.go + pkg/tui/tui.go        `tiup list tidb` ("Available versions for tidb:", the table)
//   pkg/exec/run.go                     "Starting component playground: ...", the download notice,
//                                       tiup_process_meta in $TIUP_HOME/data/<tag>/
//   pkg/repository/progress.go          "download <url> <counters>" without a terminal
//   components/playground/instance/instance.go  "Start pd instance: v8.5.1"
//   components/playground/playground.go "- TiDB: 127.0.0.1:4000 ... Done", the 🎉 banner, "Connect TiDB:",
//                                       "TiDB Dashboard:", "tidb-0 quit: ...", "Playground receive signal"
//   components/playground/main.go       --tag/--tiflash/--without-monitor, "Error: ...", the dsn and port files,
//                                       TiDB's port: 4000, or any free one when 4000 is taken (utils.MustGetFreePort)
// Environment (all optional):
//   TIUP_HOME                          data folder (default ~/.tiup), like TiUP
//   TIDB_LAB_FAKE_TIUP_SCENARIO        ok (default) | exit-early | never-answers | tidb-fails
//   TIDB_LAB_FAKE_TIUP_TIDB_PORT       TiDB's preferred port (default 4000); taken: a free one
//   TIDB_LAB_FAKE_TIUP_STEP_MS         pause between printed steps (default 50)
//   TIDB_LAB_FAKE_TIUP_TIFLASH_MS      how long TiFlash takes to be up after TiDB (default: one step)
//   TIDB_LAB_FAKE_TIUP_LIST            online (default) | offline: `tiup list tidb` fails like without internet
//   TIDB_LAB_FAKE_TIUP_CALLS           a file every invocation's arguments are appended to (one JSON array a line)
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';

const TIUP_VERSION = 'v1.16.5';
const LATEST = 'v8.5.1';
/** Rows as TiUP lists them (semver order, the nightly alias first); versions and dates from the TiDB release notes. */
const KNOWN_VERSIONS: Array<[string, string]> = [
  ['v7.1.6', '2024-11-21T08:00:00+08:00'],
  ['v7.5.6', '2025-03-14T08:00:00+08:00'],
  ['v8.1.2', '2024-12-26T08:00:00+08:00'],
  ['v8.4.0', '2024-11-11T08:00:00+08:00'],
  ['v8.5.0', '2024-12-19T08:00:00+08:00'],
  ['v8.5.1', '2025-02-27T08:00:00+08:00'],
  ['v9.0.0-beta.1', '2025-03-20T08:00:00+08:00'],
];
const NIGHTLY = 'v9.0.0-alpha-nightly-20250415';
const PLATFORMS = 'darwin/amd64,darwin/arm64,linux/amd64,linux/arm64';

const home = process.env.TIUP_HOME || join(homedir(), '.tiup');
const stepMs = Number(process.env.TIDB_LAB_FAKE_TIUP_STEP_MS ?? 50);
const scenario = process.env.TIDB_LAB_FAKE_TIUP_SCENARIO ?? 'ok';

function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function installedVersions(): Set<string> {
  return new Set(KNOWN_VERSIONS.map(([version]) => version).filter((version) => existsSync(join(home, 'components', 'tidb', version))));
}

/** tui.PrintTable: columns padded to the widest cell, two spaces between, dashes under the titles. */
function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const all = [rows[0], rows[0].map((title) => '-'.repeat(title.length)), ...rows.slice(1)];
  for (const row of all)
    out(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
}

function listTiDB(installedOnly: boolean): number {
  if (!installedOnly && process.env.TIDB_LAB_FAKE_TIUP_LIST === 'offline') {
    // cmd/list.go: errors.Annotate(err, "failed to fetch component"), printed by cmd/root.go as "Error: ...".
    process.stderr.write(
      'Error: failed to fetch component: fetch /timestamp.json from mirror(https://tiup-mirrors.pingcap.com) failed: dial tcp: lookup tiup-mirrors.pingcap.com: no such host\n',
    );
    return 1;
  }
  const installed = installedVersions();
  const rows: string[][] = [['Version', 'Installed', 'Release', 'Platforms']];
  if (!installedOnly) rows.push([`nightly -> ${NIGHTLY}`, '', '2025-04-15T00:00:00+08:00', PLATFORMS]);
  for (const [version, released] of KNOWN_VERSIONS) {
    if (installedOnly && !installed.has(version)) continue;
    rows.push([version, installed.has(version) ? 'YES' : '', released, PLATFORMS]);
  }
  out('Available versions for tidb:');
  printTable(rows);
  return 0;
}

interface PlaygroundArgs {
  version: string;
  tag: string;
  tiflash: number;
  monitor: boolean;
}

function parsePlaygroundArgs(args: string[]): PlaygroundArgs {
  const parsed: PlaygroundArgs = { version: LATEST, tag: '', tiflash: 1, monitor: true };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--tag' || arg === '-T') parsed.tag = args[++i];
    else if (arg === '--tiflash') parsed.tiflash = Number(args[++i]);
    else if (arg === '--without-monitor') parsed.monitor = false;
    else if (arg.startsWith('-')) throw new Error(`unknown flag: ${arg}`);
    else parsed.version = arg === 'nightly' ? NIGHTLY : arg;
  }
  if (!parsed.tag) parsed.tag = Math.random().toString(36).slice(2, 10);
  return parsed;
}

/** utils.MustGetFreePort: the preferred port when it can be bound, else one the kernel picks. */
async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const bound = (server.address() as { port: number }).port;
        server.close(() => resolve(bound));
      });
    });
  return (await tryPort(preferred)) ?? (await tryPort(0)) ?? preferred;
}

async function playground(args: string[]): Promise<number> {
  const options = parsePlaygroundArgs(args);
  // Like the real playground, it runs until it is stopped by a signal.
  setInterval(() => undefined, 1 << 30);
  const dataDir = join(home, 'data', options.tag);
  mkdirSync(dataDir, { recursive: true });
  const binary = join(home, 'components', 'playground', TIUP_VERSION, 'tiup-playground');
  process.stderr.write(`Starting component playground: ${binary} ${args.join(' ')}\n`);
  writeFileSync(
    join(dataDir, 'tiup_process_meta'),
    JSON.stringify({
      component: 'playground',
      created_time: new Date().toISOString(),
      pid: process.pid,
      exec: binary,
      args: [binary, ...args],
      dir: dataDir,
    }),
  );
  writeFileSync(join(dataDir, 'port'), String(await freePort(9527)));

  let standIn: TiDBStandIn | undefined;
  let silentServer: Server | undefined;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    out();
    out(`Playground receive signal: ${signal === 'SIGTERM' ? 'terminated' : 'interrupt'}`);
    if (standIn) out(`Wait tidb(${process.pid}) to quit...`);
    await standIn?.close();
    silentServer?.close();
    if (standIn) out('tidb quit');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const componentsDir = join(home, 'components', 'tidb', options.version);
  if (!existsSync(componentsDir)) {
    for (const component of ['pd', 'tikv', 'tidb', ...(options.tiflash > 0 ? ['tiflash'] : [])]) {
      process.stderr.write(`The component \`${component}\` version ${options.version} is not installed; downloading from repository.\n`);
      const url = `https://tiup-mirrors.pingcap.com/${component}-${options.version}-linux-amd64.tar.gz`;
      for (const done of ['12.00', '44.37', '88.73']) {
        process.stderr.write(`download ${url} ${done} MiB / 88.73 MiB\r`);
        await sleep(stepMs);
      }
      process.stderr.write('\n');
    }
    mkdirSync(componentsDir, { recursive: true });
  }
  for (const component of ['pd', 'tikv', 'tidb']) {
    out(`Start ${component} instance: ${options.version}`);
    await sleep(stepMs);
  }
  if (scenario === 'exit-early') {
    // main.go: errors.Annotate(bootErr, "Playground bootstrapping failed"); boot: "failed to wait PD %s to be ready".
    out('Error: Playground bootstrapping failed: failed to wait PD 127.0.0.1:2379 to be ready: context deadline exceeded');
    return 1;
  }

  const port = await freePort(Number(process.env.TIDB_LAB_FAKE_TIUP_TIDB_PORT ?? 4000));
  const address = `127.0.0.1:${port}`;
  if (scenario === 'never-answers') {
    // Something that accepts connections and never greets, like a TiDB stuck in bootstrap.
    silentServer = createServer(() => undefined);
    await new Promise<void>((resolve) => silentServer?.listen(port, '127.0.0.1', resolve));
  } else if (scenario !== 'tidb-fails') {
    standIn = await startTestStandIn({
      port,
      host: '127.0.0.1',
      user: 'root',
      password: '',
      tiflashNodes: options.tiflash,
      versionString: `8.0.11-TiDB-${options.version}`,
      otherComponents: [
        {
          type: 'pd',
          instance: '127.0.0.1:2379',
          statusAddress: '127.0.0.1:2379',
          version: options.version.replace(/^v/, ''),
          gitHash: 'fake-tiup',
          startTime: new Date().toISOString(),
          uptime: '0s',
        },
        {
          type: 'tikv',
          instance: '127.0.0.1:20160',
          statusAddress: '127.0.0.1:20180',
          version: options.version.replace(/^v/, ''),
          gitHash: 'fake-tiup',
          startTime: new Date().toISOString(),
          uptime: '0s',
        },
        {
          type: 'tidb',
          instance: address,
          statusAddress: '127.0.0.1:10080',
          version: options.version.replace(/^v/, ''),
          gitHash: 'fake-tiup',
          startTime: new Date().toISOString(),
          uptime: '0s',
        },
      ],
    });
  }
  for (let i = 0; i < 3; i++) {
    out(`- TiDB: ${address} ... `);
    await sleep(stepMs);
  }
  if (scenario === 'tidb-fails') {
    out('tidb-0 quit: exit status 1');
    out(`- TiDB: ${address} ... Error`);
    await new Promise(() => undefined);
  }
  out(`- TiDB: ${address} ... Done`);
  for (let node = 0; node < options.tiflash; node++) out(`Start tiflash instance: ${options.version}`);
  if (options.tiflash > 0) {
    // TiUP starts TiFlash once TiDB is up and waits for PD to see it (playground.go waitAllTiFlashUp).
    const tiflashMs = Number(process.env.TIDB_LAB_FAKE_TIUP_TIFLASH_MS ?? stepMs);
    for (let waited = 0; waited <= tiflashMs; waited += Math.max(stepMs, 1)) {
      for (let node = 0; node < options.tiflash; node++) out(`- TiFlash: 127.0.0.1:${3930 + node} ... `);
      await sleep(Math.max(stepMs, 1));
    }
    for (let node = 0; node < options.tiflash; node++) out(`- TiFlash: 127.0.0.1:${3930 + node} ... Done`);
  }
  out();
  out('🎉 TiDB Playground Cluster is started, enjoy!');
  out();
  out(`Connect TiDB:    mysql --comments --host 127.0.0.1 --port ${port} -u root`);
  out('TiDB Dashboard:  http://127.0.0.1:2379/dashboard');
  if (options.monitor) out('Grafana:         http://127.0.0.1:3000');
  writeFileSync(join(dataDir, 'dsn'), `mysql://root@${address}`);
  await new Promise(() => undefined);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  if (process.env.TIDB_LAB_FAKE_TIUP_CALLS) appendFileSync(process.env.TIDB_LAB_FAKE_TIUP_CALLS, `${JSON.stringify(argv)}\n`);
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    out(`${TIUP_VERSION.slice(1)} tiup`);
    return 0;
  }
  if (command === 'list' && rest[0] === 'tidb') return listTiDB(rest.includes('--installed'));
  if (command === 'playground') return playground(rest);
  process.stderr.write(`Error: the fake tiup (a test double) does not know '${argv.join(' ')}'\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    out(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
