// Experiment definitions as text in an editor: which documents are experiments, reading one with
// the engine's parser, and where in the text a validation message points. Pure (no vscode).
import { OptionError } from '../../core/bench/benchOptions';
import { resolveBenchmarkConfig } from '../../core/bench/benchmarkConfig';
import {
  ExperimentDefinitionError,
  parseExperimentDefinition,
  type ExperimentDefinition,
  type OptionValue,
  type SysbenchExperimentDefinition,
} from '../../core/bench/experiments/experimentDefinition';
import { findJsonSyntaxError } from '../../core/bench/experiments/jsonSyntaxError';

/** A problem of the document; `offset` where the text itself says where (a JSON syntax error). */
export interface DefinitionProblem {
  message: string;
  offset?: number;
}

export type ParsedDefinition =
  { ok: true; definition: ExperimentDefinition } | { ok: false; message: string; problems: DefinitionProblem[] };

/** Options are checked against a stand-in connection: the real one is given when the experiment runs. */
const CHECK_CONNECTION = { host: 'localhost', port: 4000, user: 'check', password: '', database: 'check' };

const JSON_LANGUAGES = ['json', 'jsonc'];

/** An experiment file by name (*.experiment.json), or JSON whose start looks like a definition. */
export function looksLikeExperimentText(languageId: string, fileName: string, head: string): boolean {
  if (!JSON_LANGUAGES.includes(languageId)) return false;
  if (/\.(tidb-)?experiment\.json$/i.test(fileName)) return true;
  return (
    /"kind"\s*:\s*"(sysbench|bulk-load|tpcc)"/.test(head) ||
    (/"workloads"\s*:/.test(head) && /"threads"\s*:/.test(head)) ||
    /"rowsPerInsert"\s*:/.test(head)
  );
}

export function parseDocumentDefinition(text: string): ParsedDefinition {
  const syntax = findJsonSyntaxError(text);
  if (syntax)
    return failed([
      { message: `Not valid JSON at line ${syntax.line}, column ${syntax.column}: ${syntax.message}.`, offset: syntax.offset },
    ]);
  let definition: ExperimentDefinition;
  try {
    definition = parseExperimentDefinition(text);
  } catch (error) {
    if (error instanceof ExperimentDefinitionError || error instanceof OptionError) return failed([{ message: error.message }]);
    return failed([{ message: error instanceof Error ? error.message : String(error) }]);
  }
  const problems = definition.kind === 'sysbench' ? optionProblems(definition) : [];
  return problems.length > 0 ? failed(problems) : { ok: true, definition };
}

function failed(problems: DefinitionProblem[]): ParsedDefinition {
  return { ok: false, message: problems.map((problem) => problem.message).join(' '), problems };
}

/**
 * The option values the engine would refuse when the experiment runs (a negative time, a rand type
 * it does not know), found now: each workload's options with each combination of its params, once.
 */
export function optionProblems(definition: SysbenchExperimentDefinition): DefinitionProblem[] {
  const problems = new Map<string, DefinitionProblem>();
  for (const workload of definition.workloads) {
    const params = { ...definition.params, ...(workload.params ?? {}) };
    for (const combination of paramCombinations(params)) {
      const options = {
        ...definition.options,
        ...(workload.options ?? {}),
        ...combination,
        threads: definition.threads[0] ?? 1,
        table_size: definition.tableSizes[0] ?? 1,
      };
      try {
        resolveBenchmarkConfig({ workload: workload.name, connection: CHECK_CONNECTION, options });
      } catch (error) {
        if (!(error instanceof OptionError)) throw error;
        const key = optionKeyOf(error.message, options);
        const message = key ? `"options.${key}": ${error.message}` : error.message;
        if (!problems.has(message)) problems.set(message, { message });
      }
      if (problems.size >= 20) break;
    }
  }
  return [...problems.values()];
}

/**
 * The option an engine message is about, as the definition spells it: the one it names
 * ("--point-selects", "--time"), else the one whose value it quotes ("distribution: bogus").
 */
function optionKeyOf(message: string, options: Record<string, OptionValue>): string | undefined {
  const keys = Object.keys(options);
  const named = /--([\w-]+)/.exec(message)?.[1];
  const normal = (name: string) => name.replace(/-/g, '_').toLowerCase();
  if (named) return keys.find((key) => normal(key) === normal(named));
  return keys.find(
    (key) =>
      typeof options[key] === 'string' &&
      options[key] !== '' &&
      new RegExp(`(^|[\\s:'"])${escapeRegExp(String(options[key]))}($|[\\s.,;)'"])`).test(message),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every combination of the params' values; at most 200 (enough to find the values that are wrong). */
function paramCombinations(params: Record<string, OptionValue[]>): Record<string, OptionValue>[] {
  let result: Record<string, OptionValue>[] = [{}];
  for (const [name, values] of Object.entries(params)) {
    result = result.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value }))).slice(0, 200);
  }
  return result;
}

/** The JSON key a validation message is about ('"workloads[2].name": ...' -> "name"), to underline it. */
export function problemKey(message: string): string | undefined {
  const field = /"([^"]+)"/.exec(message)?.[1];
  const key = field
    ?.split('.')
    .pop()
    ?.replace(/\[\d+\]$/, '');
  return key && /^[A-Za-z_][\w-]*$/.test(key) ? key : undefined;
}
