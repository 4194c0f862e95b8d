// The editor's TPC-C and CH runs with the engine of the settings (goTpcDetachedRun.ts): the setting
// read as the CLI's --engine, the run's options under go-tpc's names, the error naming the settings
// when go-tpc is asked for and not found, and package.json offering what the core takes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { ENGINE_SETTINGS } from '../../../src/core/bench/benchEngine';
import type { DetachedChRun } from '../../../src/core/bench/detached/runEvents';
import {
  goTpcEngineConfigOf,
  goTpcEngineSettingOf,
  goTpcOptionsOfCh,
  goTpcOptionsOfTpcc,
  runDetachedWithGoTpc,
} from '../../../src/core/bench/goTpcEngine/goTpcDetachedRun';
import { GO_TPC_ENGINE_SETTINGS } from '../../../src/core/bench/goTpcEngine/goTpcEngineChoice';
import { goTpcRunArgs } from '../../../src/core/bench/goTpcEngine/goTpcInvocation';
import type { ConnectionOptionValues } from '../../../src/core/bench/benchOptions';

const tpccRun = {
  warehouses: 3,
  threads: 8,
  timeSec: 30,
  count: 0,
  intervalSec: 2,
  ignoreError: true,
  isolation: 4,
  weights: [45, 43, 4, 4, 4],
};

const chRun: DetachedChRun = {
  tpcc: tpccRun,
  acThreads: 2,
  queries: ['q1', 'q6'],
  apSessionStatements: ["SET SESSION tidb_isolation_read_engines = 'tiflash'"],
  apConnParams: "tidb_isolation_read_engines='tiflash'",
};

const hooksOf = (engines: string[]) => ({
  signal: new AbortController().signal,
  onEngine: (text: string) => engines.push(text),
  onInterval: () => undefined,
  onLog: () => undefined,
});

describe("tidbLab.benchmarks.engine for TPC-C and CH runs, as the CLI's --engine", () => {
  test("'go-tpc' and 'builtin' as they are; 'auto', 'sysbench' (a sysbench run's engine) and anything else are 'auto'", () => {
    assert.equal(goTpcEngineSettingOf('go-tpc'), 'go-tpc');
    assert.equal(goTpcEngineSettingOf('builtin'), 'builtin');
    assert.equal(goTpcEngineSettingOf('auto'), 'auto');
    assert.equal(goTpcEngineSettingOf('sysbench'), 'auto');
    assert.equal(goTpcEngineSettingOf(undefined), 'auto');
    assert.equal(goTpcEngineSettingOf(7), 'auto');
  });

  test('tidbLab.benchmarks.goTpcPath is kept trimmed; empty (go-tpc on PATH) is left out', () => {
    assert.deepEqual(goTpcEngineConfigOf('go-tpc', '  /opt/go-tpc  '), { engine: 'go-tpc', goTpcPath: '/opt/go-tpc' });
    assert.deepEqual(goTpcEngineConfigOf('go-tpc', '   '), { engine: 'go-tpc' });
    assert.deepEqual(goTpcEngineConfigOf('sysbench', undefined), { engine: 'auto' });
  });
});

describe("a TPC-C or CH run's options under go-tpc's names", () => {
  test('TPC-C: warehouses, threads, time, interval, --ignore-error, isolation; the standard mix is go-tpc default', () => {
    assert.deepEqual(goTpcRunArgs(goTpcOptionsOfTpcc(tpccRun)), [
      'tpcc',
      '--warehouses=3',
      '--threads=8',
      '--time=30s',
      '--interval=2s',
      '--ignore-error',
      '--isolation=4',
    ]);
    assert.deepEqual(goTpcRunArgs(goTpcOptionsOfTpcc({ ...tpccRun, timeSec: 0, count: 500, weights: [50, 40, 4, 4, 2] })), [
      'tpcc',
      '--warehouses=3',
      '--threads=8',
      '--count=500',
      '--interval=2s',
      '--ignore-error',
      '--isolation=4',
      '--weight=50,40,4,4,2',
    ]);
  });

  test('CH: the AP threads, the queries and --ap-conn-params as given', () => {
    assert.deepEqual(goTpcRunArgs(goTpcOptionsOfCh(chRun)), [
      'ch',
      '--warehouses=3',
      '--threads=8',
      '--acThreads=2',
      '--time=30s',
      '--interval=2s',
      '--ignore-error',
      '--isolation=4',
      '--queries=q1,q6',
      "--ap-conn-params=tidb_isolation_read_engines='tiflash'",
    ]);
  });

  test('what go-tpc cannot do is refused with the reason: session statements, AP threads on other hosts', () => {
    assert.throws(() => goTpcOptionsOfTpcc({ ...tpccRun, sessionStatements: ['SET SESSION x = 1'] }), /session statements/);
    assert.throws(() => goTpcOptionsOfCh({ ...chRun, apHosts: ['10.0.0.2'] }), /AP hosts/);
  });
});

describe('choosing the engine of a detached TPC-C or CH run', () => {
  const connection = {} as ConnectionOptionValues;

  test("'auto' and 'builtin' (and a spec without the setting) leave the run to the built-in engine without looking for go-tpc", async () => {
    for (const engine of [{ engine: 'auto' as const }, { engine: 'builtin' as const }, undefined]) {
      const engines: string[] = [];
      const result = await runDetachedWithGoTpc({ kind: 'tpcc', run: tpccRun }, engine, connection, hooksOf(engines), () =>
        assert.fail('go-tpc looked for'),
      );
      assert.equal(result, undefined);
      assert.deepEqual(engines, ['Engine: built-in']);
    }
  });

  test("'go-tpc' without go-tpc fails naming the settings (engine and goTpcPath) and the reason", async () => {
    const engines: string[] = [];
    const asked: (string | undefined)[] = [];
    await assert.rejects(
      runDetachedWithGoTpc(
        { kind: 'ch', run: chRun },
        { engine: 'go-tpc', goTpcPath: '/nowhere/go-tpc' },
        connection,
        hooksOf(engines),
        (path) => {
          asked.push(path);
          return Promise.resolve({ found: false, reason: '/nowhere/go-tpc is not an executable file' });
        },
      ),
      (error: Error) =>
        error.name === 'EngineError' &&
        error.message.includes('tidbLab.benchmarks.engine') &&
        error.message.includes('tidbLab.benchmarks.goTpcPath') &&
        error.message.includes('/nowhere/go-tpc is not an executable file') &&
        !error.message.includes('--go-tpc'),
    );
    assert.deepEqual(asked, ['/nowhere/go-tpc']);
    assert.deepEqual(engines, []);
  });
});

describe("package.json's settings", () => {
  const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../../../package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, { enum?: string[]; default?: unknown }> } };
  };
  const properties = manifest.contributes.configuration.properties;

  test('tidbLab.benchmarks.engine offers every engine the sysbench and the TPC-C/CH runs take; tidbLab.benchmarks.goTpcPath is there, empty by default', () => {
    assert.deepEqual(new Set(properties['tidbLab.benchmarks.engine'].enum), new Set([...ENGINE_SETTINGS, ...GO_TPC_ENGINE_SETTINGS]));
    assert.equal(properties['tidbLab.benchmarks.goTpcPath'].default, '');
  });
});
