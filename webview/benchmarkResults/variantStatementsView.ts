// The experiment's variants compared statement by statement, from the server statistics its cells
// carry (core/results/variantStatements.ts): one line per finding, in the words the CLI and the
// Markdown export use. Nothing is shown when no cell has server statistics (older results, imports,
// bulk loads) or the variants ran the same statements the same way.
import type { ExperimentResult } from '../../src/core/results/benchmarkResult';
import {
  compareVariantStatements,
  variantStatementSentences,
  type VariantStatementComparison,
} from '../../src/core/results/variantStatements';
import { element } from '../shared/dom';
import type { ViewContext } from './viewContext';
import { card } from './viewParts';

type FindingKind = 'engine' | 'plan' | 'only' | 'plan-during-run';

/** The kind of each sentence, in the order variantStatementSentences writes them. */
function sentenceKinds(comparison: VariantStatementComparison): FindingKind[] {
  return [
    ...comparison.engineChanges.map((): FindingKind => 'engine'),
    ...comparison.planDifferences.map((): FindingKind => 'plan'),
    ...comparison.onlyInOneVariant.map((): FindingKind => 'only'),
    ...comparison.planChanges.map((): FindingKind => 'plan-during-run'),
  ];
}

export function variantStatementsCard(context: ViewContext, experiment: ExperimentResult): HTMLElement | null {
  const comparison = compareVariantStatements(experiment);
  const sentences = variantStatementSentences(comparison);
  if (sentences.length === 0) return null;
  const kinds = sentenceKinds(comparison);
  const s = context.strings;
  return card(
    s.statementsByVariant,
    element('p', { className: 'muted' }, s.statementsByVariantNote),
    element(
      'ul',
      { className: 'variant-statements', attributes: { 'data-section': 'statements-by-variant' } },
      ...sentences.map((sentence, index) => element('li', { attributes: { 'data-kind': kinds[index] } }, sentence)),
    ),
  );
}
