// The arguments benchmark commands accept for automation (tests, scripts, keybindings), so every
// command can run without a prompt. Checked like any untrusted input.
import { isRandType } from '../../core/bench/sysbench/randomDistribution';
import { isWorkloadName } from '../../core/bench/sysbench/workloadCatalog';
import { isExportFormat, type ExportFormat } from '../../protocol/benchmarkResults';
import type { PreparePolicy } from './benchmarkData';
import { defaultLaunchSettings, parseThreadList, withWorkloadOption, type LaunchSettings } from './launchSettings';

export interface RunBenchmarkRequest {
  profileId?: string;
  workload: string;
  /** one count, or a list for a thread sweep */
  threads?: number | number[];
  time?: number;
  /** sysbench's --rate (transactions/s over all threads; 0: unlimited) */
  rate?: number;
  tables?: number;
  tableSize?: number;
  randType?: string;
  reportInterval?: number;
  database?: string;
  workloadOptions?: Record<string, string | number | boolean>;
  /** when the tables are missing or of another size: 'ifNeeded' prepares, 'never' runs anyway, 'ask' asks (default) */
  prepare?: PreparePolicy;
  /** show the live tab and the result (default true) */
  open?: boolean;
}

export interface RunExperimentRequest {
  profileId?: string;
  presetId?: string;
  /** an experiment definition (the engine's JSON format), as an object or text */
  definition?: unknown;
  database?: string;
  /** the tables the experiment drops were agreed to (no question) */
  confirmDrop?: boolean;
  /** an experiment estimated to run longer than 2 hours may start (no question) */
  confirmLongRun?: boolean;
  open?: boolean;
}

export interface ExportRequest {
  resultId: string;
  format?: ExportFormat;
  /** where to write, as a file path or URI string; no save dialog then */
  target?: string;
  /** Markdown of a run: the per-interval table below the summary (without it, no question is asked and only the summary is written) */
  intervals?: boolean;
  /** a run of an experiment: its index in the experiment's runs */
  cellIndex?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRunBenchmarkRequest(value: unknown): value is RunBenchmarkRequest {
  return isRecord(value) && typeof value.workload === 'string';
}

export function isRunExperimentRequest(value: unknown): value is RunExperimentRequest {
  return isRecord(value) && (typeof value.presetId === 'string' || value.definition !== undefined);
}

export function isExportRequest(value: unknown): value is ExportRequest {
  return isRecord(value) && typeof value.resultId === 'string' && (value.format === undefined || isExportFormat(value.format));
}

/** The launch settings a request asks for, or the problem with it. */
export function settingsFromRequest(request: RunBenchmarkRequest): { ok: true; settings: LaunchSettings } | { ok: false; message: string } {
  if (!isWorkloadName(request.workload)) return { ok: false, message: `Unknown workload '${request.workload}'.` };
  let settings = defaultLaunchSettings(request.workload);
  if (request.threads !== undefined) {
    const parsed = parseThreadList(Array.isArray(request.threads) ? request.threads.join(',') : String(request.threads));
    if (!parsed.ok) return { ok: false, message: parsed.message };
    settings.threads = parsed.value;
  }
  const whole = (value: unknown, name: string): number | string =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : `${name} must be a whole number.`;
  for (const key of ['time', 'rate', 'tables', 'tableSize', 'reportInterval'] as const) {
    if (request[key] === undefined) continue;
    const value = whole(request[key], key);
    if (typeof value === 'string') return { ok: false, message: value };
    settings[key] = value;
  }
  if (request.randType !== undefined) {
    if (!isRandType(request.randType)) return { ok: false, message: `Unknown rand type '${request.randType}'.` };
    settings.randType = request.randType;
  }
  if (request.database !== undefined) settings.database = request.database;
  for (const [name, value] of Object.entries(request.workloadOptions ?? {})) {
    settings = withWorkloadOption(settings, name, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
  }
  return { ok: true, settings };
}
