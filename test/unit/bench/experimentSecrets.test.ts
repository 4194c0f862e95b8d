// A password written in a variant's SQL (CREATE USER ... IDENTIFIED BY '...') reaches the server and
// nothing else: not the printed steps, not the result (its definition and message), not a stored
// or exported copy.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseExperimentDefinition, type SysbenchExperimentDefinition } from '../../../src/core/bench/experiments/experimentDefinition';
import { experimentResult } from '../../../src/core/bench/experiments/experimentResult';
import { runVariantSql } from '../../../src/core/bench/experiments/experimentVariant';
import type { SqlExecutor } from '../../../src/core/db/sqlExecutor';
import { resultToJson } from '../../../src/core/results/exportJson';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { sampleExperiment } from '../results/support/sampleResults';

const SECRET = 'sekret-xyz';

const definition = parseExperimentDefinition({
  name: 'users',
  workloads: ['oltp_point_select'],
  threads: [1],
  tableSizes: [100],
  variants: [
    {
      name: 'with user',
      setup: [`CREATE USER 'lab_probe'@'%' IDENTIFIED BY '${SECRET}'`, `SET PASSWORD FOR 'lab_probe'@'%' = PASSWORD('${SECRET}')`],
      teardown: ["DROP USER 'lab_probe'@'%'"],
      ready: { kind: 'sql', query: `SELECT 1 FROM mysql.user WHERE authentication_string = PASSWORD('${SECRET}')` },
    },
  ],
});

describe('passwords in experiment SQL', () => {
  test('the server gets the set-up as written; the printed step has the password blanked', async () => {
    const sent: string[] = [];
    const executor: SqlExecutor = { query: async () => [], run: async (sql) => (sent.push(sql), { affectedRows: 0 }) };
    const printed: string[] = [];
    await runVariantSql(executor, [`CREATE USER {schema} IDENTIFIED BY '${SECRET}'`], 'db', [1], (line) => printed.push(line));
    assert.deepEqual(sent, [`CREATE USER \`db\` IDENTIFIED BY '${SECRET}'`]);
    assert.deepEqual(printed, ["  CREATE USER `db` IDENTIFIED BY '***'"]);
  });

  test('a server error that quotes the set-up from its password on is blanked before anyone sees it', async () => {
    const failing: SqlExecutor = {
      query: async () => [],
      run: async () => {
        throw Object.assign(new Error(`You have an error in your SQL syntax; check the manual near 'BY '${SECRET}'' at line 1`), {
          errno: 1064,
        });
      },
    };
    const error = await runVariantSql(failing, [`CREATE USER IDENTIFIED BY '${SECRET}'`], 'db', [1], () => undefined).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof Error);
    assert.equal(error.message, "You have an error in your SQL syntax; check the manual near 'BY '***'' at line 1");
    assert.equal((error as Error & { errno?: number }).errno, 1064, "the error is still the server's");
  });

  test('the result keeps the definition and the message without the password; the definition run is left alone', () => {
    const result = experimentResult({
      definition,
      variants: ['with user'],
      cells: [],
      status: 'failed',
      message: `You have an error in your SQL syntax; check the manual near 'IDENTIFIED BY '${SECRET}'' at line 1`,
      startedMs: Date.now(),
    });
    const text = JSON.stringify(result);
    assert.ok(!text.includes(SECRET), text);
    assert.deepEqual((result.definition as SysbenchExperimentDefinition).variants[0].setup, [
      "CREATE USER 'lab_probe'@'%' IDENTIFIED BY '***'",
      "SET PASSWORD FOR 'lab_probe'@'%' = PASSWORD('***')",
    ]);
    assert.match(result.message ?? '', /near 'IDENTIFIED BY '\*\*\*'/);
    assert.ok(JSON.stringify(definition).includes(SECRET), 'the definition that runs still has the password');
  });

  test('the JSON export (--out, the result store, Export JSON) of a result made before the redaction has no password', () => {
    const old = { ...sampleExperiment([]), definition, message: `CREATE USER x IDENTIFIED BY '${SECRET}' failed` };
    const json = resultToJson(old);
    assert.ok(!json.includes(SECRET), json);
    assert.match(json, /IDENTIFIED BY '\*\*\*'/);
  });

  test('loading a stored result file with a password in its definition blanks it and says so', () => {
    const parsed = parseBenchmarkResult(JSON.stringify({ ...sampleExperiment([]), definition }));
    assert.ok(parsed.ok);
    assert.ok(!JSON.stringify(parsed.result).includes(SECRET));
    assert.ok(
      parsed.warnings.some((warning) => /password-like/.test(warning)),
      parsed.warnings.join('; '),
    );
  });
});
