// `tidb-lab bench merge` as a user types it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runBenchCommand, type BenchCommandIo } from '../../../src/cli/benchCommand';
import { LatencyRecorder } from '../../../src/core/bench/latencyHistogram';
import type { RunResult } from '../../../src/core/results/benchmarkResult';

function runOf(values: number[], workload = 'rawsql'): RunResult {
  const recorder = new LatencyRecorder();
  for (const value of values) recorder.record(value);
  return {
    kind: 'run',
    schemaVersion: 1,
    id: `id-${values.length}-${workload}`,
    source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'builtin' },
    workload,
    options: { threads: 2, time: 5, interval: 1, query_files: `/m${values.length}/q1.sql`, queries: 'Q1=abc' },
    startTime: '2026-12-01T18:00:00.000Z',
    durationSec: 5,
    intervals: [],
    summary: {
      events: values.length,
      queries: values.length,
      reads: values.length,
      writes: 0,
      others: 0,
      tps: values.length / 5,
      qps: values.length / 5,
      errors: 0,
      reconnects: 0,
      latencyMs: recorder.summary(),
    },
    latencyHdr: recorder.exact(),
    operationHdr: { Q1: recorder.exact() },
    labels: { 'Q1.count': values.length, 'Q1.tpm': (values.length / 5) * 60 },
    status: 'completed',
  };
}

function io(files: Record<string, string>): BenchCommandIo & { out: string[]; err: string[]; written: Record<string, string> } {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  return {
    out,
    err,
    written,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: (path) => {
      if (!(path in files)) throw new Error('ENOENT: no such file');
      return files[path];
    },
    writeFile: (path, text) => (written[path] = text),
    fileModifiedTime: () => undefined,
    env: {},
    onInterrupt: () => () => undefined,
    exit: () => undefined,
  };
}

test('merge a.json b.json --out merged.json: one result, per-query numbers from the merged histograms, sources listed', async () => {
  const a = runOf([1, 2, 3, 4]);
  const b = runOf([5, 6]);
  const fake = io({ 'a.json': JSON.stringify(a), 'b.json': JSON.stringify([b]) });
  const code = await runBenchCommand(['merge', 'a.json', 'b.json', '--out', 'merged.json'], fake);
  assert.equal(code, 0, fake.err.join(''));
  const merged = JSON.parse(fake.written['merged.json']) as RunResult;
  assert.equal(merged.summary.events, 6);
  assert.equal(merged.labels?.['Q1.count'], 6);
  assert.equal(merged.labels?.['Q1.tpm'], 72);
  assert.equal(merged.labels?.['Q1.max_ms'], 6);
  assert.deepEqual(
    merged.mergedFrom?.map((source) => source.file),
    ['a.json', 'b.json'],
  );
  assert.match(fake.out.join(''), /^Merged 2 runs of rawsql: 6 events/);
  assert.match(fake.out.join(''), /a\.json: started 2026-12-01T18:00:00\.000Z/);
});

test('merge refuses mismatched workloads, a missing file and fewer than two results, saying why', async () => {
  const fake = io({ 'a.json': JSON.stringify(runOf([1])), 'b.json': JSON.stringify(runOf([2], 'oltp_read_only')) });
  assert.equal(await runBenchCommand(['merge', 'a.json', 'b.json'], fake), 1);
  assert.match(fake.err.join(''), /b\.json ran workload 'oltp_read_only', a\.json ran 'rawsql': merge only runs of the same workload/);
  const missing = io({ 'a.json': JSON.stringify(runOf([1])) });
  assert.equal(await runBenchCommand(['merge', 'a.json', 'c.json'], missing), 1);
  assert.match(missing.err.join(''), /cannot read 'c\.json'/);
  const one = io({ 'a.json': JSON.stringify(runOf([1])) });
  assert.equal(await runBenchCommand(['merge', 'a.json'], one), 1);
  assert.match(one.err.join(''), /give two or more results/);
});
