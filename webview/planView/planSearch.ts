// Search in a plan: operators whose id, access object or operator info contain the query
// (case-insensitive), shown with the operators above them so the tree still reads.
import type { PlanViewNode } from '../../src/protocol/planView';

export interface PlanSearchResult {
  query: string;
  /** the operators that match, in plan order */
  matches: number[];
  /** the matches and every operator above one, in plan order */
  rows: number[];
}

export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

export function nodeMatches(node: PlanViewNode, normalizedQuery: string): boolean {
  if (normalizedQuery === '') return false;
  return searchableFields(node).some((field) => field.toLowerCase().includes(normalizedQuery));
}

export function searchableFields(node: PlanViewNode): string[] {
  const fields = [node.id];
  if (node.role !== null) fields.push(node.role);
  if (node.accessObject !== null) fields.push(node.accessObject);
  if (node.operatorInfo !== null) fields.push(node.operatorInfo);
  return fields;
}

export function searchPlan(nodes: readonly PlanViewNode[], query: string): PlanSearchResult {
  const normalized = normalizeQuery(query);
  const matches: number[] = [];
  const shown = new Uint8Array(nodes.length);
  for (const node of nodes) {
    if (!nodeMatches(node, normalized)) continue;
    matches.push(node.index);
    let current: number | null = node.index;
    while (current !== null && shown[current] === 0) {
      shown[current] = 1;
      current = nodes[current].parent;
    }
  }
  const rows: number[] = [];
  for (let i = 0; i < shown.length; i++) if (shown[i] === 1) rows.push(i);
  return { query, matches, rows };
}

export interface TextSegment {
  text: string;
  match: boolean;
}

/** Splits text around every case-insensitive occurrence of the query, for <mark> elements. */
export function highlightSegments(text: string, query: string): TextSegment[] {
  const needle = normalizeQuery(query);
  if (needle === '' || text === '') return text === '' ? [] : [{ text, match: false }];
  const haystack = text.toLowerCase();
  // A few characters change length when lower-cased; offsets would then point elsewhere.
  if (haystack.length !== text.length) return [{ text, match: haystack.includes(needle) }];
  const segments: TextSegment[] = [];
  let position = 0;
  for (let found = haystack.indexOf(needle); found !== -1; found = haystack.indexOf(needle, found + needle.length)) {
    if (found > position) segments.push({ text: text.slice(position, found), match: false });
    segments.push({ text: text.slice(found, found + needle.length), match: true });
    position = found + needle.length;
  }
  if (position < text.length) segments.push({ text: text.slice(position), match: false });
  return segments;
}
