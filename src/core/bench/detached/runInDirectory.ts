// What the detached run's process does: reads run.json, runs the benchmark or the experiment with
// the password it was handed, writes every interval, step and log line to events.jsonl as it
// happens and the result to result.json at the end. Cancelled (the signal) it still writes what it
// measured, marked cancelled, as a run in the editor always did.
import { engineText, runMeasuredWithEngine } from '../benchEngine';
import { resolveBenchmarkConfig } from '../benchmarkConfig';
import { runExperiment } from '../experiments/runExperiment';
import { runRawsql } from '../rawsql/runRawsql';
import { runTpcc } from '../tpcc/runTpcc';
import { runCh } from '../ch/runCh';
import { runDetachedWithGoTpc } from '../goTpcEngine/goTpcDetachedRun';
import { appendEvent, readMeta, writeOutcome } from './runDirectory';
import type { DetachedRunEvent, DetachedRunSecret } from './runEvents';

export async function runInDirectory(directory: string, secret: DetachedRunSecret, signal: AbortSignal): Promise<void> {
  const emit = (event: DetachedRunEvent) => appendEvent(directory, event);
  const meta = readMeta(directory);
  if (!meta) {
    writeOutcome(directory, { kind: 'error', message: 'The run directory has no readable run.json.' });
    return;
  }
  emit({ kind: 'started', pid: process.pid });
  signal.addEventListener('abort', () => emit({ kind: 'stopping' }), { once: true });
  const spec = meta.spec;
  const connection = { ...spec.connection, password: secret.password };
  try {
    if (spec.kind === 'tpcc' || spec.kind === 'ch') {
      // go-tpc when the settings take it (goTpcDetachedRun.ts); the built-in engine below otherwise
      const values = resolveBenchmarkConfig({ workload: 'oltp_point_select', connection }).connection;
      const result = await runDetachedWithGoTpc(spec, spec.goTpcEngine, values, {
        signal,
        onEngine: (text) => emit({ kind: 'engine', text }),
        onInterval: (interval) => emit({ kind: 'interval', interval }),
        onLog: (message) => emit({ kind: 'log', message }),
      });
      if (result !== undefined) {
        writeOutcome(directory, { kind: 'result', result });
        return;
      }
    }
    if (spec.kind === 'benchmark') {
      const measured = await runMeasuredWithEngine(
        resolveBenchmarkConfig({ workload: spec.workload, connection, options: spec.options }),
        {
          signal,
          onEngine: (choice) => emit({ kind: 'engine', text: engineText(choice) }),
          onInterval: (report) => emit({ kind: 'interval', interval: report.interval }),
          onLog: (message) => emit({ kind: 'log', message }),
          onSql: (entry) => emit({ kind: 'sql', entry }),
        },
        spec.engine,
      );
      writeOutcome(directory, { kind: 'result', result: measured.result });
    } else if (spec.kind === 'rawsql') {
      // the connection as the rawsql engine takes it, resolved the way a sysbench run's is
      const values = resolveBenchmarkConfig({ workload: 'oltp_point_select', connection }).connection;
      const measured = await runRawsql(
        { ...spec.run, connection: values },
        {
          signal,
          onInterval: (report) => emit({ kind: 'interval', interval: report.interval }),
          onLog: (message) => emit({ kind: 'log', message }),
          onSql: (entry) => emit({ kind: 'sql', entry }),
        },
      );
      writeOutcome(directory, { kind: 'result', result: measured.result });
    } else if (spec.kind === 'tpcc') {
      const values = resolveBenchmarkConfig({ workload: 'oltp_point_select', connection }).connection;
      // each interval carries its transactions' rates (runTpcc puts them there), for the live tab's tpmC
      const measured = await runTpcc(
        { ...spec.run, connection: values },
        {
          signal,
          onInterval: (report) => emit({ kind: 'interval', interval: report.interval }),
          onLog: (message) => emit({ kind: 'log', message }),
          onSql: (entry) => emit({ kind: 'sql', entry }),
        },
      );
      writeOutcome(directory, { kind: 'result', result: measured.result });
    } else if (spec.kind === 'ch') {
      const values = resolveBenchmarkConfig({ workload: 'oltp_point_select', connection }).connection;
      const measured = await runCh(
        { ...spec.run, tpcc: { ...spec.run.tpcc, connection: values } },
        {
          signal,
          // TPC-C's interval with the analytical queries' rates beside its transactions' (the live tab's AP rate)
          onInterval: ({ interval }) => emit({ kind: 'interval', interval }),
          onLog: (message) => emit({ kind: 'log', message }),
          onSql: (entry) => emit({ kind: 'sql', entry }),
        },
      );
      writeOutcome(directory, { kind: 'result', result: measured.result });
    } else {
      const result = await runExperiment(spec.definition, connection, {
        signal,
        engine: spec.engine,
        onStep: (step) => emit({ kind: 'step', step }),
        onInterval: (cellIndex, report) => emit({ kind: 'interval', interval: report.interval, cellIndex }),
        onCell: (cell, index, total) => emit({ kind: 'cell', cell, index, total }),
        onLog: (message) => emit({ kind: 'log', message }),
        onSql: (entry) => emit({ kind: 'sql', entry }),
      });
      writeOutcome(directory, { kind: 'result', result });
    }
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split(secret.password || '\u0000').join('***');
    writeOutcome(directory, { kind: 'error', message });
  }
}
