// What the Regions section's Copy asks for, decided without VS Code: the statement is looked up by
// its finding's and its own place in the run the tab loaded (a webview is not trusted with text).
import { regionStatement } from '../../core/results/serverRegionsRows';
import type { ResultsDocument } from '../../protocol/benchmarkResults';

export function regionStatementToCopy(
  document: ResultsDocument | undefined,
  payload: { finding?: unknown; statement?: unknown } | undefined,
): string | undefined {
  if (document?.kind !== 'run') return undefined;
  return regionStatement(document.run.server?.regions, payload?.finding, payload?.statement);
}
