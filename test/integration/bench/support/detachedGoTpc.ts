// What the detached TPC-C and CH-benCHmark tests share: a database of their own loaded by the CLI's
// prepare, and a run started in a process of its own (dist/benchRunner.js, as the extension starts
// it) and followed to its end.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startDetachedRun } from '../../../../src/core/bench/detached/processes';
import { createRunDirectory, writeOwner } from '../../../../src/core/bench/detached/runDirectory';
import { RUN_DIRECTORY_VERSION, type DetachedRunSpec } from '../../../../src/core/bench/detached/runEvents';
import { RunFollower } from '../../../../src/core/bench/detached/runFollower';
import type { ResultInterval, RunResult } from '../../../../src/core/results/benchmarkResult';
import { connectionArgs, db, freshDatabase, runProcess } from './benchFixtures';

const CLI = join(__dirname, '..', '..', '..', '..', 'src', 'cli', 'cli.js');
const RUNNER = { execPath: process.execPath, script: join(__dirname, '..', '..', '..', '..', 'src', 'cli', 'benchRunner.js') };

/** A fresh database with one warehouse of the workload's tables, as `tidb-lab bench <workload> prepare` loads them. */
export async function preparedGoTpcDatabase(workload: 'tpcc' | 'ch', suffix: string): Promise<string> {
  const database = await freshDatabase(suffix);
  const prepare = await runProcess(
    process.execPath,
    [CLI, 'bench', workload, '--warehouses=1', '--threads=2', '--no-check', ...connectionArgs(database), 'prepare'],
    { timeoutMs: 15 * 60_000 },
  );
  assert.equal(prepare.code, 0, prepare.stderr);
  return database;
}

/** The connection of a detached run on the local MariaDB (the password goes to the process, not the spec). */
export function detachedConnection(database: string): DetachedRunSpec['connection'] {
  return { host: db.host, port: db.port, user: db.user, database };
}

/** Runs the spec in a process of its own under `runs`; its result (which must be one) and the intervals it reported on the way. */
export async function runDetachedToEnd(
  runs: string,
  runKey: string,
  spec: DetachedRunSpec,
): Promise<{ result: RunResult; reported: ResultInterval[] }> {
  const directory = await createRunDirectory(runs, {
    version: RUN_DIRECTORY_VERSION,
    runKey,
    createdAt: new Date().toISOString(),
    spec,
  });
  writeOwner(directory, process.pid);
  await startDetachedRun(RUNNER, directory, { password: db.password });
  const follower = new RunFollower(directory, { onEvent: () => undefined, pollMs: 50 });
  const end = await follower.follow();
  assert.ok(end.kind === 'outcome' && end.outcome.kind === 'result', JSON.stringify(end));
  const reported = follower.events.flatMap((event) => (event.kind === 'interval' ? [event.interval] : []));
  return { result: end.outcome.result as RunResult, reported };
}
