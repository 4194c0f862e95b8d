// What `tidb-lab bench tpcc`, `ch` and `rawsql` do on SIGINT/SIGTERM/SIGHUP, as go-tpc does: the
// first stops the threads after what is in flight (the run then reports what it measured), a
// second exits at once; the exit code is the signal's (128 + its number).
type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

export const EXIT_CODES: Readonly<Record<StopSignal, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

export interface InterruptIo {
  stderr: (text: string) => void;
  onInterrupt: (handler: (signal: StopSignal) => void) => () => void;
  exit: (code: number) => void;
}

export interface Interruption {
  signal: AbortSignal;
  /** the exit code of the signal that stopped the run (SIGINT's if none came) */
  exitCode(): number;
  release(): void;
}

/** `inFlight`: what may still run on the server after a second signal; `stopping`: what the first one does. */
export function interruptOnSignals(io: InterruptIo, words: { inFlight: string; stopping: string }): Interruption {
  const controller = new AbortController();
  let signalled: StopSignal | undefined;
  const release = io.onInterrupt((signal) => {
    if (signalled !== undefined) {
      io.stderr(`\n${signal} again: exiting now; ${words.inFlight} of this run may still be running on the server.\n`);
      io.exit(EXIT_CODES[signal]);
      return;
    }
    signalled = signal;
    io.stderr(`\nInterrupted (${signal}): ${words.stopping}.\n`);
    controller.abort();
  });
  return { signal: controller.signal, exitCode: () => EXIT_CODES[signalled ?? 'SIGINT'], release };
}

/** go-tpc's timestamp: [2006-01-02 15:04:05] */
export function stamp(date = new Date()): string {
  return `[${date.toISOString().slice(0, 19).replace('T', ' ')}]`;
}
