// Work on one session, one piece after another in the order it was asked for: a statement waits
// for the one before it to end (whether that one worked or failed), as in the mysql client.

export class StatementQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Runs `work` after everything queued before it has ended; its result or error is the caller's. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    this.waiting++;
    const turn = this.tail.then(
      () => work(),
      () => work(),
    );
    this.tail = turn.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return turn;
  }

  /** pieces of work queued or running */
  get pending(): number {
    return this.waiting;
  }
}
