// `tidb-lab bench ... run` (the built-in engine and --engine=sysbench) and `tidb-lab statements`
// against servers that break the protocol (test/support/hostileServers.ts), each spawned as the CLI
// a user runs: every failure is told in words and the process exits with code 1 within seconds, and
// a server that floods costs the CLI no more memory than its limit (peak RSS read in the child at
// exit, test/support/peakMemoryAtExit.ts). Before the fix an ERR greeting on a socket the server
// keeps open left all three waiting until SIGINT, and a flood grew them past 1 GB.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  errGreetingServer,
  floodingAnswerServer,
  floodingGreetingServer,
  hostileServer,
  type HostileServer,
} from '../../support/hostileServers';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const PEAK_MEMORY_AT_EXIT = join(__dirname, '..', '..', 'support', 'peakMemoryAtExit.js');
const HAS_SYSBENCH = existsSync('/usr/bin/sysbench');

interface Exit {
  code: number | null;
  /** stdout and stderr, the peak line taken out */
  output: string;
  ms: number;
  /** undefined when the child did not exit by itself (killed at the limit) */
  peakMb: number | undefined;
}

/** Runs the CLI with `args`, SIGKILLed after `limitMs` if it is still running. */
function runCli(args: string[], limitMs: number): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--require', PEAK_MEMORY_AT_EXIT, CLI, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MYSQL_PWD: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const peak = /\n?peak-rss-kb=(\d+)\n$/.exec(stderr);
      resolve({
        code,
        output: stdout + (peak === null ? stderr : stderr.slice(0, peak.index)),
        ms: Date.now() - started,
        peakMb: peak === null ? undefined : Number(peak[1]) / 1024,
      });
    });
  });
}

type Command = 'bench (built-in)' | 'bench --engine=sysbench' | 'statements';
const COMMANDS: Command[] = ['bench (built-in)', ...(HAS_SYSBENCH ? (['bench --engine=sysbench'] as const) : []), 'statements'];

function commandArgs(command: Command, port: number): string[] {
  const connection = ['--mysql-host=127.0.0.1', `--mysql-port=${port}`, '--mysql-user=u'];
  if (command === 'statements') return ['statements', ...connection];
  const engine = command === 'bench (built-in)' ? '--engine=builtin' : '--engine=sysbench';
  return ['bench', engine, ...connection, '--mysql-password=', '--time=2', 'oltp_point_select', 'run'];
}

/** Every command against `server`, side by side. */
async function everyCommand(server: HostileServer, limitMs: number): Promise<Array<[Command, Exit]>> {
  return Promise.all(
    COMMANDS.map(async (command) => [command, await runCli(commandArgs(command, server.port), limitMs)] as [Command, Exit]),
  );
}

function assertExited(command: Command, exit: Exit, withinMs: number): void {
  assert.notEqual(exit.peakMb, undefined, `${command} did not exit within ${withinMs} ms:\n${exit.output}`);
  assert.equal(exit.code, 1, `${command}:\n${exit.output}`);
  assert.ok(exit.ms < withinMs, `${command} took ${exit.ms} ms`);
  assert.doesNotMatch(exit.output, /RangeError|out of range|heap out of memory/, command);
}

describe('the CLI against hostile servers', { skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  const servers: HostileServer[] = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  const start = async (server: Promise<HostileServer>) => {
    const started = await server;
    servers.push(started);
    return started;
  };

  test('an ERR greeting (1040) on a socket the server keeps open: FATAL in words, exit 1 at once, every socket closed', async () => {
    const server = await start(errGreetingServer());
    for (const [command, exit] of await everyCommand(server, 15_000)) {
      assertExited(command, exit, 5000);
      assert.match(exit.output, /127\.0\.0\.1:\d+ accepts no more connections: Too many connections/, command);
      if (command !== 'statements') assert.match(exit.output, /^FATAL: /m, command);
    }
    assert.equal(server.open(), 0, 'the CLI closed its sockets');
  });

  test('a greeting announcing 16 MiB, then a flood: not a MySQL-compatible server, at once, with a small peak RSS', async () => {
    const server = await start(floodingGreetingServer());
    for (const [command, exit] of await everyCommand(server, 30_000)) {
      assertExited(command, exit, 5000);
      assert.match(exit.output, /127\.0\.0\.1:\d+ answers, but not as a MySQL-compatible server/, command);
      assert.ok(exit.peakMb! < 150, `${command}: peak RSS ${exit.peakMb!.toFixed(0)} MB`);
    }
  });

  test('an answer announcing 16 MiB packets without end: a protocol error at max_allowed_packet (64 MiB), not the memory', async () => {
    const server = await start(floodingAnswerServer());
    for (const [command, exit] of await everyCommand(server, 30_000)) {
      assertExited(command, exit, 10_000);
      assert.match(
        exit.output,
        /Malformed packet: the server announced a packet of \d+ bytes, more than the 67108864 bytes allowed \(max_allowed_packet\)/,
        command,
      );
      assert.ok(exit.peakMb! < 400, `${command}: peak RSS ${exit.peakMb!.toFixed(0)} MB`);
    }
  });

  test('a server that accepts and never greets: told within the connect timeout (10 s) and the greeting probe (2 s)', async () => {
    const server = await start(hostileServer(() => undefined));
    for (const [command, exit] of await everyCommand(server, 30_000)) {
      assertExited(command, exit, 16_000);
      assert.match(exit.output, /127\.0\.0\.1:\d+ answers, but not as a MySQL-compatible server \(it sent no MySQL greeting\)/, command);
    }
    assert.equal(server.open(), 0, 'the CLI closed its sockets');
  });
});
