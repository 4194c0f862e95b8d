// The frame every log importer shares: read the lines, gather each run in a draft, start a new
// draft where the log shows a new run, and turn the drafts into results (drafts without numbers
// are dropped by the importer itself).

import type { RunResult } from '../benchmarkResult';
import { importedRunId, placeRunsBeforeFileEnd, textFingerprint, type ImportSource, type LogImport } from './importedRun';
import { ImportWarnings } from './importWarnings';
import { splitLogLines, type LogLine } from './logLines';

export abstract class LogRunReader<Draft> {
  protected readonly lines: LogLine[];
  protected readonly warnings = new ImportWarnings();
  protected draft: Draft;
  private readonly drafts: Draft[] = [];

  protected constructor(
    private readonly text: string,
    protected readonly source: ImportSource,
    private readonly tool: string,
    private readonly nothingFound: string,
  ) {
    this.lines = splitLogLines(text);
    this.draft = this.newDraft(1);
  }

  read(): LogImport {
    this.readLines();
    this.drafts.push(this.draft);
    const fingerprint = textFingerprint(this.text);
    const results: RunResult[] = [];
    for (const draft of this.drafts) {
      const run = this.toRunResult(draft, importedRunId(this.tool, fingerprint, results.length));
      if (run !== null) results.push(run);
    }
    if (results.length === 0) this.warnings.add(this.nothingFound);
    placeRunsBeforeFileEnd(results, this.source);
    return { results, warnings: this.warnings.toArray() };
  }

  protected readLines(): void {
    for (const line of this.lines) {
      if (line.trimmed !== '') this.readLine(line);
    }
  }

  /** Closes the run being read; the next lines belong to a new one starting at `lineNumber`. */
  protected startRun(lineNumber: number): void {
    this.drafts.push(this.draft);
    this.draft = this.newDraft(lineNumber);
  }

  protected abstract newDraft(firstLine: number): Draft;
  protected abstract readLine(line: LogLine): void;
  protected abstract toRunResult(draft: Draft, id: string): RunResult | null;
}
