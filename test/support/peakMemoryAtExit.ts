// Preloaded into a child node (`node --require out/test/support/peakMemoryAtExit.js ...`): at exit
// it writes the process's peak resident memory (VmHWM, every thread included) to stderr as the
// last line, `peak-rss-kb=<n>`, for a test to read with peakRssKb().
import { readFileSync, writeSync } from 'node:fs';

const MARKER = 'peak-rss-kb=';

process.on('exit', () => {
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (peak !== undefined) writeSync(2, `\n${MARKER}${peak}\n`);
});

export {};
