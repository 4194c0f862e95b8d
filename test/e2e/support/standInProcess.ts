// The TiDB stand-in in its own process (its CLI, relaying to the local MariaDB), as a user's TiDB
// would be; it dies with the test that started it (it exits when its stdin closes).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { repoRoot } from './paths';

export class StandInProcess {
  private constructor(
    private readonly child: ChildProcess,
    /** the stand-in's stdout, a JSON event a line */
    private readonly events: Interface,
    readonly port: number,
  ) {}

  /** `args`: the stand-in CLI's options beyond its port (test/standin/runTiDBStandIn.ts). */
  static async start(args: string[] = []): Promise<StandInProcess> {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'out', 'test', 'standin', 'runTiDBStandIn.js'), '--port', '0', '--exit-on-stdin-close', ...args],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const events = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const port = await new Promise<number>((resolve, reject) => {
      events.on('line', (line) => {
        const event = JSON.parse(line) as { event?: string; port?: number };
        if (event.event === 'listening' && event.port) resolve(event.port);
      });
      child.once('exit', (code) => reject(new Error(`the TiDB stand-in exited (${code}): ${errors}`)));
    });
    return new StandInProcess(child, events, port);
  }

  /** Lets the TiFlash replica of `schemaTable` ("schema.table") catch up now, once a test has seen its progress. */
  async catchUpReplica(schemaTable: string): Promise<void> {
    const answer = new Promise<boolean>((resolve) => {
      const onLine = (line: string) => {
        const event = JSON.parse(line) as { event?: string; table?: string; caughtUp?: boolean };
        if (event.event !== 'replica-caught-up' || event.table !== schemaTable) return;
        this.events.off('line', onLine);
        resolve(event.caughtUp === true);
      };
      this.events.on('line', onLine);
    });
    this.child.stdin?.write(`catch-up-replica ${schemaTable}\n`);
    if (!(await answer)) throw new Error(`the TiDB stand-in has no TiFlash replica of ${schemaTable} to catch up`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
