import type { PlanEngine, PlanTaskKind } from './planModel';

export interface TaskPlacement {
  readonly engine: PlanEngine;
  readonly taskKind: PlanTaskKind;
}

const TASK_PATTERN = /^(root|cop|batchCop|mpp)(?:\[(\w+)\])?$/i;

// A Map, not an object literal: `cop[constructor]` must not find Object.prototype's members.
const ENGINE_NAMES = new Map<string, PlanEngine>([
  ['tikv', 'TiKV'],
  ['tiflash', 'TiFlash'],
  ['tidb', 'TiDB'],
]);

/**
 * Engine and task kind of a `task` value: `root` runs in TiDB, `cop[tikv]` in TiKV,
 * `cop[tiflash]` / `batchCop[tiflash]` / `mpp[tiflash]` in TiFlash; the pre-4.0 `cop` meant TiKV.
 */
export function placeTask(task: string): TaskPlacement | null {
  return USUAL_TASKS.get(task) ?? readTask(task);
}

function readTask(task: string): TaskPlacement | null {
  const match = TASK_PATTERN.exec(task.trim());
  if (match === null) return null;
  const kind = match[1].toLowerCase();
  const taskKind: PlanTaskKind = kind === 'batchcop' ? 'batchCop' : (kind as PlanTaskKind);
  if (taskKind === 'root') return { engine: 'TiDB', taskKind };
  if (match[2] === undefined) return { engine: taskKind === 'cop' ? 'TiKV' : 'TiFlash', taskKind };
  const engine = ENGINE_NAMES.get(match[2].toLowerCase());
  return engine === undefined ? null : { engine, taskKind };
}

/** The task values TiDB prints, placed once: a plan repeats them in every row. */
const USUAL_TASKS = new Map(
  ['root', 'cop[tikv]', 'cop[tiflash]', 'batchCop[tiflash]', 'mpp[tiflash]'].map((task) => [task, readTask(task) as TaskPlacement]),
);

export function isTaskValue(text: string): boolean {
  return placeTask(text) !== null;
}
