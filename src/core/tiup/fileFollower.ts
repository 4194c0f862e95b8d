// Follows a growing file (like tail -f) by reading what was added every interval: the
// playground writes its output to a log file, not to a pipe, so that it can outlive the window.
import { closeSync, openSync, readSync } from 'node:fs';

export interface FileFollower {
  /** reads what is new at once (also done every interval) */
  readNow(): void;
  stop(): void;
}

export function followFile(path: string, onText: (text: string) => void, intervalMs = 250, startAt = 0): FileFollower {
  let position = startAt;
  let stopped = false;
  const buffer = Buffer.alloc(64 * 1024);
  const decoder = new TextDecoder('utf-8');
  const readNow = () => {
    if (stopped) return;
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return;
    }
    try {
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, position);
        if (read <= 0) break;
        position += read;
        onText(decoder.decode(buffer.subarray(0, read), { stream: true }));
      }
    } finally {
      closeSync(fd);
    }
  };
  const timer = setInterval(readNow, intervalMs);
  return {
    readNow,
    stop() {
      if (stopped) return;
      readNow();
      stopped = true;
      clearInterval(timer);
    },
  };
}
