// Values that repeat on every operator of a plan (`TableFullScan`, `cop[tikv]`, `root`) are kept
// once: a plan of a million rows held a million copies of each, sliced or copied out of the text.

/** The engine's own copy of a string: flat, hashed, and holding no reference into the text it was cut from. */
export function engineCopy(text: string): string {
  return Object.keys({ [text]: true })[0];
}

/** Distinct values remembered before the pool starts over (a hostile plan has a new one on every row). */
const MAX_SHARED = 4096;

const shared = new Map<string, string>();

/** One copy of `text` for every operator that has it; the copy keeps no plan text alive. */
export function sharedString(text: string): string {
  const known = shared.get(text);
  if (known !== undefined) return known;
  if (shared.size >= MAX_SHARED) shared.clear();
  const copy = engineCopy(text);
  shared.set(copy, copy);
  return copy;
}
