// The worker thread that parses, analyses and flattens a large pasted plan, so the extension host
// stays responsive and the user can cancel (the thread is terminated). Bundled to dist/planBuildWorker.js.
import { parentPort, workerData } from 'node:worker_threads';
import type { PlanSource } from '../../protocol/planView';
import { transferablePlan } from './planBuildTransfer';
import { buildPlan } from './planDocument';

if (parentPort !== null) {
  const source = workerData as PlanSource;
  parentPort.postMessage(transferablePlan(buildPlan(source)));
}
