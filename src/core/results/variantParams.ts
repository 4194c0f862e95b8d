// The params of an experiment's cells that only restate their variant. A bulk-load cell records its
// key order and table layout in its params (key_order=ordered) and is of the variant named after
// them ("ordered"): such a param is the same in every cell of a variant and differs between
// variants. Matrix dimensions (point_selects, rows_per_insert) run through every variant instead.
// A comparison of variants pairs cells without these params, and names leave them out.

export interface VariantAndParams {
  variant: string;
  params?: Record<string, string | number | boolean>;
}

export function variantDefinedParams(cells: readonly VariantAndParams[]): Set<string> {
  const keys = new Set(cells.flatMap((cell) => Object.keys(cell.params ?? {})));
  const defined = new Set<string>();
  for (const key of keys) {
    const byVariant = new Map<string, string>();
    let constantWithinVariants = true;
    for (const cell of cells) {
      const value = JSON.stringify(cell.params?.[key] ?? null);
      const seen = byVariant.get(cell.variant);
      if (seen !== undefined && seen !== value) {
        constantWithinVariants = false;
        break;
      }
      byVariant.set(cell.variant, value);
    }
    if (constantWithinVariants && new Set(byVariant.values()).size > 1) defined.add(key);
  }
  return defined;
}

/** The params without those in `defined`; undefined when none are left. */
export function withoutParams<T extends string | number | boolean>(
  params: Record<string, T> | undefined,
  defined: ReadonlySet<string>,
): Record<string, T> | undefined {
  if (params === undefined) return undefined;
  const left = Object.entries(params).filter(([key]) => !defined.has(key));
  return left.length === 0 ? undefined : Object.fromEntries(left);
}
