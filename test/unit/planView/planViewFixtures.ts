// Plans for the plan view tests: real plan fixtures read and built the way the extension builds them.
import type { PlanViewPlan, PlanViewSource } from '../../../src/protocol/planView';
import { buildPlan, type BuiltPlan } from '../../../src/extension/plans/planDocument';
import { readRealPlan } from '../plan/planFixtures';

export function builtFixture(name: string): BuiltPlan {
  return buildPlan({ origin: { title: name }, input: { kind: 'text', text: readRealPlan(name) } });
}

export function fixtureView(name: string): PlanViewPlan {
  return builtFixture(name).view;
}

export function textSource(name: string): PlanViewSource {
  return { kind: 'plan', plan: { origin: { title: name }, input: { kind: 'text', text: readRealPlan(name) } } };
}

export function ids(plan: PlanViewPlan, indices: readonly number[]): string[] {
  return indices.map((index) => plan.nodes[index].id);
}
