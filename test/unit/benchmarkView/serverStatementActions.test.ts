// The host's side of the results tab's Server section: "Open plan" and "Show in Statements view"
// act only on a statement of the run the tab shows, and only with a connection the host matched.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerInfo, ServerStatement } from '../../../src/core/results/benchmarkResult';
import type { ResultsDocument } from '../../../src/protocol/benchmarkResults';
import { connectionIdForServer, serverStatementAction } from '../../../src/extension/benchmarks/serverStatementActions';
import { sampleRun } from '../results/support/sampleResults';

const withPlan: ServerStatement = {
  digest: 'd-plan',
  text: 'SELECT c FROM sbtest1 WHERE id=?',
  execCount: 10,
  sumLatencyMs: 20,
  avgLatencyMs: 2,
  maxLatencyMs: 5,
  planDigests: ['p1'],
  engines: ['TiKV'],
  plan: 'id\testRows\ttask\nPoint_Get_1\t1.00\troot',
};
const withoutPlan: ServerStatement = { ...withPlan, digest: 'd-none', plan: undefined };

const server: ServerInfo = {
  flavor: 'tidb',
  version: '8.5.1',
  host: '127.0.0.1',
  port: 4000,
  activity: { source: 'information_schema.cluster_statements_summary', statements: [withPlan, withoutPlan], warnings: [] },
};

function runDocument(connectionId?: string): ResultsDocument {
  return { kind: 'run', target: { kind: 'result', resultId: 'r' }, run: sampleRun({ server }), warnings: [], connectionId };
}

test('Open plan takes the plan text from the loaded result, by digest', () => {
  const action = serverStatementAction(runDocument(), 'openServerPlan', { digest: 'd-plan' });
  assert.equal(action?.kind, 'openPlan');
  assert.equal(action?.kind === 'openPlan' ? action.plan : '', withPlan.plan);
  assert.equal(serverStatementAction(runDocument(), 'openServerPlan', { digest: 'd-none' }), undefined);
  assert.equal(serverStatementAction(runDocument(), 'openServerPlan', { digest: 'unknown' }), undefined);
  assert.equal(serverStatementAction(runDocument(), 'openServerPlan', undefined), undefined);
});

test('Show in Statements view needs the connection the host matched', () => {
  assert.deepEqual(serverStatementAction(runDocument('conn-1'), 'revealServerStatement', { digest: 'd-none' }), {
    kind: 'reveal',
    connectionId: 'conn-1',
    digest: 'd-none',
  });
  assert.equal(serverStatementAction(runDocument(), 'revealServerStatement', { digest: 'd-none' }), undefined);
  assert.equal(serverStatementAction(runDocument('conn-1'), 'revealServerStatement', { digest: 'other' }), undefined);
});

test('documents other than a run do nothing', () => {
  const message: ResultsDocument = { kind: 'message', target: { kind: 'result', resultId: 'r' }, title: 't', message: 'm' };
  assert.equal(serverStatementAction(message, 'openServerPlan', { digest: 'd-plan' }), undefined);
  assert.equal(serverStatementAction(undefined, 'openServerPlan', { digest: 'd-plan' }), undefined);
});

test('the connection is the one profile with the server host and port', () => {
  const profiles = [
    { id: 'a', name: 'local', host: '127.0.0.1', port: 4000 },
    { id: 'b', name: 'staging', host: 'tidb.example', port: 4000 },
    { id: 'c', name: 'other', host: 'TIDB.example', port: 4001 },
  ];
  assert.equal(connectionIdForServer(profiles, server), 'a');
  assert.equal(connectionIdForServer(profiles, { ...server, host: 'tidb.EXAMPLE', port: 4001 }), 'c');
  assert.equal(connectionIdForServer(profiles, { ...server, port: 3306 }), undefined);
  const twoLocal = [...profiles, { id: 'd', name: 'local as root', host: '127.0.0.1', port: 4000 }];
  assert.equal(connectionIdForServer(twoLocal, server), undefined, 'two profiles and no recorded name: ambiguous');
  assert.equal(connectionIdForServer(twoLocal, server, 'local as root'), 'd', 'the name the result recorded decides');
  assert.equal(connectionIdForServer(twoLocal, server, 'staging'), undefined, 'a name of another server does not');
  assert.equal(connectionIdForServer(profiles, server, 'renamed since'), 'a');
  assert.equal(connectionIdForServer(profiles, { ...server, host: undefined }), undefined);
  assert.equal(connectionIdForServer(profiles, undefined), undefined);
});
