// A file only this user can read (mode 0600 in a fresh 0700 directory) for sysbench's
// --config-file, which holds the password. runSysbench removes it as soon as sysbench has read it
// (at its first line of output), and in every other way the run ends: when the run ends, by an exit
// handler should the process exit first (a crash, process.exit), and by sysbench's watchdog should
// the process be killed (sysbenchWatchdog.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivateConfigFile {
  path: string;
  /** the directory made for it, which only holds it */
  directory: string;
  /** removes the file and its directory; safe to call more than once */
  remove(): void;
}

const pending = new Set<string>();
let exitHandlerInstalled = false;

function removeAllPending(): void {
  for (const directory of pending) rmSync(directory, { recursive: true, force: true });
  pending.clear();
}

export function writePrivateConfigFile(text: string, directoryPrefix = 'tidb-lab-sysbench-'): PrivateConfigFile {
  const directory = mkdtempSync(join(tmpdir(), directoryPrefix));
  pending.add(directory);
  if (!exitHandlerInstalled) {
    process.on('exit', removeAllPending);
    exitHandlerInstalled = true;
  }
  const path = join(directory, 'sysbench.cfg');
  try {
    writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    pending.delete(directory);
    throw error;
  }
  return {
    path,
    directory,
    remove: () => {
      rmSync(directory, { recursive: true, force: true });
      pending.delete(directory);
    },
  };
}
