// The rejection of an EXPLAIN run the user cancelled, and what became of its statement on the
// server. No vscode here.
import { killQueryStatement } from '../../core/db/queryKill';

/**
 * notStarted: cancelled before the statement was sent. Otherwise KILL QUERY was sent for
 * `connectionId` (`killError` when the server refused it) and the statement was
 * interrupted: it ended with an error (normally "Query execution was interrupted", 1317);
 * finished: it completed before KILL QUERY reached it;
 * abandoned: it had not ended when TiDB Lab stopped waiting and closed its connection.
 */
export type CancelledRun =
  { statement: 'notStarted' } | { statement: 'interrupted' | 'finished' | 'abandoned'; connectionId: bigint; killError?: string };

export class ExplainCancelled extends Error {
  constructor(
    readonly run: CancelledRun,
    cause?: unknown,
  ) {
    super(`Cancelled: ${cancelledRunSummary(run, false)}.`, cause === undefined ? undefined : { cause });
    this.name = 'ExplainCancelled';
  }
}

/** For the log, e.g. "KILL QUERY 42 sent; the statement stopped and was rolled back". */
export function cancelledRunSummary(run: CancelledRun, rolledBack: boolean): string {
  if (run.statement === 'notStarted') return 'the statement was not started';
  const kill = killQueryStatement(run.connectionId);
  const sent = run.killError === undefined ? `${kill} sent` : `${kill} failed (${run.killError})`;
  switch (run.statement) {
    case 'interrupted':
      return `${sent}; the statement stopped${rolledBack ? ' and was rolled back' : ''}`;
    case 'finished':
      return `${sent}; the statement had already finished${rolledBack ? ' and was rolled back' : ''}`;
    case 'abandoned':
      return `${sent}; stopped waiting and closed its connection: the server may still finish the statement${rolledBack ? ' (then it is rolled back)' : ''}`;
  }
}
