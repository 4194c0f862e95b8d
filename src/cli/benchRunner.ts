// Entry point of a detached benchmark run (bundled to dist/benchRunner.js): `node benchRunner.js
// RUN_DIRECTORY`, the password as JSON on stdin. The editor starts it in a session of its own so
// it keeps running through a window reload; SIGTERM (or SIGINT) stops the run, which still writes
// its result, marked cancelled.
import { runInDirectory } from '../core/bench/detached/runInDirectory';
import type { DetachedRunSecret } from '../core/bench/detached/runEvents';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<number> {
  const directory = process.argv[2];
  if (!directory) {
    process.stderr.write('Usage: benchRunner RUN_DIRECTORY (the password as JSON on stdin)\n');
    return 2;
  }
  const parsed = JSON.parse((await readStdin()) || '{}') as Partial<DetachedRunSecret>;
  const secret: DetachedRunSecret = { password: typeof parsed.password === 'string' ? parsed.password : '' };
  const controller = new AbortController();
  process.on('SIGTERM', () => controller.abort());
  process.on('SIGINT', () => controller.abort());
  process.on('SIGHUP', () => undefined);
  await runInDirectory(directory, secret, controller.signal);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
