// One entry point for "Import sysbench / go-tpc / go-ycsb log...": finds out which tool wrote the
// text and hands it to that tool's importer. A TiDB Lab result saved as JSON is accepted too.
// It never throws: whatever could be read comes back, with warnings for the rest.

import type { BenchmarkResult } from '../benchmarkResult';
import { redactSecrets } from '../redactSecrets';
import { parseBenchmarkResult } from '../resultValidation';
import { countGoTpcMarkers, importGoTpcLog } from './goTpcLogImporter';
import { countGoYcsbMarkers, importGoYcsbLog } from './goYcsbLogImporter';
import type { ImportSource, LogImport } from './importedRun';
import { splitLogLines, type LogLine } from './logLines';
import { countSysbenchMarkers, importSysbenchLog } from './sysbenchLogImporter';

export type BenchmarkLogFormat = 'sysbench' | 'go-tpc' | 'go-ycsb' | 'tidb-lab-json';

export interface BenchmarkLogImport {
  results: BenchmarkResult[];
  warnings: string[];
  /** what the text was taken for; null when nothing was recognised */
  format: BenchmarkLogFormat | null;
}

export interface ImportLogOptions {
  /** ISO 8601 modification time of the file: the start time of runs whose log does not say */
  fileModifiedTime?: string;
}

interface LogFormat {
  name: Exclude<BenchmarkLogFormat, 'tidb-lab-json'>;
  countMarkers(lines: readonly LogLine[]): number;
  importLog(text: string, source: ImportSource): LogImport;
}

const LOG_FORMATS: readonly LogFormat[] = [
  { name: 'sysbench', countMarkers: countSysbenchMarkers, importLog: importSysbenchLog },
  { name: 'go-tpc', countMarkers: countGoTpcMarkers, importLog: importGoTpcLog },
  { name: 'go-ycsb', countMarkers: countGoYcsbMarkers, importLog: importGoYcsbLog },
];

export function importBenchmarkLog(text: string, fileName?: string, options: ImportLogOptions = {}): BenchmarkLogImport {
  if (typeof text !== 'string') return { results: [], warnings: ['nothing to import: the file could not be read as text'], format: null };
  if (text.trim() === '') return { results: [], warnings: ['nothing to import: the file is empty'], format: null };
  const source: ImportSource = { fileName, fileModifiedTime: options.fileModifiedTime };
  try {
    if (looksLikeJson(text)) return importJson(text);
    return importLogText(text, source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { results: [], warnings: [`the import stopped on an unexpected problem (please report it): ${reason}`], format: null };
  }
}

/** An object, or a list of objects; not a log that starts with a report line such as "[ 10s ] thds: ...". */
function looksLikeJson(text: string): boolean {
  return /^\s*(\{|\[\s*[{\]])/.test(text);
}

function importLogText(text: string, source: ImportSource): BenchmarkLogImport {
  const lines = splitLogLines(text);
  const scored = LOG_FORMATS.map((format) => ({ format, markers: format.countMarkers(lines) })).sort((a, b) => b.markers - a.markers);
  const [best, ...others] = scored;
  if (best.markers === 0) {
    return {
      results: [],
      warnings: ['no run found: this is not sysbench, go-tpc or go-ycsb output (no report lines or summaries were recognised)'],
      format: null,
    };
  }
  const imported = best.format.importLog(text, source);
  const warnings = [...imported.warnings];
  for (const other of others) {
    if (other.markers > 0)
      warnings.push(
        `the file also has ${other.markers} lines that look like ${other.format.name} output; they were not imported (import them from a file of their own)`,
      );
  }
  const results: BenchmarkResult[] = [];
  imported.results.forEach((run, index) => {
    // The same check a stored result gets: what an importer makes of a strange file must still be a sound result.
    const checked = parseBenchmarkResult(redactSecrets(run));
    if (checked.ok) results.push(checked.result);
    else warnings.push(`run ${index + 1} was left out, its numbers do not add up: ${checked.errors.join('; ')}`);
  });
  return { results, warnings, format: best.format.name };
}

function importJson(text: string): BenchmarkLogImport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { results: [], warnings: [`the file starts like JSON but is not valid JSON: ${(error as Error).message}`], format: null };
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const results: BenchmarkResult[] = [];
  const warnings: string[] = [];
  items.forEach((item, index) => {
    const where = Array.isArray(parsed) ? `item ${index + 1}: ` : '';
    const outcome = parseBenchmarkResult(item);
    if (outcome.ok) {
      results.push(outcome.result);
      warnings.push(...outcome.warnings.map((warning) => where + warning));
    } else {
      warnings.push(...outcome.errors.map((error) => where + error));
    }
  });
  return { results, warnings, format: 'tidb-lab-json' };
}
