import type { ParsedPlan, PlanColumnLayout, PlanFormat, PlanNode } from './planModel';
import { linkPlanRoots } from './planRootLinks';
import { numberPlanNodes, walkPlan } from './planWalk';

export function emptyPlan(warnings: string[], format: PlanFormat = 'unknown'): ParsedPlan {
  return { format, layout: 'unknown', hasRuntimeStats: false, roots: [], warnings };
}

/** Numbers the operators, links CTE / subquery roots, adds the plan-wide warnings. */
export function finishParsedPlan(format: PlanFormat, layout: PlanColumnLayout, roots: PlanNode[], warnings: string[]): ParsedPlan {
  numberPlanNodes(roots);
  linkPlanRoots(roots);
  let truncated = 0;
  let runtime = false;
  walkPlan(roots, (node) => {
    if (node.truncated) truncated++;
    if (node.actRows !== null || node.executionInfo !== null) runtime = true;
  });
  if (truncated > 0) {
    warnings.push(
      `${truncated} operator row${truncated === 1 ? ' was' : 's were'} cut off with '...' in the text; ` +
        'the values in them are incomplete.',
    );
  }
  if (roots.length === 0 && !warnings.some((warning) => /no plan|empty/i.test(warning))) {
    warnings.push('No plan operators were found in the text.');
  }
  return { format, layout, hasRuntimeStats: runtime, roots, warnings: limitWarnings(warnings) };
}

/** Warnings a plan lists one by one; a pathological paste (a warning per row) gets the rest counted. */
export const MAX_PLAN_WARNINGS = 50;

function limitWarnings(warnings: string[]): string[] {
  if (warnings.length <= MAX_PLAN_WARNINGS) return warnings;
  const more = warnings.length - (MAX_PLAN_WARNINGS - 1);
  return [...warnings.slice(0, MAX_PLAN_WARNINGS - 1), `… and ${more.toLocaleString('en-US')} more warnings.`];
}
