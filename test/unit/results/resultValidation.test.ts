import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { sampleExperiment, sampleRun } from './support/sampleResults';

function errorsOf(input: unknown): string[] {
  const parsed = parseBenchmarkResult(input);
  assert.equal(parsed.ok, false, 'expected the result to be refused');
  return parsed.ok ? [] : parsed.errors;
}

describe('parseBenchmarkResult', () => {
  test('a run and an experiment, as JSON text or as objects, come back equal', () => {
    const run = sampleRun();
    const experiment = sampleExperiment([
      { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 100, p95: 2 },
      { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 120, p95: 1.5, tableSize: 5000, params: { point_selects: 10 } },
    ]);
    for (const value of [run, experiment]) {
      for (const input of [JSON.stringify(value), JSON.parse(JSON.stringify(value))]) {
        const parsed = parseBenchmarkResult(input);
        assert.ok(parsed.ok, JSON.stringify(parsed));
        assert.deepEqual(parsed.result, value);
        assert.deepEqual(parsed.warnings, []);
      }
    }
  });

  test('the engine that ran is kept: source.engine, its version and why auto took the built-in engine', () => {
    const run = sampleRun();
    const sysbench = { ...run, source: { ...run.source, engine: 'sysbench', engineVersion: '1.0.20' } };
    const builtin = {
      ...run,
      source: { ...run.source, engine: 'builtin', engineNote: 'sysbench not used: sysbench is not installed (not on PATH)' },
    };
    for (const result of [sysbench, builtin]) {
      const parsed = parseBenchmarkResult(JSON.stringify(result));
      assert.ok(parsed.ok);
      assert.deepEqual(parsed.result.source, result.source);
    }
  });

  test('what is not JSON or not a result says so', () => {
    assert.deepEqual(errorsOf(''), ['the result is empty']);
    assert.match(errorsOf('{nope')[0], /^not valid JSON: /);
    assert.deepEqual(errorsOf('[1,2]'), ['the result: expected an object, got a list']);
    assert.deepEqual(errorsOf({ hello: 'world' }), [
      'schemaVersion: expected a whole number, got nothing; this is not a TiDB Lab benchmark result',
    ]);
    assert.deepEqual(errorsOf({ ...sampleRun(), kind: 'plan' }), [
      "kind: expected 'run' or 'experiment', got 'plan'; this is not a TiDB Lab benchmark result",
    ]);
  });

  test('a result from a newer TiDB Lab is refused with a clear message', () => {
    assert.deepEqual(errorsOf({ ...sampleRun(), schemaVersion: 2 }), [
      'this result was written by a newer TiDB Lab (schema version 2); this version reads up to 1: update the extension to open it',
    ]);
    assert.deepEqual(errorsOf({ ...sampleRun(), schemaVersion: 0 }), ['schemaVersion: 0 is not a version TiDB Lab ever wrote']);
  });

  test('each wrong field is named by its path', () => {
    const run = JSON.parse(JSON.stringify(sampleRun()));
    run.summary.tps = '1050';
    run.intervals[1].latencyMs.p95 = -1;
    run.intervals.push('oops');
    run.status = 'running';
    run.startTime = 'yesterday';
    run.options.threads = { n: 8 };
    delete run.workload;
    assert.deepEqual(
      errorsOf(run).sort(),
      [
        "intervals[2]: expected an object, got 'oops'",
        'intervals[1].latencyMs.p95: expected a number of 0 or more, got number -1',
        'options.threads: expected a string, number or boolean, got an object',
        "startTime: expected an ISO 8601 date and time, got 'yesterday'",
        "status: expected one of completed, cancelled, failed, got 'running'",
        "summary.tps: expected a number of 0 or more, got '1050'",
        'workload: expected a string, got nothing',
      ].sort(),
    );
  });

  test('experiment cells are checked down to their runs', () => {
    const experiment = JSON.parse(JSON.stringify(sampleExperiment([{ workload: 'w', threads: 8, variant: 'normal', qps: 1, p95: 1 }])));
    experiment.cells[0].run.summary.latencyMs.max = 'slow';
    experiment.cells[0].threads = null;
    assert.deepEqual(errorsOf(experiment), [
      'cells[0].threads: expected a number of 0 or more, got null',
      "cells[0].run.summary.latencyMs.max: expected a number of 0 or more, got 'slow'",
    ]);
  });

  test('a histogram with more buckets than counts is refused', () => {
    assert.deepEqual(errorsOf({ ...sampleRun(), histogram: { bucketsMs: [1, 2], counts: [5] } }), ['histogram: 2 buckets but 1 counts']);
  });

  test('the list of problems stops at twenty', () => {
    const run = JSON.parse(JSON.stringify(sampleRun()));
    run.intervals = Array.from({ length: 30 }, () => ({}));
    const errors = errorsOf(run);
    assert.equal(errors.length, 21);
    assert.match(errors[20], /^\.\.\. and \d+ more problems$/);
  });

  test('passwords in options, labels and the definition are removed, with a warning', () => {
    const run = { ...sampleRun(), options: { threads: 8, mysql_password: 'hunter2' }, labels: { api_token: 'abc', variant: 'cached' } };
    const parsed = parseBenchmarkResult(run);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.result.kind === 'run' && parsed.result.options, { threads: 8 });
    assert.deepEqual(parsed.result.kind === 'run' && parsed.result.labels, { variant: 'cached' });
    assert.deepEqual(parsed.warnings, [
      'options.mysql_password: a password-like entry was removed',
      'labels.api_token: a password-like entry was removed',
    ]);

    const experiment = { ...sampleExperiment([]), definition: { connection: { host: 'tidb', password: 'hunter2' } } };
    const parsedExperiment = parseBenchmarkResult(experiment);
    assert.ok(parsedExperiment.ok);
    assert.ok(!JSON.stringify(parsedExperiment.result).includes('hunter2'));
    assert.deepEqual(parsedExperiment.warnings, ['definition: password-like entries were removed']);
  });

  test("the client's load, per interval and for the run, is kept; absent stays absent; wrong values are named", () => {
    const client = {
      cpuUtilization: 0.34,
      cores: 1,
      eventLoopUtilization: 1,
      eventLoopDelayP99Ms: 38.5,
      runnableShare: 0.99,
      waitShare: 0.66,
      bound: true,
    };
    const base = sampleRun();
    const run = sampleRun({ client, intervals: base.intervals.map((interval) => ({ ...interval, client: { ...client, bound: false } })) });
    const parsed = parseBenchmarkResult(JSON.stringify(run));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.result, run);
    const plain = parseBenchmarkResult(sampleRun());
    assert.ok(plain.ok && plain.result.kind === 'run');
    assert.equal('client' in plain.result, false);
    assert.equal(
      plain.result.intervals.some((interval) => 'client' in interval),
      false,
    );
    assert.deepEqual(errorsOf(sampleRun({ client: { ...client, bound: 'yes' as unknown as boolean, cpuUtilization: 3 } })), [
      "client.bound: expected true or false, got 'yes'",
    ]);
    assert.deepEqual(errorsOf(sampleRun({ client: { ...client, cpuUtilization: 3 } })), [
      'client.cpuUtilization: expected a share from 0 to 1, got number 3',
    ]);
    assert.deepEqual(errorsOf(sampleRun({ client: { ...client, waitShare: 1.5 } })), [
      'client.waitShare: expected a share from 0 to 1, got number 1.5',
    ]);
    // written before waitShare was measured (or off Linux): loads without one
    const { waitShare: _wait, ...older } = client;
    const olderParsed = parseBenchmarkResult(JSON.stringify(sampleRun({ client: older })));
    assert.ok(olderParsed.ok && olderParsed.result.kind === 'run');
    assert.deepEqual(olderParsed.result.client, older);
    assert.deepEqual(errorsOf(sampleRun({ intervals: [{ ...base.intervals[0], client: { ...client, cores: -1 } }] })), [
      'intervals[0].client.cores: expected a number of 0 or more, got number -1',
    ]);
  });

  test('a client load without an event-loop delay (absent or null: never sampled) loads without one', () => {
    const { eventLoopDelayP99Ms: _delay, ...unsampled } = {
      cpuUtilization: 0.41,
      cores: 2,
      eventLoopUtilization: 0.3,
      eventLoopDelayP99Ms: 0,
      runnableShare: 0.55,
      bound: false,
    };
    const absent = parseBenchmarkResult(JSON.stringify(sampleRun({ client: unsampled })));
    assert.ok(absent.ok && absent.result.kind === 'run');
    assert.deepEqual(absent.result.client, unsampled);
    const nulled = parseBenchmarkResult(
      JSON.stringify(sampleRun({ client: { ...unsampled, eventLoopDelayP99Ms: null as unknown as number } })),
    );
    assert.ok(nulled.ok && nulled.result.kind === 'run');
    assert.deepEqual(nulled.result.client, unsampled);
    // no loop sampled at all: no utilization either
    const cpuOnly = { cpuUtilization: 0.3, cores: 2, bound: false };
    const noLoop = parseBenchmarkResult(JSON.stringify(sampleRun({ client: cpuOnly })));
    assert.ok(noLoop.ok && noLoop.result.kind === 'run');
    assert.deepEqual(noLoop.result.client, cpuOnly);
  });

  test('the codes of ignored errors are kept; a code that is not a number or a wrong count is named', () => {
    const run = sampleRun({}, { errors: 12, errorCodes: { 1213: 10, 2013: 2 } });
    const parsed = parseBenchmarkResult(JSON.stringify(run));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.ok && parsed.result.kind === 'run' ? parsed.result.summary.errorCodes : undefined, { 1213: 10, 2013: 2 });
    assert.deepEqual(errorsOf(sampleRun({}, { errorCodes: { deadlock: 1 } as unknown as Record<string, number> })), [
      "summary.errorCodes.deadlock: expected an error code, got 'deadlock'",
    ]);
    assert.deepEqual(errorsOf(sampleRun({}, { errorCodes: { 1213: -1 } })), [
      'summary.errorCodes.1213: expected a count of 0 or more, got number -1',
    ]);
  });

  test('the connection a run or experiment ran on is kept; results and imports without one still load', () => {
    const experiment = sampleExperiment([{ workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 100, p95: 2 }]);
    for (const value of [sampleRun({ connection: 'staging' }), { ...experiment, connection: 'staging' }]) {
      const parsed = parseBenchmarkResult(JSON.stringify(value));
      assert.ok(parsed.ok, JSON.stringify(parsed));
      assert.equal(parsed.result.connection, 'staging');
      assert.deepEqual(parsed.result, value);
    }
    for (const value of [sampleRun(), experiment]) {
      assert.equal('connection' in value, false);
      const parsed = parseBenchmarkResult(JSON.stringify(value));
      assert.ok(parsed.ok, JSON.stringify(parsed));
      assert.equal('connection' in parsed.result, false);
    }
    assert.ok(errorsOf({ ...sampleRun(), connection: 42 }).some((error) => error.includes('connection')));
  });

  test('unknown fields are not carried into the result', () => {
    const parsed = parseBenchmarkResult({ ...sampleRun(), __proto__hack: 1, extra: { a: 1 } });
    assert.ok(parsed.ok);
    assert.ok(!('extra' in parsed.result));
  });

  test('a cell whose variant is not in the list is kept, with a warning', () => {
    const experiment = sampleExperiment([{ workload: 'w', threads: 8, variant: 'tiflash', qps: 1, p95: 1 }]);
    const parsed = parseBenchmarkResult(experiment);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.warnings, ["cells[0].variant 'tiflash' is not one of the experiment's variants"]);
  });
});

describe('parseBenchmarkResult and "__proto__" keys', () => {
  test('a "__proto__" key in a file stays a plain, harmless entry', () => {
    const text = JSON.stringify(sampleRun()).replace('"options":{', '"options":{"__proto__":"x",');
    const parsed = parseBenchmarkResult(text);
    assert.ok(parsed.ok);
    const options = parsed.result.kind === 'run' ? parsed.result.options : {};
    assert.equal(Object.getPrototypeOf(options), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(options, '__proto__')?.value, 'x');
    const experiment = JSON.stringify(sampleExperiment([])).replace('"definition":{', '"definition":{"__proto__":{"polluted":true},');
    const parsedExperiment = parseBenchmarkResult(experiment);
    assert.ok(parsedExperiment.ok);
    const definition = parsedExperiment.result.kind === 'experiment' ? (parsedExperiment.result.definition as Record<string, unknown>) : {};
    assert.equal(Object.getPrototypeOf(definition), Object.prototype);
    assert.equal((definition as { polluted?: boolean }).polluted, undefined);
  });
});

describe('parseBenchmarkResult and passwords inside text', () => {
  test('a password written in a message or an option value is blanked, with a warning', () => {
    const run = sampleRun({
      message: 'ran: sysbench --mysql-password=hunter2 run',
      options: { threads: 8, dsn: 'mysql://root:hunter2@tidb:4000/test' },
    });
    const parsed = parseBenchmarkResult(run);
    assert.ok(parsed.ok);
    assert.ok(!JSON.stringify(parsed.result).includes('hunter2'));
    assert.deepEqual(parsed.warnings, [
      'options.dsn: a password written in the text was blanked',
      'message: a password written in the text was blanked',
    ]);
  });
});
