// An experiment's variants compared statement by statement, from each cell's server.activity: where
// the same statement (same digest) ran on other engines in one variant than in the first variant
// of the same workload, and which statements changed plan during a cell. Sentences for the CLI,
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

export interface VariantStatementComparison {
  engineChanges: EngineChange[];
  planChanges: PlanChangeNote[];
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

function enginesText(engines: readonly string[]): string {
  return engines.length === 0 ? 'no engine named' : engines.join(' + ');
}

export function compareVariantStatements(result: ExperimentResult): VariantStatementComparison {
  const engineChanges: EngineChange[] = [];
  const planChanges: PlanChangeNote[] = [];
  // workload -> variant -> digest -> statement (the first cell of the variant that ran it)
  const byWorkload = new Map<string, Map<string, Map<string, ServerStatement>>>();
  for (const cell of result.cells) {
    const statements = cell.run.server?.activity?.statements ?? [];
    let variants = byWorkload.get(cell.workload);
    if (!variants) byWorkload.set(cell.workload, (variants = new Map()));
    let digests = variants.get(cell.variant);
    if (!digests) variants.set(cell.variant, (digests = new Map()));
    for (const statement of statements) {
      if (!digests.has(statement.digest)) digests.set(statement.digest, statement);
      if (statement.planChanged) {
        planChanges.push({
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
    const order = result.variants.filter((variant) => variants.has(variant));
    const baseline = order[0];
    if (baseline === undefined) continue;
    const base = variants.get(baseline) ?? new Map<string, ServerStatement>();
    for (const variant of order.slice(1)) {
      const groups = new Map<string, EngineChange>();
      for (const [digest, statement] of variants.get(variant) ?? new Map<string, ServerStatement>()) {
        const before = base.get(digest);
        if (!before || before.engines.length === 0 || statement.engines.length === 0) continue;
        if (enginesText(before.engines) === enginesText(statement.engines)) continue;
        const label = statementKindLabel(statement.text);
        const key = [label, enginesText(statement.engines), enginesText(before.engines)].join('\u0000');
        let group = groups.get(key);
        if (!group)
          groups.set(
            key,
            (group = { workload, variant, baseline, label, statements: [], engines: statement.engines, baselineEngines: before.engines }),
          );
        group.statements.push({ digest, text: statement.text });
      }
      engineChanges.push(...groups.values());
    }
  }
  return { engineChanges, planChanges };
}

/** One sentence per change, for people. */
export function variantStatementSentences(comparison: VariantStatementComparison): string[] {
  const sentences = comparison.engineChanges.map((change) => {
    const count =
      change.statements.length === 1 ? `"${change.statements[0].text}"` : `the ${change.label} (${change.statements.length} statements)`;
    return `${change.workload}: in '${change.variant}', ${count} ran on ${enginesText(change.engines)}, not ${enginesText(change.baselineEngines)} as in '${change.baseline}'.`;
  });
  for (const note of comparison.planChanges) {
    sentences.push(
      `${note.workload}, '${note.variant}', ${note.threads} threads: "${note.text}" changed plan during the run (${note.planDigests} plan digests).`,
    );
  }
  return sentences;
}
