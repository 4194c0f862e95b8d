// What each statement's CodeLenses say. Two statements on one line would get two identical rows of
// Run | Explain | Explain Analyze: there each title names the start of the statement it runs
// ("Run: SELECT 1…"). No vscode here: targets and line numbers in, texts out.
import type { ExplainTarget } from './explainStatements';

/** how much of a statement a shared line's CodeLens shows */
export const LENS_STATEMENT_CHARS = 24;

export interface LensLabel {
  /** the statement's start, when another statement's CodeLenses share its line; undefined otherwise */
  statement: string | undefined;
}

/** For each target (in order), the statement its CodeLenses name: only where a line holds more than one. */
export function lensLabels(targets: readonly ExplainTarget[], lineOf: (offset: number) => number): LensLabel[] {
  const lines = targets.map((target) => lineOf(target.codeStart));
  const perLine = new Map<number, number>();
  for (const line of lines) perLine.set(line, (perLine.get(line) ?? 0) + 1);
  return targets.map((target, index) => ({
    statement: (perLine.get(lines[index]) ?? 0) > 1 ? statementStart(target.text) : undefined,
  }));
}

/** The statement's first line, blanks folded, cut at LENS_STATEMENT_CHARS with an ellipsis. */
export function statementStart(text: string): string {
  const firstLine = text.split('\n', 1)[0].replace(/\s+/g, ' ').trim();
  const cut = text.length > firstLine.length || firstLine.length > LENS_STATEMENT_CHARS;
  return cut ? `${firstLine.slice(0, LENS_STATEMENT_CHARS).trimEnd()}…` : firstLine;
}

/** A lens title: "Run", or "Run: SELECT 1" on a shared line. */
export function lensTitle(verb: string, label: LensLabel): string {
  return label.statement === undefined ? verb : `${verb}: ${label.statement}`;
}
