// What a table control command returns, one entry per table or database: for tests and scripts,
// and the source of the notifications that say what happened.
import type { TiDBErrorRemedy } from '../../core/tidb/tidbErrorMapping';

export type TargetStatus =
  /** the statement ran */
  | 'done'
  /** nothing to do (already cached, not cached, same replica count) */
  | 'unchanged'
  /** a pre-check said why it would fail; nothing was sent */
  | 'refused'
  /** the server refused or the connection failed */
  | 'failed'
  /** the user cancelled */
  | 'cancelled';

export interface TargetOutcome {
  /** "schema.table", or the database name */
  target: string;
  status: TargetStatus;
  statement?: string;
  /** the plain sentence shown to the user */
  message?: string;
  remedy?: TiDBErrorRemedy;
}

export interface TableControlResult {
  outcomes: TargetOutcome[];
}

export function outcomesWith(outcomes: readonly TargetOutcome[], status: TargetStatus): TargetOutcome[] {
  return outcomes.filter((outcome) => outcome.status === status);
}
