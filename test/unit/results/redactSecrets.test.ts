import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resultToJson } from '../../../src/core/results/exportJson';
import { isSecretKey, redactSecrets, redactSecretText } from '../../../src/core/results/redactSecrets';
import { sampleExperiment, sampleRun } from './support/sampleResults';

describe('secrets guard', () => {
  test('password-looking keys', () => {
    for (const key of [
      'password',
      'mysql_password',
      'mysql-password',
      'pgsql_password',
      'mysql.password',
      'passwd',
      'MYSQL_PWD',
      'api_key',
      'apiKey',
      'token',
      'secret',
      'client_secret',
      'credentials',
    ]) {
      assert.ok(isSecretKey(key), key);
    }
    for (const key of ['threads', 'mysql_user', 'mysql_host', 'table_size', 'rand_type', 'point_selects', 'percentile']) {
      assert.ok(!isSecretKey(key), key);
    }
  });

  test('secrets written inside text are blanked, the rest is kept', () => {
    assert.equal(
      redactSecretText('sysbench --mysql-user=root --mysql-password=hunter2 --threads=8 run'),
      'sysbench --mysql-user=root --mysql-password=*** --threads=8 run',
    );
    assert.equal(redactSecretText("sysbench --mysql-password='two words' run"), 'sysbench --mysql-password=*** run');
    assert.equal(
      redactSecretText('go-ycsb run mysql -p mysql.password=hunter2 -p operationcount=10'),
      'go-ycsb run mysql -p mysql.password=*** -p operationcount=10',
    );
    assert.equal(redactSecretText('MYSQL_PWD=hunter2 sysbench run'), 'MYSQL_PWD=*** sysbench run');
    assert.equal(redactSecretText('mysql://root:hunter2@tidb:4000/test'), 'mysql://root:***@tidb:4000/test');
    assert.equal(
      redactSecretText('Access denied for user root (using password: YES)'),
      'Access denied for user root (using password: YES)',
    );
  });

  test('deep copy without secret keys anywhere; the input is left alone', () => {
    const input = { options: { threads: 8, mysql_password: 'x' }, nested: [{ token: 'y', keep: 'mysql://u:p@h/db' }] };
    assert.deepEqual(redactSecrets(input), { options: { threads: 8 }, nested: [{ keep: 'mysql://u:***@h/db' }] });
    assert.equal(input.options.mysql_password, 'x');
  });

  test('the JSON export is the model, pretty-printed, without a password', () => {
    const run = sampleRun({ options: { threads: 8, mysql_password: 'hunter2' }, message: 'ran: sysbench --mysql-password=hunter2 run' });
    const json = resultToJson(run);
    assert.ok(!json.includes('hunter2'));
    assert.ok(json.startsWith('{\n  "kind": "run",'));
    assert.deepEqual(JSON.parse(json), { ...run, options: { threads: 8 }, message: 'ran: sysbench --mysql-password=*** run' });
    const experiment = { ...sampleExperiment([]), definition: { connection: { password: 'hunter2' } } };
    assert.ok(!resultToJson(experiment).includes('hunter2'));
  });
});
