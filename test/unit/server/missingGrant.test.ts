// An account without SELECT on performance_schema (the demo's, before it had one): the digest and
// prepared-statement reads fail with 1142 as mysql2 throws it, and the run's server evidence says
// who lacks which grant, not that the server counted none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPreparedStatementInstances } from '../../../src/core/server/preparedStatementInstances';
import { accountLiteral } from '../../../src/core/server/missingGrant';
import { RunEvidence } from '../../../src/core/server/runEvidence';
import { readStatementStatistics } from '../../../src/core/server/statementStatistics';
import { serverActivityLines } from '../../../src/core/results/serverActivityText';
import { runToMarkdown } from '../../../src/core/results/exportMarkdown';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { ServerActivity } from '../../../src/core/results/benchmarkResult';
import { FakeSqlExecutor, serverError } from '../tidb/fakeSqlExecutor';
import { sampleRun } from '../results/support/sampleResults';

const ACCOUNT = 'tidblab_demo@127.0.0.1';
const GRANT = "GRANT SELECT ON performance_schema.* TO 'tidblab_demo'@'127.0.0.1'";
const SENTENCE = `Not read: ${ACCOUNT} has no SELECT on performance_schema (${GRANT}).`;

/** The error mysql2 throws for MariaDB's 1142 (its fields as a real one carries them). */
function tableAccessDenied(table: string): Error {
  const message = `SELECT command denied to user 'tidblab_demo'@'127.0.0.1' for table \`performance_schema\`.\`${table}\``;
  return Object.assign(new Error(message), { code: 'ER_TABLEACCESS_DENIED_ERROR', errno: 1142, sqlState: '42000', sqlMessage: message });
}

/** A MariaDB whose performance_schema is on and closed to the account. */
function deniedServer(denied: (table: string) => Error = tableAccessDenied): FakeSqlExecutor {
  return new FakeSqlExecutor((sql) => {
    if (/@@GLOBAL\.performance_schema/.test(sql)) return [{ enabled: 1 }];
    if (/CURRENT_USER\(\)/.test(sql)) return [{ account: ACCOUNT }];
    const table = /FROM performance_schema\.(\w+)/.exec(sql)?.[1];
    if (table !== undefined) return denied(table);
    return [];
  });
}

test('the digest table denied (1142): no rows, the account and the GRANT that lets it read them', async () => {
  const executor = deniedServer();
  const read = await readStatementStatistics(executor, 'mariadb', { schemas: ['sbtest'] });
  assert.equal(read.source, 'none');
  assert.deepEqual(read.rows, []);
  assert.deepEqual(read.missingGrant, { account: ACCOUNT, privilege: 'SELECT on performance_schema', grant: GRANT });
  assert.deepEqual(read.warnings, [SENTENCE]);
  assert.ok(executor.sqls.some((sql) => /SELECT CURRENT_USER\(\)/.test(sql)));
});

test('1143 (a column) and 1227 (a privilege) are denials too; another error stays a plain warning', async () => {
  for (const errno of [1143, 1227]) {
    const read = await readStatementStatistics(
      deniedServer(() => serverError(errno, 'denied')),
      'mysql',
    );
    assert.equal(read.missingGrant?.grant, GRANT, `errno ${errno}`);
  }
  const missing = await readStatementStatistics(
    deniedServer(() => serverError(1146, "Table 'performance_schema.events_statements_summary_by_digest' doesn't exist")),
    'mariadb',
  );
  assert.equal(missing.missingGrant, undefined);
  assert.match(missing.warnings[0], /could not be read: Table/);
});

test('prepared_statements_instances denied: the missing grant, no warning of its own', async () => {
  const read = await readPreparedStatementInstances(deniedServer());
  assert.deepEqual(read.rows, []);
  assert.deepEqual(read.warnings, []);
  assert.equal(read.missingGrant?.account, ACCOUNT);
});

test('without CURRENT_USER() the account comes from the error; quotes in names are doubled', async () => {
  const executor = new FakeSqlExecutor((sql) =>
    /@@GLOBAL/.test(sql) ? [{ enabled: 1 }] : /CURRENT_USER/.test(sql) ? new Error('gone') : tableAccessDenied('x'),
  );
  const read = await readStatementStatistics(executor, 'mariadb');
  assert.equal(read.missingGrant?.account, ACCOUNT);
  assert.equal(read.missingGrant?.grant, GRANT);
  assert.equal(accountLiteral("o'brien@host@%"), "'o''brien@host'@'%'");
});

test("a run's evidence on a denied server records the missing grant once, without two 'command denied' lines", async () => {
  const executor = deniedServer();
  const evidence = await RunEvidence.start(executor, 'mariadb', { database: 'sbtest', preparedStatements: true });
  await evidence.beforeConnectionsClose();
  const activity = await evidence.finish();
  assert.deepEqual(activity.statements, []);
  assert.deepEqual(activity.missingGrant, { account: ACCOUNT, privilege: 'SELECT on performance_schema', grant: GRANT });
  assert.deepEqual(activity.warnings, []);
});

const deniedActivity: ServerActivity = {
  source: 'none',
  statements: [],
  warnings: [],
  missingGrant: { account: ACCOUNT, privilege: 'SELECT on performance_schema', grant: GRANT },
};

test('the CLI and the Markdown export say "Not read" with the grant, not that none were counted', () => {
  const lines = serverActivityLines(deniedActivity);
  assert.deepEqual(lines, [`Server: ${SENTENCE}`]);
  const markdown = runToMarkdown(sampleRun({ server: { flavor: 'mariadb', version: '10.11.19', activity: deniedActivity } }));
  assert.ok(markdown.includes(`- ${SENTENCE}`), markdown);
  assert.doesNotMatch(markdown + lines.join('\n'), /none of the run's statements/);
});

test('a saved result keeps its missing grant', () => {
  const run = sampleRun({ server: { flavor: 'mariadb', version: '10.11.19', activity: deniedActivity } });
  const parsed = parseBenchmarkResult(JSON.stringify(run));
  assert.ok(parsed.ok);
  assert.deepEqual(
    parsed.ok && parsed.result.kind === 'run' ? parsed.result.server?.activity?.missingGrant : undefined,
    deniedActivity.missingGrant,
  );
  assert.deepEqual(parsed.ok ? parsed.warnings : undefined, []);
});
