// The result tab's Server section on a run whose account could not read performance_schema: it
// names the account and the GRANT instead of saying the server counted none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerActivity } from '../../../src/core/results/benchmarkResult';
import { serverNoneCountedElement, serverNotReadElement } from '../../../webview/benchmarkResults/serverStatementsEmptyView';
import { FakeElement, withFakeDocument } from '../../support/fakeDocument';

const strings = {
  serverStatementsNone: "The server counted none of the run's statements.",
  serverStatementsNotRead: 'Not read: {0} has no {1} ({2}).',
};
const GRANT = "GRANT SELECT ON performance_schema.* TO 'tidblab_demo'@'127.0.0.1'";
const denied: ServerActivity = {
  source: 'none',
  statements: [],
  warnings: [],
  missingGrant: { account: 'tidblab_demo@127.0.0.1', privilege: 'SELECT on performance_schema', grant: GRANT },
};

test('a denied read says which account lacks which grant, and not that none were counted', () => {
  withFakeDocument(() => {
    const notRead = serverNotReadElement(strings, denied) as unknown as FakeElement | null;
    assert.ok(notRead);
    assert.equal(notRead.tagName, 'p');
    assert.ok(notRead.attributes.has('data-missing-grant'));
    assert.equal(notRead.textContent, `Not read: tidblab_demo@127.0.0.1 has no SELECT on performance_schema (${GRANT}).`);
    assert.equal(serverNoneCountedElement(strings, denied), null);
  });
});

test('a read that found none of the run statements still says the server counted none', () => {
  withFakeDocument(() => {
    const empty: ServerActivity = { source: 'performance_schema.events_statements_summary_by_digest', statements: [], warnings: [] };
    assert.equal(serverNotReadElement(strings, empty), null);
    const none = serverNoneCountedElement(strings, empty) as unknown as FakeElement | null;
    assert.equal(none?.textContent, strings.serverStatementsNone);
  });
});
