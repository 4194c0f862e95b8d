// A file only this user can read (mode 0600 in a fresh 0700 directory) for sysbench's
// --config-file, which holds the password. It is removed when the run ends, and, should the process
// exit first (a crash, process.exit), by an exit handler.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivateConfigFile {
  path: string;
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
    remove: () => {
      rmSync(directory, { recursive: true, force: true });
      pending.delete(directory);
    },
  };
}
