// The plan core's public surface: parse, analyse, summarise, compare, serialise.
export type {
  ExecutionInfo,
  ExecutionInfoValue,
  ParsedPlan,
  PlanColumnLayout,
  PlanEngine,
  PlanFormat,
  PlanNode,
  PlanRole,
  PlanTaskKind,
} from './planModel';
export { parsePlanText } from './planTextParser';
export { parsePlanRows, type PlanColumnInput } from './planRowsParser';
export { parseExecutionInfo } from './executionInfo';
export { analyzePlan, COP_TIME_NOTE, estimateError, type EstimateError, type OperatorAnalysis, type PlanAnalysis } from './planAnalysis';
export type { FindingCode, FindingSeverity, PlanFinding } from './planFindings';
export { summarizePlan } from './planSummary';
export { comparePlans, type MatchedOperator, type OperatorRef, type PlanComparison } from './planComparison';
export { MAX_NESTED_JSON_DEPTH, planToJson, type PlanJson, type PlanJsonNode, type PlanJsonOperator } from './planJson';
export { renderPlanReport } from './planReport';
export { walkPlan, planNodes } from './planWalk';
export { formatBytes, formatCount, formatDurationMs, parseByteSize, parseDurationMs } from './planUnits';
