// --rate: events arrive as a Poisson process (exponential gaps, like sysbench's event generator
// thread) into a queue the threads take from. An event's latency counts from its arrival, so time
// spent waiting in the queue is part of it (no coordinated omission).
import type { SysbenchRandom } from '../sysbench/sysbenchRandom';

/** sysbench's MAX_QUEUE_LEN: a full queue means the threads cannot keep up, and the run stops. */
export const MAX_QUEUE_LENGTH = 131072;

export class EventQueue {
  private readonly arrivals = new Float64Array(MAX_QUEUE_LENGTH);
  private head = 0;
  private size = 0;
  private nextArrival = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiting: Array<(arrival: number) => void> = [];
  private stopped = false;
  overflowed = false;

  /** events the threads are working on (for the "concurrency" report) */
  concurrency = 0;

  constructor(
    private readonly ratePerSecond: number,
    private readonly random: SysbenchRandom,
    private readonly now: () => number,
  ) {}

  get length(): number {
    return this.size;
  }

  start(startMs: number): void {
    this.nextArrival = startMs + this.gapMs();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const wake of this.waiting.splice(0)) wake(-1);
  }

  /** The arrival time of the next event, waiting for one if needed; -1 once stopped or overflowed. */
  take(): Promise<number> | number {
    if (this.stopped || this.overflowed) return -1;
    if (this.size > 0) return this.dequeue();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private dequeue(): number {
    const arrival = this.arrivals[this.head];
    this.head = (this.head + 1) % MAX_QUEUE_LENGTH;
    this.size--;
    return arrival;
  }

  /** sysbench: intr_ns = log(1 - u) / -rate seconds */
  private gapMs(): number {
    return (Math.log(1 - this.random.nextDouble()) / -this.ratePerSecond) * 1000;
  }

  private schedule(): void {
    if (this.stopped) return;
    const delay = Math.max(0, this.nextArrival - this.now());
    this.timer = setTimeout(() => this.release(), delay < 1 ? 0 : Math.floor(delay));
  }

  private release(): void {
    const now = this.now();
    while (this.nextArrival <= now) {
      if (this.waiting.length > 0) this.waiting.shift()!(this.nextArrival);
      else if (this.size < MAX_QUEUE_LENGTH - 1) {
        this.arrivals[(this.head + this.size) % MAX_QUEUE_LENGTH] = this.nextArrival;
        this.size++;
      } else {
        this.overflowed = true;
        this.stop();
        return;
      }
      this.nextArrival += this.gapMs();
    }
    this.schedule();
  }
}
