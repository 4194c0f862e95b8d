// Passwords in imported logs: go-ycsb's mysql.dsn (a Go DSN, user:password@tcp(host)/db) on the
// command line and in the properties block, go-tpc's -p<password> written without a space. Every
// importer reads option values through optionValue, the one text redaction.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { importGoYcsbLog } from '../../../src/core/results/importers/goYcsbLogImporter';
import { redactSecrets } from '../../../src/core/results/redactSecrets';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';

const DSN = 'root:dsn-secret@tcp(127.0.0.1:4000)/test';
const REDACTED_DSN = 'root:***@tcp(127.0.0.1:4000)/test';

describe('passwords in imported logs', () => {
  const ycsb = readBenchmarkLog('go-ycsb-workloada.log')
    .replace('-p mysql.port=4000', `-p mysql.port=4000 -p mysql.dsn=${DSN}`)
    .replace('"mysql.host"="127.0.0.1"', `"mysql.host"="127.0.0.1"\n"mysql.dsn"="${DSN}"`);

  test("go-ycsb's mysql.dsn keeps its user, host and database, not its password", () => {
    const { results } = importGoYcsbLog(ycsb);
    assert.equal(results.length, 1);
    assert.equal(results[0].options['mysql.dsn'], REDACTED_DSN);
    assert.ok(!JSON.stringify(results).includes('dsn-secret'));
  });

  test('a DSN given only on the command line is redacted too, and the whole import has none', () => {
    const commandOnly = ycsb.replace(`"mysql.dsn"="${DSN}"\n`, '');
    assert.equal(importGoYcsbLog(commandOnly).results[0].options['mysql.dsn'], REDACTED_DSN);
    const imported = importBenchmarkLog(ycsb, 'ycsb.log');
    assert.equal(imported.results.length, 1);
    assert.ok(!JSON.stringify(imported).includes('dsn-secret'));
  });

  test("go-tpc's -p<password> (pflag takes the value written right after the letter) is no option", () => {
    const log = readBenchmarkLog('go-tpc-tpcc.log').replace('-p s3cret-pw', '-ps3cret-pw -T12');
    const { results } = importGoTpcLog(log, { fileName: 'go-tpc-tpcc.log' });
    assert.ok(results.length > 0);
    assert.ok(!JSON.stringify(results).includes('s3cret-pw'));
    assert.equal(results[0].options.threads, 12);
  });

  test('a stored or exported result with a DSN option keeps no password', () => {
    assert.deepEqual(redactSecrets({ options: { 'mysql.dsn': DSN, threads: 4 } }), { options: { 'mysql.dsn': REDACTED_DSN, threads: 4 } });
  });
});
