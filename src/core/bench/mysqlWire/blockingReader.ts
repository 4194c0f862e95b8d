// sysbench's model for one connection: write the statement, then block in read(2) until the
// answer is there, instead of returning to the event loop and waiting for epoll to call back. The
// thread sleeps in the kernel right after its write, as sysbench's does in recv(), so the server
// thread it woke runs without first preempting us; and no per-read callback machinery runs.
//
// The reads happen in drain(), a loop that feeds the bytes to the connection's parser until it
// has no command waiting for an answer. The parser's callbacks may send the next command at once
// (the benchmark's hot path does), so one drain() carries a whole run of statements. It gives the
// event loop a turn every SLICE_MS (setImmediate), or the worker's messages and timers would starve.
import { readSync } from 'node:fs';
import type { Socket } from 'node:net';
// the module's binding, not the global: Node's global performance is a getter V8 cannot inline
import { performance } from 'node:perf_hooks';

// Taken from node:fs once: its exports object is in dictionary mode, so `fs.readSync` read per call
// (as the bundle would) is a generic property lookup on the hot path.
const readDescriptor = readSync;

/** How long one drain() may keep the event loop waiting. */
export const SLICE_MS = 5;

const READ_BUFFER_SIZE = 64 * 1024;

interface BlockableHandle {
  fd?: unknown;
  readStop?: () => number;
  setBlocking?: (blocking: boolean) => number;
}

/**
 * Takes a connected plain socket out of the event loop's hands: no more reads by libuv, and its
 * descriptor in blocking mode. Returns the descriptor, or -1 (nothing changed) where this Node
 * cannot do it (no descriptor, as on Windows; a handle without setBlocking).
 */
export function takeBlockingDescriptor(socket: Socket): number {
  const handle = (socket as unknown as { _handle?: BlockableHandle })._handle;
  const fd = handle?.fd;
  if (typeof fd !== 'number' || fd < 0 || typeof handle?.readStop !== 'function' || typeof handle.setBlocking !== 'function') return -1;
  socket.pause();
  if (handle.readStop() !== 0) return -1;
  if (handle.setBlocking(true) !== 0) return -1;
  return fd;
}

export interface BlockingReaderTarget {
  /** bytes read from the descriptor: buffer[0, length), valid only during the call */
  onBytes(buffer: Buffer, length: number): void;
  /** a command is sent and its answer not fully read yet */
  awaitingAnswer(): boolean;
  /** the peer closed the connection (read returned 0) or reading failed */
  onReadEnd(error: NodeJS.ErrnoException | undefined): void;
}

/**
 * Told around every read(2) that may block: while the thread is in one, another thread may do
 * the worker's bookkeeping for it (sharedWorkerCounters.ts).
 */
export interface ReadGate {
  beforeRead(): void;
  afterRead(): void;
}

export class BlockingReader {
  private readonly buffer = Buffer.allocUnsafe(READ_BUFFER_SIZE);
  private draining = false;
  private scheduled = false;
  private ended = false;
  private readonly drainNow = () => {
    this.scheduled = false;
    this.drain();
  };

  constructor(
    private readonly fd: number,
    private readonly target: BlockingReaderTarget,
    private readonly now: () => number = () => performance.now(),
    private readonly gate?: ReadGate,
  ) {}

  /**
   * A command was just written: its answer is read after the caller returns (a microtask), never
   * from inside the call that sent it, as the evented socket would.
   */
  commandSent(): void {
    if (this.draining || this.scheduled || this.ended) return;
    this.scheduled = true;
    queueMicrotask(this.drainNow);
  }

  /** Stops reading for good (the connection is closed or given up). */
  end(): void {
    this.ended = true;
  }

  private drain(): void {
    if (this.ended) return;
    this.draining = true;
    const started = this.now();
    try {
      while (!this.ended && this.target.awaitingAnswer()) {
        if (this.now() - started >= SLICE_MS) {
          this.scheduled = true;
          setImmediate(this.drainNow);
          return;
        }
        let bytes: number;
        this.gate?.beforeRead();
        try {
          bytes = readDescriptor(this.fd, this.buffer, 0, this.buffer.length, null);
        } catch (error) {
          this.gate?.afterRead();
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EINTR') continue;
          if (code === 'EAGAIN') {
            // the descriptor is not blocking after all (another handle on it changed the mode):
            // try again after a turn of the event loop rather than spin
            this.scheduled = true;
            setImmediate(this.drainNow);
            return;
          }
          this.ended = true;
          this.target.onReadEnd(error as NodeJS.ErrnoException);
          return;
        }
        this.gate?.afterRead();
        if (bytes === 0) {
          this.ended = true;
          this.target.onReadEnd(undefined);
          return;
        }
        this.target.onBytes(this.buffer, bytes);
      }
    } finally {
      this.draining = false;
    }
  }
}
