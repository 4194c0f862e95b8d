// The TiDB stand-in in its own process (its CLI, relaying to the local MariaDB), as a user's TiDB
// would be; it dies with the test that started it (it exits when its stdin closes).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';

export class StandInProcess {
  private constructor(
    private readonly child: ChildProcess,
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
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const event = JSON.parse(line) as { event?: string; port?: number };
        if (event.event === 'listening' && event.port) resolve(event.port);
      });
      child.once('exit', (code) => reject(new Error(`the TiDB stand-in exited (${code}): ${errors}`)));
    });
    return new StandInProcess(child, port);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
