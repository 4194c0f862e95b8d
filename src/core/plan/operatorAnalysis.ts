// What the analysis says of one operator: its time, its share of the statement's time and how far
// the optimizer's row estimate was off. Read by the findings and the views.
export type EstimateDirection = 'under' | 'over' | 'exact';

export interface EstimateError {
  /** max(act, est) / min(act, est), both counted as at least 1 row. */
  factor: number;
  /** `under`: more rows came than the optimizer expected. */
  direction: EstimateDirection;
}

export type OperatorTimeKind = 'wall-clock' | 'task-time';

export interface OperatorAnalysis {
  index: number;
  id: string;
  timeMs: number | null;
  timeKind: OperatorTimeKind | null;
  /** timeMs as a share (0..1) of the statement's time. */
  timeShare: number | null;
  /** Root operators: own time minus the time of their root-task children (never below 0). */
  selfTimeMs: number | null;
  selfTimeShare: number | null;
  /** null when the operator has no runtime statistics (see runtimeStatsMissing) */
  estimateError: EstimateError | null;
  /** EXPLAIN ANALYZE collected nothing for this operator (`loops:0`, no rows): it did not run */
  runtimeStatsMissing: boolean;
}
