// An SQL editor's session: one connection of its own on the editor's connection, which Run,
// Explain and Explain Analyze of that editor share, one piece of work at a time in the order
// asked (so USE, SET SESSION, user variables and BEGIN ... COMMIT carry over). A connection the
// server closed is replaced on the next piece of work, and that work hears that the session's
// state (database, variables, transaction) is gone: never silently. Closing it rolls back an
// open transaction and says so.
import type { SessionServerState } from '../db/sessionConnection';
import type { SqlExecutor } from '../db/sqlExecutor';
import { StatementQueue } from './statementQueue';

/** What an editor session needs of its connection (SessionConnection; a fake in unit tests). */
export interface SessionLink extends SqlExecutor, SessionServerState {
  /** why the connection is gone, or undefined while it is open */
  readonly lost: string | undefined;
  readonly connectionId: bigint;
  onLost(listener: (reason: string) => void): () => void;
  end(): Promise<void>;
  destroy(): void;
}

/** The session's connection was lost and a new one opened: what was lost with it. */
export interface SessionReopened {
  /** why the old connection ended */
  reason: string;
  /** the old connection's state when it was lost */
  lostState: SessionServerState;
}

export interface EditorSessionState extends SessionServerState {
  /** a connection is open (none before the first statement, after a loss, or after closing) */
  open: boolean;
}

export interface EditorSessionEvents {
  /** after each piece of work, an open, a reset, a loss */
  onStateChange?(state: EditorSessionState): void;
  /** a lost connection was replaced: its database, variables and transaction are gone */
  onReopened?(notice: SessionReopened): void;
}

export interface SessionClosed {
  /** a transaction was open and ROLLBACK ended it (or the server did, on closing the connection) */
  rolledBack: boolean;
  /** ROLLBACK failed: the server rolls back when the connection ends */
  rollbackError?: string;
}

export class SessionClosedError extends Error {
  constructor() {
    super('The SQL session is closed.');
    this.name = 'SessionClosedError';
  }
}

export class EditorSession<L extends SessionLink = SessionLink> {
  private link: L | undefined;
  /** a loss not yet told to the work that replaced the connection (its open may have failed) */
  private untoldLoss: SessionReopened | undefined;
  private closed = false;
  private readonly queue = new StatementQueue();

  constructor(
    private readonly openLink: () => Promise<L>,
    private readonly events: EditorSessionEvents = {},
  ) {}

  state(): EditorSessionState {
    const link = this.link;
    if (!link || link.lost !== undefined) return { open: false, database: link?.database ?? null, inTransaction: false };
    return { open: true, database: link.database, inTransaction: link.inTransaction };
  }

  /** pieces of work queued or running */
  get pending(): number {
    return this.queue.pending;
  }

  /**
   * Runs `work` on the session's connection after the work queued before it, opening the
   * connection first when there is none (or it was lost: `reopened` then says what was lost).
   */
  run<T>(work: (link: L, reopened: SessionReopened | undefined) => Promise<T>): Promise<T> {
    return this.queue.enqueue(async () => {
      if (this.closed) throw new SessionClosedError();
      const { link, reopened } = await this.connected();
      try {
        return await work(link, reopened);
      } finally {
        this.changed();
      }
    });
  }

  /** Closes the connection and opens a new one (after the work queued before); whether a transaction was open. */
  reset(): Promise<{ hadTransaction: boolean }> {
    return this.queue.enqueue(async () => {
      if (this.closed) throw new SessionClosedError();
      const link = this.link;
      const hadTransaction = link !== undefined && link.lost === undefined && link.inTransaction;
      this.link = undefined;
      this.untoldLoss = undefined;
      await link?.end();
      this.changed();
      await this.connected();
      this.changed();
      return { hadTransaction };
    });
  }

  /** Ends the connection of a statement that would not stop: the next work opens a new one and hears of the loss. */
  discard(): void {
    this.link?.destroy();
    this.changed();
  }

  /** Rolls back an open transaction and closes the connection (after the work queued before); nothing runs after. */
  close(): Promise<SessionClosed> {
    return this.queue.enqueue(async () => {
      if (this.closed) return { rolledBack: false };
      this.closed = true;
      const link = this.link;
      this.link = undefined;
      if (!link || link.lost !== undefined) return { rolledBack: false };
      let closed: SessionClosed = { rolledBack: false };
      if (link.inTransaction) {
        try {
          await link.run('ROLLBACK');
          closed = { rolledBack: true };
        } catch (error) {
          closed = { rolledBack: true, rollbackError: error instanceof Error ? error.message : String(error) };
        }
      }
      await link.end();
      this.changed();
      return closed;
    });
  }

  private async connected(): Promise<{ link: L; reopened: SessionReopened | undefined }> {
    const current = this.link;
    if (current && current.lost === undefined) return { link: current, reopened: undefined };
    if (current) {
      this.untoldLoss ??= {
        reason: current.lost ?? 'closed',
        lostState: { database: current.database, inTransaction: current.inTransaction },
      };
      this.link = undefined;
    }
    const link = await this.openLink();
    link.onLost(() => this.changed());
    this.link = link;
    const reopened = this.untoldLoss;
    this.untoldLoss = undefined;
    if (reopened) this.events.onReopened?.(reopened);
    return { link, reopened };
  }

  private changed(): void {
    this.events.onStateChange?.(this.state());
  }
}
