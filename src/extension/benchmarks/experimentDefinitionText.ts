// Experiment definitions as text in an editor: which documents are experiments, reading one with
// the engine's parser, and where in the text a validation message points. Pure (no vscode).
import { OptionError } from '../../core/bench/benchOptions';
import { ExperimentDefinitionError, parseExperimentDefinition, type ExperimentDefinition } from '../../core/bench/experimentDefinition';

export type ParsedDefinition = { ok: true; definition: ExperimentDefinition } | { ok: false; message: string };

const JSON_LANGUAGES = ['json', 'jsonc'];

/** An experiment file by name (*.experiment.json), or JSON whose start looks like a definition. */
export function looksLikeExperimentText(languageId: string, fileName: string, head: string): boolean {
  if (!JSON_LANGUAGES.includes(languageId)) return false;
  if (/\.(tidb-)?experiment\.json$/i.test(fileName)) return true;
  return /"kind"\s*:\s*"(sysbench|bulk-load)"/.test(head) || (/"workloads"\s*:/.test(head) && /"threads"\s*:/.test(head)) || /"rowsPerInsert"\s*:/.test(head);
}

export function parseDocumentDefinition(text: string): ParsedDefinition {
  try {
    return { ok: true, definition: parseExperimentDefinition(text) };
  } catch (error) {
    if (error instanceof ExperimentDefinitionError || error instanceof OptionError) return { ok: false, message: error.message };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The JSON key a validation message is about ('"workloads[2].name": ...' -> "name"), to underline it. */
export function problemKey(message: string): string | undefined {
  const field = /"([^"]+)"/.exec(message)?.[1];
  const key = field?.split('.').pop()?.replace(/\[\d+\]$/, '');
  return key && /^[A-Za-z_][\w-]*$/.test(key) ? key : undefined;
}
