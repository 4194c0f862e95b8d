// A closing window ends the playground it started unless the user chose Keep Running After Close.
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, describe, test } from 'node:test';
import { endPlaygroundOnWindowClose } from '../../../src/core/tiup/playgroundProcess';

const children: ChildProcess[] = [];
after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A long-running stand-in for `tiup playground`, seen the way the service sees its playground. */
function playground(): { child: ChildProcess; pid: number; readonly isRunning: boolean } {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return {
    child,
    pid: child.pid ?? -1,
    get isRunning() {
      return child.exitCode === null && child.signalCode === null;
    },
  };
}

describe('a playground when its window closes', () => {
  test('is sent SIGTERM when it is not to be kept', async () => {
    const started = playground();
    const exited = once(started.child, 'exit');
    assert.equal(endPlaygroundOnWindowClose(started, false), true);
    const [, signal] = await exited;
    assert.equal(signal, 'SIGTERM');
  });

  test('keeps running when the user chose Keep Running After Close', async () => {
    const started = playground();
    assert.equal(endPlaygroundOnWindowClose(started, true), false);
    // the answer is synchronous; a signal would have been sent before it returned
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(started.isRunning, true);
    process.kill(started.pid, 0);
  });

  test('sends nothing to a playground that already exited (its pid may be another process now)', async () => {
    const started = playground();
    started.child.kill('SIGKILL');
    await once(started.child, 'exit');
    assert.equal(endPlaygroundOnWindowClose(started, false), false);
  });
});
