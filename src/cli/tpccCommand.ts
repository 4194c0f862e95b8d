// `tidb-lab bench tpcc --warehouses=N [--threads=N --time=.. --count=.. --mysql-*] prepare|run|check|cleanup`:
// go-tpc's tpcc. Prints go-tpc's lines: the load and check steps, [Current] / [Summary] operation
// lines, "Finished" and "tpmC: ..., tpmTotal: ..., efficiency: ...%" (or the result as JSON with --json).
import { resolveBenchOptions } from '../core/bench/benchOptions';
import { commandComment, operationLine } from '../core/bench/rawsql/rawsqlReport';
import { parseStartAtFromNow, waitUntilStart } from '../core/bench/startAt';
import { claimOut } from './outFile';
import { checkTpcc, type TpccCheckOutcome } from '../core/bench/tpcc/checkTpcc';
import { cleanupTpcc } from '../core/bench/tpcc/cleanupTpcc';
import { prepareTpcc } from '../core/bench/tpcc/prepareTpcc';
import { runTpcc, type TpccRun } from '../core/bench/tpcc/runTpcc';
import { parseTpccArguments } from '../core/bench/tpcc/tpccArguments';
import { tpmLine } from '../core/bench/tpcc/tpccResult';
import { clientSummaryLine } from '../core/results/clientBound';
import { resultToJson } from '../core/results/exportJson';
import { chooseGoTpcEngine } from '../core/bench/goTpcEngine/goTpcEngineChoice';
import { goTpcEngineRun } from './goTpcEngineRun';
import { interruptOnSignals, stamp } from './goTpcInterrupt';
import type { RawsqlCommandIo } from './rawsqlCommand';

function checkLines(outcome: TpccCheckOutcome): string[] {
  return outcome.failures.map(
    (failure) =>
      `execute check failed, err check warehouse ${failure.warehouse} at condition ${failure.condition} failed: ${failure.what} (got ${failure.got})`,
  );
}

export async function tpccCommand(argv: readonly string[], io: RawsqlCommandIo): Promise<number> {
  const args = parseTpccArguments(argv);
  const connectionOptions = new Map(args.connection);
  if (!connectionOptions.has('mysql-password') && io.env.MYSQL_PWD !== undefined) connectionOptions.set('mysql-password', io.env.MYSQL_PWD);
  const connection = resolveBenchOptions('oltp_point_select', connectionOptions).connection;
  const say = (line: string) => (args.json ? io.stderr : io.stdout)(`${line}\n`);
  const startAt = args.startAt === undefined ? undefined : parseStartAtFromNow(args.startAt);
  // --out is the run's result: claimed (checked, locked) before anything connects
  const outFile = args.action === 'run' ? claimOut(args.out, io) : undefined;

  const interruption = interruptOnSignals(io, {
    inFlight: 'transactions',
    stopping: 'stopping the threads after their current transaction; the partial result follows',
  });
  const hooks = { signal: interruption.signal, onLog: say };
  try {
    if (!args.json) io.stdout(`${commandComment(args.argv)}\n`);
    switch (args.action) {
      case 'prepare': {
        const outcome = await prepareTpcc(
          {
            connection,
            warehouses: args.warehouses,
            threads: args.threads,
            parts: args.parts,
            partitionType: args.partitionType,
            useFk: args.useFk,
            useClusteredIndex: args.useClusteredIndex,
            dropData: args.dropData,
            noCheck: args.noCheck,
            retryCount: args.retryCount,
            retryIntervalSec: args.retryIntervalSec,
          },
          hooks,
        );
        if (outcome.check !== undefined) for (const line of checkLines(outcome.check)) say(line);
        if (args.json) io.stdout(`${JSON.stringify({ action: 'prepare', ...outcome }, null, 2)}\n`);
        else io.stdout('Finished\n');
        if (outcome.status === 'cancelled') return interruption.exitCode();
        return outcome.check?.passed === false ? 1 : 0;
      }
      case 'check': {
        const outcome = await checkTpcc({ connection, warehouses: args.warehouses, threads: args.threads, checkAll: args.checkAll }, hooks);
        for (const line of checkLines(outcome)) say(line);
        if (args.json) io.stdout(`${JSON.stringify({ action: 'check', ...outcome }, null, 2)}\n`);
        else io.stdout('Finished\n');
        if (interruption.signal.aborted) return interruption.exitCode();
        return outcome.passed ? 0 : 1;
      }
      case 'cleanup':
        await cleanupTpcc(connection, hooks);
        if (args.json) io.stdout(`${JSON.stringify({ action: 'cleanup', status: 'completed' }, null, 2)}\n`);
        else io.stdout('Finished\n');
        return 0;
      case 'run':
        break;
    }
    if (startAt !== undefined) {
      say(`Waiting until ${new Date(startAt).toISOString()} to start (--start-at)`);
      if (!(await waitUntilStart(startAt, interruption.signal))) return interruption.exitCode();
    }
    const engine = await chooseGoTpcEngine(args.engine, args.goTpcPath);
    if (engine.engine === 'go-tpc')
      return await goTpcEngineRun(
        {
          installation: engine.installation,
          options: {
            workload: 'tpcc',
            warehouses: args.warehouses,
            threads: args.threads,
            timeSec: args.timeSec,
            count: args.count,
            intervalSec: args.intervalSec,
            ignoreError: args.ignoreError,
            isolation: args.isolation,
            weights: args.weights,
            parts: args.parts,
          },
          connection,
          json: args.json,
          out: args.out,
        },
        io,
        interruption,
      );
    const run: TpccRun = await runTpcc(
      {
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
      {
        ...hooks,
        onLog: (message) => say(`${stamp()} ${message}`),
        onInterval: (report) => {
          if (!args.json) for (const operation of report.operations) io.stdout(`${operationLine('Current', operation)}\n`);
        },
      },
    );
    const result = run.result;
    outFile?.write(resultToJson(result));
    if (args.json) io.stdout(resultToJson(result));
    else {
      io.stdout('Finished\n');
      for (const operation of run.operations) io.stdout(`${operationLine('Summary', operation)}\n`);
      if (result.tpcc !== undefined && result.tpcc.transactions.new_order.count > 0) io.stdout(`${tpmLine(result.tpcc)}\n`);
      const client = clientSummaryLine(result);
      if (client !== undefined) io.stdout(`${client}\n`);
    }
    if (result.status === 'failed') {
      io.stderr(`FATAL: ${result.message ?? 'the run failed'}\n`);
      return 1;
    }
    if (result.status === 'cancelled') return interruption.exitCode();
    return 0;
  } finally {
    interruption.release();
    outFile?.release();
  }
}
