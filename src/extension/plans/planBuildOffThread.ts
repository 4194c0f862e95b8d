// Builds a plan in a worker thread (planBuildWorker.ts), for pasted text large enough to stall the
// extension host. Aborting terminates the thread, which stops the parse wherever it is. No vscode here.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PlanSource } from '../../protocol/planView';
import { receivedPlan, type TransferredPlan } from './planBuildTransfer';
import type { BuiltPlan } from './planDocument';

/**
 * Plan text longer than this (in characters, about 256 KB: a plan of roughly 1,000 EXPLAIN ANALYZE
 * operators, read in some 20 ms) is parsed off the extension host's thread, with a cancellable
 * progress notification; shorter text is read at once, where starting a thread would cost more.
 */
export const OFF_THREAD_PLAN_CHARS = 256 * 1024;

export function needsOffThreadBuild(source: PlanSource): boolean {
  return source.input.kind === 'text' && source.input.text.length > OFF_THREAD_PLAN_CHARS;
}

/** Beside this module: dist/planBuildWorker.js in the bundle, out/src/extension/plans/planBuildWorker.js in tests. */
export function planBuildWorkerScript(): string {
  return join(__dirname, 'planBuildWorker.js');
}

export class PlanBuildCancelled extends Error {
  constructor() {
    super('The plan was not read: cancelled.');
    this.name = 'PlanBuildCancelled';
  }
}

/** Rejects with PlanBuildCancelled when `signal` aborts first. */
export function buildPlanOffThread(source: PlanSource, signal?: AbortSignal, script = planBuildWorkerScript()): Promise<BuiltPlan> {
  return new Promise<BuiltPlan>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new PlanBuildCancelled());
      return;
    }
    const worker = new Worker(script, { workerData: source });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      finish();
    };
    const abort = () =>
      settle(() => {
        void worker.terminate();
        reject(new PlanBuildCancelled());
      });
    signal?.addEventListener('abort', abort);
    worker.once('message', (message: TransferredPlan) =>
      settle(() => {
        void worker.terminate();
        resolve(receivedPlan(source, message));
      }),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`The plan reader stopped (exit code ${code}) before it finished.`))));
  });
}
