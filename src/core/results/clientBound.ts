// When the benchmark client, not the server, set the pace of a run. Pure: the engine applies it as
// it measures, and the views and the CLI read its outcome (`client.bound`) and its wording.
//
// An interval is client-saturated when
//   - the client process used at least 85% of the CPU time of the cores it may use, or
//   - it was starved of its cores (Linux's schedstat): its busiest worker thread (or the main
//     thread that holds every connection) was ready to run, running or waiting in a run queue, at
//     least 60% of the interval, and of the time all the process's threads were ready they waited
//     at least 30% (waitShare): it had work most of the time and another process held the cores it
//     needed for it (a busy loop on its one core: ready 69 to 99%, waitShare 0.8 to 0.91), and it
//     used at least 7% of its cores (the starved client used 13 to 47%; a light --rate=200 client on
//     a machine at load average 9 to 23 used 2 to 3.4%, while its wake-up waits in a run queue made
//     its worker "ready" up to 75% of the time, waitShare 0.97), or
//   - a worker's event loop was busy (not waiting for the network) at least 90% of the interval, or
//   - a worker's event loop was busy at least half the interval and it was starved of CPU: its
//     event-loop delay p99 was at least 10 ms, or (Linux's schedstat) the worker thread ran or
//     waited in a run queue for a core at least 90% of the interval (another process holds its cores).
// Without delay samples (blocking reads sample no loop delay) the starved case rests on the run
// queue alone, and CPU and busy loop decide as ever; an interval in which no worker's loop was
// sampled at all (each blocked in read(2) at the tick) rests on the CPU alone.
// Neither event-loop delay nor run-queue waits decide alone: on a busy machine a light client's
// timers fire late too and it waits for a core at each wake-up, although it spends nearly all its
// time waiting for answers and sets no pace: of its little time ready to run it may wait most
// (--rate=200 at load average 20: waitShare 0.65 to 0.96), but it is ready only at its wake-ups
// (its worker 9 to 46% of the time), so waitShare decides only beside a client ready most of the
// time. A run is bound when at least 30% of its intervals are (or, without report intervals, when
// the whole run is).
import type { ClientLoad, ExperimentResult, ResultInterval, RunResult } from './benchmarkResult';
import { TPCC_WORKLOADS } from './tpccFigures';

export const CLIENT_CPU_SATURATED = 0.85;
export const EVENT_LOOP_BUSY = 0.9;
export const WORKER_RUNNABLE = 0.9;
export const EVENT_LOOP_STARVED_UTILIZATION = 0.5;
export const EVENT_LOOP_STARVED_DELAY_MS = 10;
export const BOUND_INTERVAL_SHARE = 0.3;
export const CLIENT_WAIT_STARVED = 0.3;
export const CLIENT_READY_STARVED = 0.6;
export const CLIENT_STARVED_MIN_CPU = 0.07;

export type ClientMeasure = Omit<ClientLoad, 'bound'>;

export function clientSaturated(measure: ClientMeasure): boolean {
  const delayed = measure.eventLoopDelayP99Ms !== undefined && measure.eventLoopDelayP99Ms >= EVENT_LOOP_STARVED_DELAY_MS;
  const waitedForCore = measure.runnableShare !== undefined && measure.runnableShare >= WORKER_RUNNABLE;
  const busy = measure.eventLoopUtilization;
  return (
    measure.cpuUtilization >= CLIENT_CPU_SATURATED ||
    starvedOfCores(measure) ||
    (busy !== undefined && (busy >= EVENT_LOOP_BUSY || (busy >= EVENT_LOOP_STARVED_UTILIZATION && (delayed || waitedForCore))))
  );
}

/** It had work most of the interval and waited for its cores a meaningful share of the time it was ready (the rule above). */
function starvedOfCores({ waitShare, runnableShare, cpuUtilization }: ClientMeasure): boolean {
  return (
    waitShare !== undefined &&
    runnableShare !== undefined &&
    waitShare >= CLIENT_WAIT_STARVED &&
    runnableShare >= CLIENT_READY_STARVED &&
    cpuUtilization >= CLIENT_STARVED_MIN_CPU
  );
}

export function intervalClientLoad(measure: ClientMeasure): ClientLoad {
  return { ...measure, bound: clientSaturated(measure) };
}

/** The run's figures (measured over the whole run) and its verdict from the intervals' verdicts. */
export function runClientLoad(whole: ClientMeasure, intervals: readonly ResultInterval[]): ClientLoad {
  const measured = intervals.filter((interval) => interval.client !== undefined);
  const bound =
    measured.length === 0
      ? clientSaturated(whole)
      : measured.filter((interval) => interval.client?.bound).length >= BOUND_INTERVAL_SHARE * measured.length;
  return { ...whole, bound };
}

/** How many of the run's intervals had the client saturated, of how many measured. */
export function saturatedIntervals(run: Pick<RunResult, 'intervals'>): { saturated: number; measured: number } {
  const measured = run.intervals.filter((interval) => interval.client !== undefined);
  return { saturated: measured.filter((interval) => interval.client?.bound).length, measured: measured.length };
}

/**
 * The workloads whose connections all live on the main thread's one event loop (TPC-C, CH-benCHmark
 * and rawsql, measured by loopClientMeter.ts): their loop and run-queue figures are that thread's.
 * The sysbench workloads' are the busiest worker thread's.
 */
const MAIN_THREAD_WORKLOADS: readonly string[] = [...TPCC_WORKLOADS, 'rawsql'];

/** Whether a run's client figures are its main thread's rather than its workers'. */
export function clientOnMainThread(workload: string | undefined): boolean {
  return workload !== undefined && MAIN_THREAD_WORKLOADS.includes(workload);
}

/** "97% of 1 core, event loop busy 100%, event-loop delay p99 38 ms" (only what was sampled) */
export function clientLoadText(load: ClientMeasure, workload?: string): string {
  const cores = `${load.cores} core${load.cores === 1 ? '' : 's'}`;
  const busy = load.eventLoopUtilization;
  const delay = load.eventLoopDelayP99Ms;
  return (
    `${Math.round(load.cpuUtilization * 100)}% of ${cores}` +
    (busy === undefined ? '' : `, event loop busy ${Math.round(busy * 100)}%`) +
    (delay === undefined ? '' : `, event-loop delay p99 ${delay < 10 ? delay.toFixed(1) : Math.round(delay)} ms`) +
    (load.runnableShare === undefined
      ? ''
      : `, ${clientOnMainThread(workload) ? 'main thread' : 'worker'} running or waiting for a core ${Math.round(load.runnableShare * 100)}%`)
  );
}

/** What to do about bound runs of these workloads: the sysbench engine only where it could run one (not TPC-C, CH-benCHmark or rawsql). */
export function clientBoundAdvice(workloads: readonly (string | undefined)[]): string {
  return workloads.every(clientOnMainThread)
    ? 'give the client more cores, use fewer threads, or run the client on a separate load machine'
    : 'give the client more cores, use fewer threads, run the client on a separate load machine, or use the sysbench engine (--engine=sysbench)';
}

/** How clientSummaryLine's line begins: a log importer passes over it (an import carries no client figures). */
export const CLIENT_SUMMARY_LINE = /^Client: \d+% of \d+ cores?(, |; | — )/;

/** The line the CLI prints after sysbench's (or go-tpc's) summary (neither prints anything like it). */
export function clientSummaryLine(run: Pick<RunResult, 'client' | 'intervals'> & { workload?: string }): string | undefined {
  const load = run.client;
  if (load === undefined) return undefined;
  const figures = clientLoadText(load, run.workload);
  if (!load.bound) return `Client: ${figures}; the client did not limit this run.`;
  const { saturated, measured } = saturatedIntervals(run);
  const share = measured > 0 ? ` (saturated in ${saturated} of ${measured} intervals)` : '';
  return `Client: ${figures} — the client limited this run${share}, so these numbers understate the server: ${clientBoundAdvice([run.workload])}.`;
}

/** The line the CLI prints after an experiment's tables when the client limited any of its runs. */
export function experimentClientSummaryLine(experiment: Pick<ExperimentResult, 'cells'>): string | undefined {
  const bound = experiment.cells.filter((cell) => cell.run.client?.bound);
  if (bound.length === 0) return undefined;
  const advice = clientBoundAdvice(bound.map((cell) => cell.run.workload));
  return `Client: the client limited ${bound.length} of ${experiment.cells.length} runs (marked client-bound above), so their numbers and the changes between them are the client's, not the server's: ${advice}.`;
}
