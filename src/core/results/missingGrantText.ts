// The sentence for a run whose server evidence the account may not read (benchmarkResult.ts
// MissingGrant): the CLI, the Markdown export and the Statements view show it; the result tab says
// the same words, localized.
import type { MissingGrant } from './benchmarkResult';

export function missingGrantText(missing: MissingGrant): string {
  return `Not read: ${missing.account} has no ${missing.privilege} (${missing.grant}).`;
}
