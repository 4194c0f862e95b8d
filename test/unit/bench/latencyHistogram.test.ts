// LatencyRecorder counts events in a plain array laid out as the HDR histogram's and moves them
// into the histogram when it is read: every figure must be the one recording straight into
// hdr-histogram-js gives.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { encodeIntoCompressedBase64, type JsHistogram } from 'hdr-histogram-js';
import { execFileSync } from 'node:child_process';
import { LatencyCounts } from '../../../src/core/bench/measurement/latencyCounts';
import { LatencyRecorder, countsIndex, newHistogram, valueOfIndex } from '../../../src/core/bench/latencyHistogram';

/** Values at every edge of the layout: each power of two and its neighbours, up to the clamp. */
function edgeValues(): number[] {
  const values = [1, 2, 3, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097, 3_600_000_000];
  for (let power = 1; power < 32; power++) {
    const value = 2 ** power;
    values.push(value - 1, value, value + 1);
  }
  return values.filter((value) => value >= 1 && value <= 3_600_000_000);
}

/** A seeded spread of latencies in ms, from a microsecond to minutes. */
function latenciesMs(count: number): number[] {
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => 10 ** (next() * 8 - 3));
}

describe('latency recording', () => {
  test("countsIndex and valueOfIndex are hdr-histogram-js's countsArrayIndex and valueFromIndex", () => {
    const reference = newHistogram() as JsHistogram & { countsArrayIndex(value: number): number; valueFromIndex(index: number): number };
    for (const value of edgeValues()) {
      assert.equal(countsIndex(value), reference.countsArrayIndex(value), `index of ${value}`);
      assert.equal(
        valueOfIndex(countsIndex(value)),
        reference.valueFromIndex(reference.countsArrayIndex(value)),
        `value of ${value}'s slot`,
      );
    }
    for (const ms of latenciesMs(20_000)) {
      const micros = Math.max(1, Math.round(ms * 1000));
      assert.equal(countsIndex(micros), reference.countsArrayIndex(micros), `index of ${micros}`);
    }
  });

  test('percentiles, buckets and the encoded histogram equal those of recording straight into the HDR histogram', () => {
    const recorder = new LatencyRecorder();
    const reference = newHistogram();
    const values = [...latenciesMs(50_000), ...edgeValues().map((micros) => micros / 1000), 0, 0.0004, 4_000_000];
    for (const ms of values) {
      recorder.record(ms);
      const micros = Math.round(ms * 1000);
      reference.recordValue(micros < 1 ? 1 : micros > 3_600_000_000 ? 3_600_000_000 : micros);
    }
    assert.equal(recorder.count, values.length);
    assert.equal(recorder.histogram.totalCount, reference.totalCount);
    for (const percentile of [0, 1, 50, 90, 95, 99, 99.9, 100]) {
      assert.equal(recorder.percentileMs(percentile), reference.getValueAtPercentile(percentile) / 1000, `p${percentile}`);
    }
    assert.equal(recorder.encode().histogram, encodeIntoCompressedBase64(reference));
    const decoded = new LatencyRecorder();
    decoded.add(recorder.encode());
    assert.deepEqual(decoded.buckets(), recorder.buckets());
  });

  test('events recorded after a read are added to what was read; reset drops events not yet read', () => {
    const recorder = new LatencyRecorder();
    recorder.record(1);
    assert.equal(recorder.percentileMs(100), 1);
    recorder.record(5);
    recorder.record(5);
    assert.equal(recorder.histogram.totalCount, 3);
    assert.equal(recorder.percentileMs(50), 5.003);
    recorder.record(7);
    recorder.reset();
    assert.equal(recorder.count, 0);
    assert.equal(recorder.histogram.totalCount, 0);
    recorder.record(2);
    assert.equal(recorder.histogram.totalCount, 1);
    assert.equal(recorder.percentileMs(100), 2);
    const other = new LatencyRecorder();
    other.record(3);
    recorder.add(other);
    assert.equal(recorder.histogram.totalCount, 2);
    assert.equal(recorder.percentileMs(100), 3.001);
  });

  test('what worker threads count and send adds up to the same histogram, percentiles and exact figures as recording in one place', () => {
    const values = [...latenciesMs(30_000), ...edgeValues().map((micros) => micros / 1000), 0, 4_000_000];
    const direct = new LatencyRecorder();
    const workers = [new LatencyCounts(), new LatencyCounts()];
    const gathered = new LatencyRecorder();
    values.forEach((ms, i) => {
      direct.record(ms);
      workers[i % 2].record(ms);
      // a snapshot every 7,000 events, as report intervals take them
      if (i % 7000 === 6999) for (const worker of workers) gathered.add(worker.take());
    });
    for (const worker of workers) gathered.add(worker.take());
    assert.equal(gathered.count, values.length);
    assert.equal(gathered.encode().histogram, direct.encode().histogram);
    assert.deepEqual(gathered.summary(), { ...direct.summary(), avg: gathered.summary().avg });
    assert.ok(Math.abs(gathered.sumMs - direct.sumMs) < 1e-6 * direct.sumMs);
    const empty = new LatencyCounts().take();
    assert.equal(empty.count, 0);
    assert.equal(empty.counts.length, 0);
    gathered.add(empty);
    assert.equal(gathered.count, values.length);
  });

  test("a worker thread's modules do not load hdr-histogram-js (about 35 ms of CPU per worker at its start)", () => {
    const modules = ['workers/workerRun', 'workers/workerPrepare', 'bulkLoad/bulkLoadWriters'].map((name) =>
      require.resolve(`../../../src/core/bench/${name}`),
    );
    const script = `${modules.map((path) => `require(${JSON.stringify(path)});`).join('')}
      console.log(JSON.stringify(Object.keys(require.cache).filter((path) => path.includes('hdr-histogram-js'))));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
    assert.deepEqual(loaded, []);
  });
});
