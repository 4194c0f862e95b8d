// How the built-in engine's client threads wait for the server's answers. Evented: a few
// worker_threads each carry many connections on their event loops (epoll, a callback per read).
// Blocking: one worker_thread per client thread, which writes its statement and blocks in read(2)
// until the answer is there, as sysbench's threads do (mysqlWire/blockingReader.ts).
//
// Measured on 2 CPUs against a local MariaDB (docs/development-measurements.md, 2026-12-02):
// blocking reads gave more QPS and lower p95 at 1 to 8 threads and less system CPU per query, but
// every worker_thread costs start-up CPU and warms its own JIT, and at 16 threads and more the
// many workers cost more than they saved (0.73x the QPS of evented at 16, 0.44x at 32). So `auto`
// reads blocking at 1 to 8 threads. What a user or a test sees is the same in both models: a
// worker blocked in read(2) hears no message, so the coordinator takes its interval snapshot from
// shared memory (sharedWorkerCounters.ts) and a stop KILLs its statement (runBenchmark.ts).
export const CLIENT_IO_MODES = ['auto', 'blocking', 'evented'] as const;
export type ClientIo = (typeof CLIENT_IO_MODES)[number];

export function isClientIo(value: string): value is ClientIo {
  return (CLIENT_IO_MODES as readonly string[]).includes(value);
}

export interface ClientIoChoice {
  /** each connection reads its answers with blocking reads, one worker_thread per client thread */
  blocking: boolean;
  workers: number;
}

export interface ClientIoContext {
  threads: number;
  io: ClientIo;
  /** --client-workers (0: not given) */
  requestedWorkers: number;
  /** the worker count of the evented model for this run */
  eventedWorkers: number;
  /** --rate: arrivals wait on timers, which the evented model serves */
  rate: number;
  /** TLS connections read through Node's TLS stream, which only the evented model drives */
  tls: boolean;
  cpus: number;
}

/** `auto` reads blocking up to this many client threads. */
export const AUTO_BLOCKING_MAX_THREADS = 8;

export function chooseClientIo(context: ClientIoContext): ClientIoChoice {
  const evented = { blocking: false, workers: context.eventedWorkers };
  if (context.io === 'evented' || context.rate > 0 || context.tls) return evented;
  // a worker count asked for means connections shared by workers: evented
  if (context.io === 'auto' && (context.requestedWorkers > 0 || context.threads > AUTO_BLOCKING_MAX_THREADS)) return evented;
  return { blocking: true, workers: context.threads };
}
