// What the Server section says in place of (or above) its table: that the statements were not read
// because the account lacks a grant (who, what, and the GRANT), or, when they were read and none of
// the run's were there, that the server counted none. Denied is not empty.
import type { ServerActivity } from '../../src/core/results/benchmarkResult';
import { formatString, type BenchmarkResultsStrings } from '../../src/protocol/benchmarkResults';
import { element } from '../shared/dom';

type Strings = Pick<BenchmarkResultsStrings, 'serverStatementsNone' | 'serverStatementsNotRead'>;

/** The "not read" line when the account lacks the grant (shown even beside a table: a part was not read). */
export function serverNotReadElement(strings: Strings, activity: ServerActivity): HTMLElement | null {
  const missing = activity.missingGrant;
  if (missing === undefined) return null;
  return element(
    'p',
    { className: 'server-not-read', attributes: { 'data-missing-grant': '' } },
    formatString(strings.serverStatementsNotRead, missing.account, missing.privilege, missing.grant),
  );
}

/** "Counted none" for an empty read, nothing when there are statements or the read was denied. */
export function serverNoneCountedElement(strings: Strings, activity: ServerActivity): HTMLElement | null {
  if (activity.statements.length > 0 || activity.missingGrant !== undefined) return null;
  return element('p', { className: 'muted' }, strings.serverStatementsNone);
}
