// EXPLAIN FORMAT='dot': a graphviz digraph with one cluster per task ("root", "cop")
// and edges parent -> child.
import type { PlanNode } from './planModel';
import { buildPlanNode } from './planNodeBuilder';

const EDGE = /"([^"]+)"\s*->\s*"([^"]+)"/;
const LONE_NODE = /^\s*"([^"]+)"\s*(?:\[[^\]]*\])?\s*;?\s*$/;
const LABEL = /^\s*label\s*=\s*"([^"]*)"/;
const DIGRAPH = /\bdigraph\s+"?([\w#]+)"?\s*\{/;

export function looksLikeDot(text: string): boolean {
  // The regex alone: it looks for its literal `digraph` faster than includes() does.
  return DIGRAPH.test(text);
}

export function readDotPlan(text: string, warnings: string[]): PlanNode[] {
  const order: string[] = [];
  const taskOf = new Map<string, string>();
  const children = new Map<string, string[]>();
  // The children of each parent as a set too: a list's includes() made one parent of 100,000 children quadratic.
  const childSets = new Map<string, Set<string>>();
  const hasParent = new Set<string>();
  const clusterLabels: (string | null)[] = [];
  const clusterMembers: string[][] = [];
  const see = (id: string) => {
    if (!children.has(id)) {
      children.set(id, []);
      order.push(id);
    }
    const members = clusterMembers[clusterMembers.length - 1];
    if (members !== undefined) members.push(id);
  };
  const rootName = DIGRAPH.exec(text)?.[1] ?? null;
  const body = text.slice(text.search(DIGRAPH));
  for (const line of body.split('\n')) {
    if (/^\s*subgraph\b/.test(line)) {
      clusterLabels.push(null);
      clusterMembers.push([]);
      continue;
    }
    const label = LABEL.exec(line);
    if (label !== null && clusterLabels.length > 0) {
      clusterLabels[clusterLabels.length - 1] = label[1];
      continue;
    }
    const edge = EDGE.exec(line);
    if (edge !== null) {
      see(edge[1]);
      see(edge[2]);
      let seen = childSets.get(edge[1]);
      if (seen === undefined) childSets.set(edge[1], (seen = new Set()));
      if (!seen.has(edge[2]) && edge[1] !== edge[2]) {
        seen.add(edge[2]);
        (children.get(edge[1]) as string[]).push(edge[2]);
      }
      hasParent.add(edge[2]);
      continue;
    }
    const lone = LONE_NODE.exec(line);
    if (lone !== null) {
      see(lone[1]);
      continue;
    }
    if (/^\s*\}/.test(line) && clusterLabels.length > 0) {
      const task = clusterLabels.pop() ?? null;
      const members = clusterMembers.pop() ?? [];
      if (task !== null) for (const id of members) if (!taskOf.has(id)) taskOf.set(id, task);
    }
  }
  if (order.length === 0) {
    warnings.push('The dot graph has no operators.');
    return [];
  }
  if ([...taskOf.values()].some((task) => task === 'cop')) {
    warnings.push("FORMAT='dot' labels cop tasks without their engine; TiKV was assumed.");
  }
  const rootIds = order.filter((id) => !hasParent.has(id));
  if (rootName !== null && rootIds.includes(rootName)) rootIds.sort((a, b) => (a === rootName ? -1 : b === rootName ? 1 : 0));
  if (rootIds.length === 0) {
    warnings.push('The dot graph has no root (its edges form a cycle); its first operator was used.');
    rootIds.push(order[0]);
  }
  const built = new Set<string>();
  const make = (id: string) => buildPlanNode({ idCell: id, columns: ['task'], values: [taskOf.get(id) ?? ''], raw: id }, warnings);
  const roots: PlanNode[] = [];
  const stack: { id: string; siblings: PlanNode[] }[] = rootIds.map((id) => ({ id, siblings: roots })).reverse();
  while (stack.length > 0) {
    const { id, siblings } = stack.pop() as { id: string; siblings: PlanNode[] };
    if (built.has(id)) continue;
    built.add(id);
    const node = make(id);
    siblings.push(node);
    const kids = children.get(id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ id: kids[i], siblings: node.children });
  }
  return roots;
}
