// What every kind of experiment with variants does around its cells: its server settings (SET
// GLOBAL) set first, and whatever happens to the cells, set back and then its clean-up run. What
// fails in the frame is a note of the result, not a failed cell.
import type { ServerIdentity } from '../../db/serverFlavor';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { applyGlobalVariables, restoreGlobalVariables } from './experimentGlobals';

export interface ExperimentFrame {
  globalVariables: Record<string, string | number> | undefined;
  log: (message: string) => void;
  /** where the frame's notes go */
  notes: string[];
  /** the clean-up after everything, when the experiment asks for one */
  cleanup?: () => Promise<void>;
}

export async function runInExperimentFrame(
  admin: SqlExecutor & { identity: ServerIdentity },
  frame: ExperimentFrame,
  cells: () => Promise<void>,
): Promise<void> {
  const { log, notes } = frame;
  const globals = await applyGlobalVariables(admin, frame.globalVariables, admin.identity, log);
  notes.push(...globals.notes);
  try {
    await cells();
  } finally {
    const problems = await restoreGlobalVariables(admin, globals, log);
    notes.push(...problems.map((problem) => `Could not set a server setting back: ${problem}`));
    if (frame.cleanup) {
      try {
        await frame.cleanup();
      } catch (error) {
        const text = `The clean-up failed: ${error instanceof Error ? error.message : String(error)}`;
        log(text);
        notes.push(text);
      }
    }
  }
}
