// An experiment's variants compared statement by statement, from each cell's server.activity: where
// the same statement (same digest) ran on other engines in one variant than in the first variant
// of the same workload (matched by digest, else by normalized text), ran with another plan on the
// same engines, or ran in one of the two only; and which statements changed plan during a cell. Sentences for the CLI,
// the Markdown export and the results view ("In 'TiFlash replica', the range SELECTs ran on TiDB +
// TiFlash (batchCop), not TiDB + TiKV as in 'no replica'").
import type { ExperimentResult, ServerStatement } from './benchmarkResult';

export interface EngineChange {
  workload: string;
  variant: string;
  /** the variant compared with: the experiment's first variant that ran this workload */
  baseline: string;
  /** e.g. "range SELECTs" */
  label: string;
  statements: Array<{ digest: string; text: string }>;
  engines: string[];
  baselineEngines: string[];
}

export interface PlanChangeNote {
  workload: string;
  variant: string;
  threads: number;
  digest: string;
  text: string;
  planDigests: number;
}

/** The same statement ran with other plans in a variant than in the baseline, on the same engines. */
export interface PlanDifference {
  workload: string;
  variant: string;
  baseline: string;
  label: string;
  statements: Array<{ digest: string; text: string }>;
  engines: string[];
}

/** Statements one variant sent and the other did not (neither the digest nor the normalized text matched). */
export interface OnlyInOneVariant {
  workload: string;
  /** the variant that ran them */
  variant: string;
  /** the variant that did not */
  other: string;
  label: string;
  statements: Array<{ digest: string; text: string }>;
}

export interface VariantStatementComparison {
  engineChanges: EngineChange[];
  planChanges: PlanChangeNote[];
  planDifferences: PlanDifference[];
  onlyInOneVariant: OnlyInOneVariant[];
}

/** What kind of statement a normalized text is, in the words of the studies ("range SELECTs"). */
export function statementKindLabel(text: string): string {
  const lower = text.trim().toLowerCase();
  if (/^select\b/.test(lower)) {
    if (/\bbetween\b/.test(lower)) return 'range SELECTs';
    if (/\bwhere\s+`?\w+`?\s*=\s*\?/.test(lower)) return 'point SELECTs';
    return 'SELECTs';
  }
  const verb = /^(insert|update|delete|replace)\b/.exec(lower)?.[1];
  return verb ? `${verb.toUpperCase()}s` : 'other statements';
}

/**
 * A statement's text as two servers (or two versions) may both write it: backticks, case, spacing
 * and a closing semicolon aside; used to match statements whose digests differ.
 */
export function normalizedStatementText(text: string): string {
  return text
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),=<>])\s*/g, '$1')
    .replace(/;\s*$/, '')
    .trim()
    .toLowerCase();
}

function enginesText(engines: readonly string[]): string {
  return engines.length === 0 ? 'no engine named' : engines.join(' + ');
}

/** A variant's statements of one workload: the first cell's entry of each, by digest and by normalized text. */
class VariantStatements {
  readonly byDigest = new Map<string, ServerStatement>();
  private readonly byText = new Map<string, ServerStatement>();

  add(statement: ServerStatement): void {
    if (!this.byDigest.has(statement.digest)) this.byDigest.set(statement.digest, statement);
    const text = normalizedStatementText(statement.text);
    if (!this.byText.has(text)) this.byText.set(text, statement);
  }

  /** The same statement here: by digest, else by normalized text. */
  match(statement: ServerStatement): ServerStatement | undefined {
    return this.byDigest.get(statement.digest) ?? this.byText.get(normalizedStatementText(statement.text));
  }

  get size(): number {
    return this.byDigest.size;
  }
}

type Grouped<T> = Map<string, T & { statements: Array<{ digest: string; text: string }> }>;

function addTo<T extends object>(groups: Grouped<T>, key: string, make: () => T, statement: ServerStatement): void {
  let group = groups.get(key);
  if (!group) groups.set(key, (group = { ...make(), statements: [] }));
  group.statements.push({ digest: statement.digest, text: statement.text });
}

export function compareVariantStatements(result: ExperimentResult): VariantStatementComparison {
  const comparison: VariantStatementComparison = { engineChanges: [], planChanges: [], planDifferences: [], onlyInOneVariant: [] };
  // workload -> variant -> its statements (the first cell of the variant that ran each)
  const byWorkload = new Map<string, Map<string, VariantStatements>>();
  for (const cell of result.cells) {
    const statements = cell.run.server?.activity?.statements ?? [];
    let variants = byWorkload.get(cell.workload);
    if (!variants) byWorkload.set(cell.workload, (variants = new Map()));
    let known = variants.get(cell.variant);
    if (!known) variants.set(cell.variant, (known = new VariantStatements()));
    for (const statement of statements) {
      known.add(statement);
      if (statement.planChanged) {
        comparison.planChanges.push({
          workload: cell.workload,
          variant: cell.variant,
          threads: cell.threads,
          digest: statement.digest,
          text: statement.text,
          planDigests: statement.planDigests.length,
        });
      }
    }
  }
  for (const [workload, variants] of byWorkload) {
    // only variants whose cells carry server statements are compared: no statistics is not "no statements"
    const order = result.variants.filter((variant) => (variants.get(variant)?.size ?? 0) > 0);
    const baseline = order[0];
    if (baseline === undefined) continue;
    const base = variants.get(baseline) ?? new VariantStatements();
    for (const variant of order.slice(1)) {
      const current = variants.get(variant) ?? new VariantStatements();
      const engineGroups: Grouped<Omit<EngineChange, 'statements'>> = new Map();
      const planGroups: Grouped<Omit<PlanDifference, 'statements'>> = new Map();
      const onlyGroups: Grouped<Omit<OnlyInOneVariant, 'statements'>> = new Map();
      for (const statement of current.byDigest.values()) {
        const before = base.match(statement);
        const label = statementKindLabel(statement.text);
        if (!before) {
          addTo(onlyGroups, `${variant}\u0000${label}`, () => ({ workload, variant, other: baseline, label }), statement);
          continue;
        }
        if (before.engines.length > 0 && statement.engines.length > 0 && enginesText(before.engines) !== enginesText(statement.engines)) {
          const key = [label, enginesText(statement.engines), enginesText(before.engines)].join('\u0000');
          addTo(
            engineGroups,
            key,
            () => ({ workload, variant, baseline, label, engines: statement.engines, baselineEngines: before.engines }),
            statement,
          );
          continue;
        }
        const samePlan = statement.planDigests.some((digest) => before.planDigests.includes(digest));
        if (statement.planDigests.length > 0 && before.planDigests.length > 0 && !samePlan) {
          addTo(
            planGroups,
            [label, enginesText(statement.engines)].join('\u0000'),
            () => ({ workload, variant, baseline, label, engines: statement.engines }),
            statement,
          );
        }
      }
      for (const statement of base.byDigest.values()) {
        if (current.match(statement)) continue;
        const label = statementKindLabel(statement.text);
        addTo(onlyGroups, `${baseline}\u0000${label}`, () => ({ workload, variant: baseline, other: variant, label }), statement);
      }
      comparison.engineChanges.push(...engineGroups.values());
      comparison.planDifferences.push(...planGroups.values());
      comparison.onlyInOneVariant.push(...onlyGroups.values());
    }
  }
  return comparison;
}

function statementsText(statements: ReadonlyArray<{ text: string }>, label: string): string {
  return statements.length === 1 ? `"${statements[0].text}"` : `the ${label} (${statements.length} statements)`;
}

/** One sentence per change, for people. */
export function variantStatementSentences(comparison: VariantStatementComparison): string[] {
  const sentences = comparison.engineChanges.map(
    (change) =>
      `${change.workload}: in '${change.variant}', ${statementsText(change.statements, change.label)} ran on ${enginesText(change.engines)}, not ${enginesText(change.baselineEngines)} as in '${change.baseline}'.`,
  );
  for (const difference of comparison.planDifferences) {
    sentences.push(
      `${difference.workload}: in '${difference.variant}', ${statementsText(difference.statements, difference.label)} ran with another plan than in '${difference.baseline}' (plan changed; both on ${enginesText(difference.engines)}).`,
    );
  }
  for (const only of comparison.onlyInOneVariant) {
    sentences.push(
      `${only.workload}: ${statementsText(only.statements, only.label)} ran only in '${only.variant}', not in '${only.other}'.`,
    );
  }
  for (const note of comparison.planChanges) {
    sentences.push(
      `${note.workload}, '${note.variant}', ${note.threads} threads: "${note.text}" changed plan during the run (${note.planDigests} plan digests).`,
    );
  }
  return sentences;
}
