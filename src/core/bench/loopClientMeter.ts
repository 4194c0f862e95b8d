// The client load of a run whose connections all live on the calling thread's event loop (TPC-C and
// the TP side of CH-benCHmark, run in the CLI's or the detached runner's main thread): the same
// figures and verdict the built-in engine's workers give (EventLoopLoad, ClientMeter), from that
// one loop. Read once per report interval, never per transaction.
import type { ClientLoad, ResultInterval } from '../results/benchmarkResult';
import { ClientMeter } from './measurement/clientMeter';
import { EventLoopLoad } from './measurement/eventLoopLoad';

/** Where the loop's figures come from (EventLoopLoad; a test gives fixed ones). */
export type LoopFigures = Pick<EventLoopLoad, 'start' | 'sample' | 'stop'>;

export class LoopClientMeter {
  constructor(
    private readonly meter = new ClientMeter(),
    private readonly loop: LoopFigures = new EventLoopLoad(),
  ) {}

  /** The run's start: the process's CPU and the loop's figures count from here. */
  start(): void {
    this.meter.start();
    this.loop.start();
  }

  /** The interval that ends now. */
  closeInterval(): ClientLoad {
    return this.meter.closeInterval([this.loop.sample()]);
  }

  /** The whole run, judged by its intervals (by itself without them); stops the loop's monitor. */
  finish(intervals: readonly ResultInterval[]): ClientLoad {
    const load = this.meter.finish([this.loop.sample()], intervals);
    this.loop.stop();
    return load;
  }

  stop(): void {
    this.loop.stop();
  }
}
