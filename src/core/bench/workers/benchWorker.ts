// Entry point of a benchmark worker_thread (bundled to dist/benchWorker.js). It carries some of the
// benchmark's threads for the run phase, or some of the tables for the prepare phase, and talks
// to the coordinating thread with the messages of workerMessages.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { WorkerPrepare } from './workerPrepare';
import { WorkerRun } from './workerRun';
import { STOPPED } from './threadSession';
import { BulkLoadWriters } from '../bulkLoad/bulkLoadWriters';
import { noCountedLatencies } from '../measurement/latencyCounts';
import type { BulkLoadWorkerSetup, CoordinatorMessage, RunWorkerSetup, WorkerMessage, WorkerSetup } from './workerMessages';

function post(message: WorkerMessage): void {
  parentPort?.postMessage(message);
}

async function runPhase(setup: RunWorkerSetup): Promise<void> {
  const run = new WorkerRun(setup, post);
  let abandonedConnectionIds: bigint[] = [];
  let started: Promise<void> | undefined;
  let finishedPosted = false;
  const finish = () => {
    if (finishedPosted) return;
    finishedPosted = true;
    post({ type: 'finished', snapshot: run.snapshot(), failure: run.failureReport, abandonedConnectionIds });
    // held connections stay open until the coordinator has read what it needs and says 'release'
    if (!setup.holdConnections) parentPort?.close();
  };

  parentPort?.on('message', (message: CoordinatorMessage) => {
    switch (message.type) {
      case 'start':
        started = run.run(message.startMs, message.deadlineMs).then(finish, finish);
        break;
      case 'snapshot': {
        const snapshot = run.snapshotFor(message.id);
        if (snapshot) post({ type: 'snapshot', id: message.id, snapshot });
        break;
      }
      case 'reset':
        run.reset();
        break;
      case 'release':
        void run.closeAll().then(() => {
          post({ type: 'released' });
          parentPort?.close();
        });
        break;
      case 'stop':
        void run.stop(message.hard).then((ids) => {
          abandonedConnectionIds = ids;
          if (started === undefined) void run.closeAll().then(finish);
        });
        break;
    }
  });

  try {
    await run.init();
    const blockingConnectionIds = run.blockingConnectionIds();
    post(blockingConnectionIds.length > 0 ? { type: 'ready', blockingConnectionIds } : { type: 'ready' });
  } catch (error) {
    await run.stop(true);
    await run.closeAll();
    post({
      type: 'finished',
      snapshot: run.snapshot(),
      // STOPPED: another worker failed first and stopped everyone; its failure is the one to tell
      failure:
        error === STOPPED
          ? undefined
          : { message: error instanceof Error ? error.message : String(error), errno: (error as { errno?: number }).errno },
      abandonedConnectionIds: [],
    });
    finishedPosted = true;
    parentPort?.close();
  }
}

async function preparePhase(setup: WorkerSetup & { task: 'prepare' }): Promise<void> {
  const prepare = new WorkerPrepare(setup, post);
  let abandonedConnectionIds: bigint[] = [];
  parentPort?.on('message', (message: CoordinatorMessage) => {
    if (message.type === 'stop') abandonedConnectionIds = prepare.stop();
  });
  await prepare.run();
  post({
    type: 'finished',
    snapshot: {
      counters: new Float64Array(0),
      latencies: noCountedLatencies(),
      queueLength: 0,
      concurrency: 0,
      threadsRunning: 0,
    },
    failure: prepare.failureReport,
    abandonedConnectionIds,
  });
  parentPort?.close();
}

const EMPTY_SNAPSHOT = {
  counters: new Float64Array(0),
  latencies: noCountedLatencies(),
  queueLength: 0,
  concurrency: 0,
  threadsRunning: 0,
};

async function bulkLoadPhase(setup: BulkLoadWorkerSetup): Promise<void> {
  const writers = new BulkLoadWriters(setup);
  let done = false;
  let started = false;
  const finish = (failure?: string) => {
    if (done) return;
    done = true;
    post({
      type: 'finished',
      snapshot: EMPTY_SNAPSHOT,
      failure: failure === undefined ? undefined : { message: failure },
      abandonedConnectionIds: [],
    });
    parentPort?.close();
  };
  parentPort?.on('message', (message: CoordinatorMessage) => {
    if (message.type === 'start') {
      started = true;
      void writers.run().then(
        async (outcome) => {
          post({ type: 'bulkLoaded', rowsLoaded: outcome.rowsLoaded, latencies: outcome.latencies.take() });
          await writers.closeAll();
          finish(outcome.failure);
        },
        (error: unknown) => finish(error instanceof Error ? error.message : String(error)),
      );
    } else if (message.type === 'stop' && !started) {
      // before 'start' (another worker could not connect): nothing was loaded
      void writers.closeAll().then(() => finish());
    }
  });
  try {
    await writers.init();
    // told to stop while it connected: the connections it made go now
    if (done) await writers.closeAll();
    else post({ type: 'ready' });
  } catch (error) {
    await writers.closeAll();
    finish(error instanceof Error ? error.message : String(error));
  }
}

const setup = workerData as WorkerSetup;
if (setup.task === 'run') void runPhase(setup);
else if (setup.task === 'bulkLoad') void bulkLoadPhase(setup);
else void preparePhase(setup);
