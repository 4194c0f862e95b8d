// Follows a detached run from any process: reads its events as they are appended (the first read
// replays what happened before, e.g. after a window reload), and ends with its result, its error,
// or the news that its process is gone without one. stop() lets go of the run, which goes on.
import { isRunProcessAlive } from './processes';
import { readEvents, readOutcome, readPid } from './runDirectory';
import type { DetachedRunEvent, DetachedRunOutcome } from './runEvents';

export type FollowEnd =
  | { kind: 'outcome'; outcome: DetachedRunOutcome }
  /** the process ended without writing result.json */
  | { kind: 'died' }
  /** stop() was called: the run goes on without this follower */
  | { kind: 'detached' };

export interface FollowOptions {
  /** every event in order; `replayed` for those written before the follower started */
  onEvent: (event: DetachedRunEvent, replayed: boolean) => void;
  pollMs?: number;
  /** the run's process, when the caller knows it (read from the directory otherwise) */
  pid?: number;
}

export class RunFollower {
  /** every event read so far */
  readonly events: DetachedRunEvent[] = [];
  private offset = 0;
  private timer: NodeJS.Timeout | undefined;
  private finish: ((end: FollowEnd) => void) | undefined;
  private readonly done: Promise<FollowEnd>;

  constructor(
    readonly directory: string,
    private readonly options: FollowOptions,
  ) {
    this.done = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  /** The process id of the run, as far as known. */
  get pid(): number | undefined {
    return this.options.pid ?? readPid(this.directory);
  }

  /** Starts following; resolves when the run ended (or stop() was called). */
  follow(): Promise<FollowEnd> {
    this.read(true);
    const pollMs = this.options.pollMs ?? 250;
    const tick = () => {
      const end = this.poll();
      if (end) this.end(end);
      else this.timer = setTimeout(tick, pollMs);
    };
    tick();
    return this.done;
  }

  stop(): void {
    this.end({ kind: 'detached' });
  }

  private end(end: FollowEnd): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const finish = this.finish;
    this.finish = undefined;
    finish?.(end);
  }

  private poll(): FollowEnd | undefined {
    if (!this.finish) return undefined;
    this.read(false);
    const outcome = readOutcome(this.directory);
    if (outcome) {
      this.read(false);
      return { kind: 'outcome', outcome };
    }
    const pid = this.pid;
    // no pid yet: the starter has not written it; a starter that died before that leaves no process to wait for
    if (pid === undefined) return undefined;
    if (isRunProcessAlive(pid, this.directory)) return undefined;
    // the process may have written its result just before it went
    this.read(false);
    const last = readOutcome(this.directory);
    return last ? { kind: 'outcome', outcome: last } : { kind: 'died' };
  }

  private read(replayed: boolean): void {
    const { events, offset } = readEvents(this.directory, this.offset);
    this.offset = offset;
    for (const event of events) {
      this.events.push(event);
      this.options.onEvent(event, replayed);
    }
  }
}
