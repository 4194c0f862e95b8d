// `tidb-lab bench merge a.json b.json ... [--out merged.json] [--json]`: the results of the same
// benchmark run on several load machines, as one result (src/core/results/mergeRuns.ts).
import { basename } from 'node:path';
import type { RunResult } from '../core/results/benchmarkResult';
import { resultToJson } from '../core/results/exportJson';
import { mergeRuns, type MergeInput } from '../core/results/mergeRuns';
import { parseBenchmarkResult } from '../core/results/resultValidation';
import { tpmLine } from '../core/bench/tpcc/tpccResult';

export interface MergeCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => string;
  writeFile: (path: string, text: string) => void;
}

const MERGE_USAGE = 'tidb-lab bench merge a.json b.json ... [--out merged.json] [--json]';

function readRun(file: string, io: MergeCommandIo): RunResult | string {
  let text: string;
  try {
    text = io.readFile(file);
  } catch (error) {
    return `cannot read '${file}': ${error instanceof Error ? error.message : String(error)}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `${file} is not a result (JSON): ${(error as Error).message}`;
  }
  // `tidb-lab bench import --out` writes a list: one run in it is fine
  if (Array.isArray(json)) {
    if (json.length !== 1) return `${file} holds ${json.length} results; merge takes one run a file`;
    json = json[0];
  }
  const parsed = parseBenchmarkResult(json);
  if (!parsed.ok) return `${file} is not a TiDB Lab result: ${parsed.errors.join('; ')}`;
  if (parsed.result.kind !== 'run') return `${file} is an experiment; merge takes single runs (one a machine)`;
  return parsed.result;
}

export function mergeCommand(argv: readonly string[], io: MergeCommandIo): number {
  const files: string[] = [];
  let out: string | undefined;
  let json = false;
  const args = [...argv];
  args.splice(args.indexOf('merge'), 1);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--json') json = true;
    else if (arg === '--out') out = args[++i] ?? '';
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else if (arg.startsWith('-')) {
      io.stderr(`tidb-lab bench merge: unknown option ${arg}\nUsage: ${MERGE_USAGE}\n`);
      return 1;
    } else files.push(arg);
  }
  if (out === '') {
    io.stderr(`tidb-lab bench merge: --out needs a file name\n`);
    return 1;
  }
  if (files.length < 2) {
    io.stderr(`tidb-lab bench merge: give two or more results\nUsage: ${MERGE_USAGE}\n`);
    return 1;
  }
  const inputs: MergeInput[] = [];
  for (const file of files) {
    const run = readRun(file, io);
    if (typeof run === 'string') {
      io.stderr(`tidb-lab bench merge: ${run}\n`);
      return 1;
    }
    inputs.push({ result: run, file: basename(file) });
  }
  let merged: RunResult;
  try {
    merged = mergeRuns(inputs);
  } catch (error) {
    io.stderr(`tidb-lab bench merge: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  if (out !== undefined) io.writeFile(out, resultToJson(merged));
  if (json) io.stdout(resultToJson(merged));
  else io.stdout(mergeText(merged));
  return 0;
}

function mergeText(run: RunResult): string {
  const s = run.summary;
  const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
  const lines = [
    `Merged ${run.mergedFrom?.length ?? 0} runs of ${run.workload}: ${s.events} events, ${s.queries} queries, ${s.errors} errors`,
    `  ${s.tps.toFixed(2)} tps, ${s.qps.toFixed(2)} qps (the machines' rates summed), ${run.intervals.length} intervals from ${run.startTime}`,
    `  latency (ms, every event of every machine): min ${ms(s.latencyMs.min)} avg ${ms(s.latencyMs.avg)} p95 ${ms(s.latencyMs.p95)} p99 ${ms(s.latencyMs.p99)} max ${ms(s.latencyMs.max)}`,
    ...(run.mergedFrom ?? []).map(
      (source) =>
        `  ${source.file ?? source.id}: started ${source.startTime}, ${source.durationSec.toFixed(1)} s, ${source.events} events, ${source.qps.toFixed(2)} qps [${source.status}]`,
    ),
  ];
  if (run.tpcc) {
    const counts = Object.entries(run.tpcc.transactions).map(([name, numbers]) => `${name} ${numbers.count}`);
    lines.splice(
      1,
      0,
      `  ${tpmLine(run.tpcc)} (the machines' transactions summed; latency below is New-Order's)`,
      `  transactions: ${counts.join(', ')}`,
    );
  }
  if (run.message) lines.push(run.message);
  return `${lines.join('\n')}\n`;
}
