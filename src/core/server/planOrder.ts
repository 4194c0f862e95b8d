// The order of a statement's plans: the first seen first (TiDB's FIRST_SEEN), so the list reads as
// the statement's history and does not reshuffle when another plan overtakes in executions between
// refreshes. Plans without a first-seen time come last, by digest. "Compare Plans" opens the first
// seen and the last seen to appear: before and after the plan changed.

export interface OrderedPlan {
  planDigest: string;
  /** "YYYY-MM-DD HH:MM:SS" (server time) or null when the source does not say */
  firstSeen: string | null;
}

export function inFirstSeenOrder<T extends OrderedPlan>(plans: readonly T[]): T[] {
  return [...plans].sort(
    (a, b) =>
      (a.firstSeen === null ? 1 : 0) - (b.firstSeen === null ? 1 : 0) ||
      (a.firstSeen ?? '').localeCompare(b.firstSeen ?? '') ||
      a.planDigest.localeCompare(b.planDigest),
  );
}

export interface PlanPair<T extends OrderedPlan> {
  /** the plan first seen earliest: the one before the change */
  before: T;
  /** the plan first seen latest: the one after it */
  after: T;
  /** both first-seen times are known, so before and after are the server's order, not the digests' */
  byFirstSeen: boolean;
}

/** The two plans to compare: the oldest and the newest, or, of the ones picked, the older first; null for fewer than two. */
export function planPair<T extends OrderedPlan>(plans: readonly T[]): PlanPair<T> | null {
  const ordered = inFirstSeenOrder(plans);
  if (ordered.length < 2) return null;
  const before = ordered[0];
  const after = ordered[ordered.length - 1];
  return { before, after, byFirstSeen: before.firstSeen !== null && after.firstSeen !== null && before.firstSeen !== after.firstSeen };
}
