// What Run Statement and Explain run on when they come from a SQL editor: its EditorSession
// (one connection, one piece of work at a time), with KILL QUERY sent over the pool (another
// connection: the session's own is busy with the statement). After each piece of work the
// session reads what the server did not say of its state (the transaction flag, the database).
import type { ResultSetHandlers, SessionServerState } from '../db/sessionConnection';
import type { StreamingExecutor } from '../db/databaseSession';
import { killQuery } from '../db/queryKill';
import type { SqlExecutor, SqlRow, SqlRunOutcome } from '../db/sqlExecutor';
import type { StreamEnd, StatementStreamHandlers } from '../db/statementStream';
import type { EditorSession, SessionLink, SessionReopened } from './editorSession';
import type { StatementRunSession } from './statementRun';

/** What the target needs of a session's connection (SessionConnection). */
export interface StatementLink extends SessionLink {
  runResults(sql: string, handlers: ResultSetHandlers): Promise<void>;
  settle(statement: string): Promise<void>;
}

export interface EditorSessionTarget extends StatementRunSession {
  /** Explain's one connection (explainRunner's ExplainSession) */
  withDedicatedConnection<T>(work: (executor: SqlExecutor) => Promise<T>): Promise<T>;
  readonly killer: SqlExecutor;
  inTransaction(): boolean;
  /** the loss told to the last piece of work, if its connection had to be reopened */
  readonly reopened: SessionReopened | undefined;
}

/**
 * `abandoned`: a work's error after which its statement may still run on the connection (Explain
 * stopped waiting for it): the connection is then closed, and the next work hears of the loss.
 */
export function editorSessionTarget<L extends StatementLink>(
  session: EditorSession<L>,
  killer: SqlExecutor,
  abandoned: (error: unknown) => boolean = () => false,
): EditorSessionTarget {
  let reopened: SessionReopened | undefined;
  const onLink = <T>(work: (link: L, recorded: RecordedLink) => Promise<T>): Promise<T> =>
    session.run(async (link, notice) => {
      reopened = notice;
      const recorded = recordedLink(link);
      try {
        return await work(link, recorded);
      } catch (error) {
        if (abandoned(error)) session.discard();
        throw error;
      } finally {
        await link.settle(recorded.lastStatement ?? '').catch(() => undefined);
      }
    });
  return {
    killer,
    inTransaction: () => session.state().inTransaction,
    get reopened() {
      return reopened;
    },
    query: (sql, values) => onLink((_link, recorded) => recorded.query(sql, values)),
    run: (sql, values) => onLink((_link, recorded) => recorded.run(sql, values)),
    withDedicatedConnection: (work) => onLink((_link, recorded) => work(recorded)),
    withStreamingConnection: (work) => onLink((link, recorded) => work(streamingOver(link, recorded, killer))),
  };
}

interface RecordedLink extends SqlExecutor {
  /** the last statement sent (not counting the session's own reads): what settle() looks at */
  lastStatement: string | undefined;
}

function recordedLink(link: SqlExecutor): RecordedLink {
  const recorded: RecordedLink = {
    lastStatement: undefined,
    query: (sql: string, values?: readonly unknown[]): Promise<SqlRow[]> => {
      recorded.lastStatement = sql;
      return link.query(sql, values);
    },
    run: (sql: string, values?: readonly unknown[]): Promise<SqlRunOutcome> => {
      recorded.lastStatement = sql;
      return link.run(sql, values);
    },
  };
  return recorded;
}

/**
 * Row-by-row reading on the session's connection. Stopping (the row limit, Cancel) cannot close
 * it as a pooled read does, which would lose the session: KILL QUERY ends the statement instead.
 */
function streamingOver(link: StatementLink, recorded: RecordedLink, killer: SqlExecutor): StreamingExecutor {
  const state: SessionServerState = link;
  return {
    query: (sql, values) => (sql === 'SHOW WARNINGS' ? link.query(sql, values) : recorded.query(sql, values)),
    run: (sql, values) => recorded.run(sql, values),
    get session() {
      return { inTransaction: state.inTransaction };
    },
    stream: async (sql: string, handlers: StatementStreamHandlers): Promise<StreamEnd> => {
      recorded.lastStatement = sql;
      let stopped = false;
      try {
        await link.runResults(sql, {
          onColumns: (columns) => handlers.onColumns(columns),
          onRow: (row) => {
            if (stopped) return;
            if (!handlers.onRow(row)) {
              stopped = true;
              void killQuery(killer, link.connectionId).catch(() => undefined);
            }
          },
          onOutcome: (outcome) => handlers.onOutcome(outcome),
        });
      } catch (error) {
        if (stopped) return 'stopped';
        throw error;
      }
      return stopped ? 'stopped' : 'ended';
    },
  };
}
