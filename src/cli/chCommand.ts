// `tidb-lab bench ch --warehouses=N [--threads=N --acThreads=N --time=.. --mysql-*] prepare|run|check|cleanup`:
// go-tpc's CH-benCHmark. prepare loads TPC-C (tpcc/prepareTpcc.ts) and then the CH tables
// (ch/prepareChTables.ts), which go-tpc does in two commands (tpcc prepare, then ch prepare); run
// prints go-tpc's [Current] / [Summary] lines of the transactions and the queries, tpmC and QphH
// (or the result as JSON); check is TPC-C's consistency check; cleanup drops both sides' tables.
import { openAdminSession } from '../core/bench/adminSession';
import { OptionError, resolveBenchOptions, type ConnectionOptionValues } from '../core/bench/benchOptions';
import { parseChArguments, type ChArguments } from '../core/bench/ch/chArguments';
import { finishedLine, qphHLine } from '../core/bench/ch/chReport';
import { cleanupChTables, prepareChTables } from '../core/bench/ch/prepareChTables';
import { runCh, type ChRun } from '../core/bench/ch/runCh';
import { commandComment, operationLine } from '../core/bench/rawsql/rawsqlReport';
import { checkTpcc } from '../core/bench/tpcc/checkTpcc';
import { checkChTables } from '../core/bench/ch/checkChTables';
import { cleanupTpcc } from '../core/bench/tpcc/cleanupTpcc';
import { prepareTpcc } from '../core/bench/tpcc/prepareTpcc';
import { DEFAULT_TPCC_DATABASE } from '../core/bench/tpcc/tpccArguments';
import { tpmLine, tpmOf } from '../core/bench/tpcc/tpccResult';
import { clientSummaryLine } from '../core/results/clientBound';
import { resultToJson } from '../core/results/exportJson';
import { chooseGoTpcEngine } from '../core/bench/goTpcEngine/goTpcEngineChoice';
import { goTpcEngineRun } from './goTpcEngineRun';
import { EXIT_CODES, interruptOnSignals, stamp, type Interruption } from './goTpcInterrupt';
import { withClaimedOut, type ClaimedOutFile } from './outFile';

export interface ChCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  writeFile: (path: string, text: string) => void;
  env: Record<string, string | undefined>;
  onInterrupt: (handler: (signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP') => void) => () => void;
  exit: (code: number) => void;
}

function connectionOf(args: ChArguments, env: ChCommandIo['env']): ConnectionOptionValues {
  const options = new Map(args.connection);
  if (!options.has('mysql-password') && env.MYSQL_PWD !== undefined) options.set('mysql-password', env.MYSQL_PWD);
  // the database `tidb-lab bench tpcc` uses, so ch runs on what tpcc prepare loaded
  if (!options.has('mysql-db')) options.set('mysql-db', DEFAULT_TPCC_DATABASE);
  return resolveBenchOptions('oltp_point_select', options).connection;
}

export async function chCommand(argv: readonly string[], io: ChCommandIo): Promise<number> {
  const args = parseChArguments(argv);
  const connection = connectionOf(args, io.env);
  const say = (line: string) => (args.json ? io.stderr : io.stdout)(`${line}\n`);
  const interruption = interruptOnSignals(io, { inFlight: 'statements', stopping: 'stopping after the statements in flight' });
  try {
    if (!args.json) io.stdout(`${commandComment(args.argv)}\n`);
    switch (args.command) {
      case 'prepare':
        return await prepare(args, connection, interruption.signal, say);
      case 'check':
        return await check(args, connection, interruption.signal, say);
      case 'cleanup':
        await cleanupTables(connection, say);
        return 0;
      case 'run': {
        // --out is the run's result: claimed (checked, locked) before anything connects
        return await withClaimedOut(args.out, io, (outFile) => run(args, connection, io, interruption, outFile));
      }
    }
  } finally {
    interruption.release();
  }
}

async function prepare(
  args: ChArguments,
  connection: ConnectionOptionValues,
  signal: AbortSignal,
  say: (line: string) => void,
): Promise<number> {
  const tpcc = await prepareTpcc(
    {
      connection,
      warehouses: args.warehouses,
      threads: args.threads,
      parts: args.parts,
      partitionType: 1,
      useFk: false,
      useClusteredIndex: true,
      dropData: args.dropData,
      noCheck: args.noCheck,
      retryCount: 50,
      retryIntervalSec: 5,
    },
    { signal, onLog: say },
  );
  if (tpcc.status === 'cancelled') {
    say('prepare cancelled: the TPC-C tables hold part of the data');
    return EXIT_CODES.SIGINT;
  }
  if (tpcc.check !== undefined && !tpcc.check.passed) {
    for (const failure of tpcc.check.failures) say(`check ${failure.condition} failed on warehouse ${failure.warehouse}: ${failure.what}`);
    return 1;
  }
  const admin = await openAdminSession(connection);
  try {
    if (args.tiflashReplica > 0 && admin.identity.flavor !== 'tidb')
      say(`--tiflash-replica: ${admin.identity.flavor} has no TiFlash; ALTER TABLE ... SET TIFLASH REPLICA will fail`);
    await prepareChTables(admin, {
      database: connection.database,
      tiflashReplica: args.tiflashReplica,
      waitForTiflash: args.waitForTiflash,
      analyze: args.analyze ?? admin.identity.flavor !== 'tidb',
      signal,
      onLog: say,
      onReplicaProgress: (statuses) => {
        const waiting = statuses.filter((status) => status.phase === 'replicating');
        if (waiting.length > 0)
          say(
            `${stamp()} tiflash replicas not available yet: ${waiting.map((s) => `${s.table} ${Math.round((s.replica?.progress ?? 0) * 100)}%`).join(', ')}`,
          );
      },
    });
  } finally {
    await admin.close();
  }
  say(`prepare done in ${tpcc.durationSec.toFixed(1)}s of TPC-C load and the CH tables`);
  return 0;
}

async function check(
  args: ChArguments,
  connection: ConnectionOptionValues,
  signal: AbortSignal,
  say: (line: string) => void,
): Promise<number> {
  const outcome = await checkTpcc(
    { connection, warehouses: args.warehouses, threads: args.threads, checkAll: args.checkAll },
    { signal, onLog: say },
  );
  for (const failure of outcome.failures)
    say(`check ${failure.condition} failed on warehouse ${failure.warehouse}: ${failure.what} (got ${failure.got})`);
  const admin = await openAdminSession(connection);
  const tables = await checkChTables(admin).finally(() => admin.close());
  for (const failure of tables.failures) say(`check ${failure.condition} failed: ${failure.what} (got ${failure.got})`);
  const checked = outcome.checked + tables.checked;
  const failed = outcome.failures.length + tables.failures.length;
  say(failed === 0 ? `check passed: ${checked} conditions` : `check failed: ${failed} of ${checked} conditions`);
  return failed === 0 ? 0 : 1;
}

async function cleanupTables(connection: ConnectionOptionValues, say: (line: string) => void): Promise<void> {
  const admin = await openAdminSession(connection);
  try {
    await cleanupChTables(admin);
  } finally {
    await admin.close();
  }
  await cleanupTpcc(connection, { onLog: say });
}

async function run(
  args: ChArguments,
  connection: ConnectionOptionValues,
  io: ChCommandIo,
  interruption: Interruption,
  outFile: ClaimedOutFile | undefined,
): Promise<number> {
  const say = (line: string) => (args.json ? io.stderr : io.stdout)(`${line}\n`);
  const engine = await chooseGoTpcEngine(args.engine, args.goTpcPath);
  if (engine.engine === 'go-tpc') {
    if (args.apHosts.length > 0 || args.apPorts.length > 0)
      throw new OptionError(
        'The go-tpc engine runs the analytical queries where TPC-C runs: --ap-host and --ap-port need the built-in engine.',
      );
    return await goTpcEngineRun(
      {
        installation: engine.installation,
        options: {
          workload: 'ch',
          warehouses: args.warehouses,
          threads: args.threads,
          timeSec: args.timeSec,
          count: args.count,
          intervalSec: args.intervalSec,
          ignoreError: args.ignoreError,
          isolation: args.isolation,
          weights: args.weights,
          parts: args.parts,
          acThreads: args.acThreads,
          queries: args.queries,
          ...(args.apConnParams !== '' ? { apConnParams: args.apConnParams } : {}),
          ...(args.useExplain ? { useExplain: true } : {}),
        },
        connection,
        json: args.json,
        ...(outFile !== undefined ? { writeOut: (json: string) => outFile.write(json) } : {}),
      },
      io,
      interruption,
    );
  }
  const chRun: ChRun = await runCh(
    {
      tpcc: {
        connection,
        warehouses: args.warehouses,
        threads: args.threads,
        timeSec: args.timeSec,
        count: args.count,
        intervalSec: args.intervalSec,
        ignoreError: args.ignoreError,
        isolation: args.isolation,
        weights: args.weights,
      },
      acThreads: args.acThreads,
      queries: args.queries,
      apSessionStatements: args.apSessionStatements,
      apConnParams: args.apConnParams,
      apHosts: args.apHosts,
      apPorts: args.apPorts,
      useExplain: args.useExplain,
    },
    {
      signal: interruption.signal,
      onLog: (message) => say(`${stamp()} ${message}`),
      onExplain: (text) => io.stderr(`${text}\n`),
      onInterval: ({ tpcc, queries }) => {
        if (args.json) return;
        for (const operation of [...tpcc.operations, ...queries]) io.stdout(`${operationLine('Current', operation)}\n`);
      },
    },
  );
  const result = chRun.result;
  outFile?.write(resultToJson(result));
  if (args.json) io.stdout(resultToJson(result));
  else {
    io.stdout(`${finishedLine(args.threads, args.acThreads)}\n`);
    for (const operation of chRun.transactions) io.stdout(`${operationLine('Summary', operation)}\n`);
    if (chRun.transactions.some((o) => o.name === 'NEW_ORDER' && o.count > 0))
      io.stdout(`${tpmLine(tpmOf(chRun.transactions, args.warehouses))}\n`);
    for (const operation of chRun.queries) io.stdout(`${operationLine('Summary', operation)}\n`);
    if (chRun.qphH !== undefined) io.stdout(`${qphHLine(chRun.qphH)}\n`);
    const client = clientSummaryLine(result);
    if (client !== undefined) io.stdout(`${client}\n`);
  }
  if (result.status === 'failed') {
    io.stderr(`FATAL: ${result.message ?? 'the run failed'}\n`);
    return 1;
  }
  if (result.status === 'cancelled') return interruption.exitCode();
  return 0;
}
