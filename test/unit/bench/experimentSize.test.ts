// Experiments that would run for days are refused (naming the field and the bound) or estimated
// before they start; a file saved with a UTF-8 BOM reads like any other.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExperimentDefinitionError, parseExperimentDefinition } from '../../../src/core/bench/experiments/experimentDefinition';
import {
  describeEstimate,
  estimateExperiment,
  formatDuration,
  isLongExperiment,
  LONG_EXPERIMENT_SECONDS,
} from '../../../src/core/bench/experiments/experimentSize';

const base = { name: 'size', workloads: ['oltp_point_select'], threads: [1], tableSizes: [1000], options: { time: 60 } };

function refusal(definition: unknown): string {
  try {
    parseExperimentDefinition(definition);
  } catch (error) {
    assert.ok(error instanceof ExperimentDefinitionError, String(error));
    return error.message;
  }
  assert.fail('the definition was accepted');
}

describe('experiment bounds', () => {
  test('each bound is checked, and the message names the field and the bound', () => {
    assert.equal(refusal({ ...base, threads: [8, 1e9] }), '"threads[1]" is 1,000,000,000; at most 10,000 threads per cell.');
    assert.equal(refusal({ ...base, tableSizes: [1e13] }), '"tableSizes[0]" is 10,000,000,000,000; at most 1,000,000,000 rows per table.');
    assert.equal(
      refusal({ ...base, options: { time: 0, events: 0 } }),
      '"options.time" is 0 and "options.events" is 0 for oltp_point_select: its cells would never end. Set a time in seconds or a number of events.',
    );
    assert.equal(
      refusal({ ...base, options: { time: 0 } }),
      '"options.time" is 0 and "options.events" is 0 for oltp_point_select: its cells would never end. Set a time in seconds or a number of events.',
    );
    assert.equal(refusal({ ...base, options: { time: 86_401 } }), '"options.time" is 86,401 s; at most 86,400 s (24 h) per cell.');
    assert.equal(
      refusal({ ...base, workloads: ['oltp_read_only', { name: 'oltp_point_select', params: { time: [10, 1e7] } }] }),
      '"workloads[1].params.time" is 10,000,000 s; at most 86,400 s (24 h) per cell.',
    );
    assert.equal(
      refusal({ ...base, workloads: [{ name: 'oltp_point_select', options: { time: '0', events: 0 } }] }),
      '"workloads[0].options.time" is 0 and "workloads[0].options.events" is 0 for oltp_point_select: its cells would never end. Set a time in seconds or a number of events.',
    );
    assert.equal(
      refusal({ ...base, options: { time: 0, events: 2e9 } }),
      '"options.events" is 2,000,000,000; at most 1,000,000,000 events per cell.',
    );
    assert.equal(refusal({ ...base, options: { time: 10, tables: 5000 } }), '"options.tables" is 5,000; at most 1,024 tables.');
    assert.equal(
      refusal({ ...base, tableSizes: [1e9], options: { time: 10, tables: 11 } }),
      '"options.tables" (11) x "tableSizes" (1,000,000,000) is 11,000,000,000 rows; at most 10,000,000,000 rows per table size.',
    );
    assert.equal(
      refusal({ ...base, threads: Array.from({ length: 1000 }, (_unused, i) => i + 1), tableSizes: [1000, 2000, 3000], repeat: 4 }),
      'The experiment has 12,000 cells (tableSizes 3 x variants 1 x workloads and params 1 x threads 1,000 x repeat 4); at most 10,000.',
    );
    assert.equal(
      refusal({
        ...base,
        params: {
          point_selects: Array.from({ length: 200 }, (_unused, i) => i + 1),
          range_size: Array.from({ length: 200 }, (_unused, i) => i + 1),
        },
      }),
      'The experiment has 40,000 cells (tableSizes 1 x variants 1 x workloads and params 40,000 x threads 1 x repeat 1); at most 10,000.',
    );
    assert.equal(
      refusal({ ...base, variants: [{ name: 'slow', ready: { kind: 'sleep', seconds: 100_000 } }] }),
      '"variants[0].ready" waits 100,000 s; at most 86,400 s (24 h).',
    );
    assert.equal(
      refusal({ kind: 'bulk-load', name: 'b', rows: 1e13, rowsPerInsert: [100], writerThreads: [1] }),
      '"rows" is 10,000,000,000,000; at most 1,000,000,000 rows.',
    );
    assert.equal(
      refusal({ kind: 'bulk-load', name: 'b', rows: 1000, rowsPerInsert: [100], writerThreads: [1e9] }),
      '"writerThreads[0]" is 1,000,000,000; at most 10,000 writer threads.',
    );
  });

  test('events alone, or a time, end a cell; the largest sensible values pass', () => {
    assert.doesNotThrow(() => parseExperimentDefinition({ ...base, options: { time: 0, events: 1000 } }));
    assert.doesNotThrow(() => parseExperimentDefinition({ ...base, threads: [10_000], tableSizes: [1e9], options: { time: 86_400 } }));
    assert.doesNotThrow(() => parseExperimentDefinition({ ...base, options: {} }));
  });
});

describe('experiment duration estimate', () => {
  test('1,000 thread values x 3 sizes x 60 s: 50 hours, which is long', () => {
    const definition = parseExperimentDefinition({
      ...base,
      threads: Array.from({ length: 1000 }, (_unused, i) => i + 1),
      tableSizes: [1000, 2000, 3000],
    });
    const estimate = estimateExperiment(definition);
    assert.deepEqual(estimate, { cells: 3000, seconds: 180_000, eventOnlyCells: 0, preparedRows: 6000 });
    assert.equal(describeEstimate(estimate), 'Estimated duration: at least 2 d 2 h for 3,000 cells, plus preparing 6,000 rows');
    assert.ok(isLongExperiment(estimate));
  });

  test('every cell counts its time and warm-up, params and workloads their own values, readiness sleeps once per variant and size', () => {
    const definition = parseExperimentDefinition({
      name: 'mixed',
      workloads: [
        'oltp_point_select',
        { name: 'oltp_read_only', options: { time: 30 }, params: { range_size: [10, 100] } },
        { name: 'oltp_read_write', options: { time: 0, events: 100 } },
      ],
      threads: [1, 2],
      tableSizes: [100],
      options: { time: 20, 'warmup-time': 5, tables: 2 },
      variants: [{ name: 'a' }, { name: 'b', ready: { kind: 'sleep', seconds: 7 } }],
    });
    const estimate = estimateExperiment(definition);
    // per variant and thread count: point_select 20+5, read_only 2 x (30+5), read_write 0+5 = 100 s
    assert.deepEqual(estimate, { cells: 16, seconds: 2 * 2 * 100 + 7, eventOnlyCells: 4, preparedRows: 200 });
    assert.equal(
      describeEstimate(estimate),
      'Estimated duration: at least 7 min for 16 cells, plus preparing 200 rows, plus 4 cells limited by events only',
    );
    assert.ok(!isLongExperiment(estimate));
  });

  test("the default time is sysbench's 10 s; no prepare, no rows; the threshold is 2 hours", () => {
    const estimate = estimateExperiment(parseExperimentDefinition({ ...base, options: {}, prepare: false }));
    assert.deepEqual(estimate, { cells: 1, seconds: 10, eventOnlyCells: 0, preparedRows: 0 });
    assert.equal(LONG_EXPERIMENT_SECONDS, 7200);
    assert.ok(!isLongExperiment({ ...estimate, seconds: 7200 }));
    assert.ok(isLongExperiment({ ...estimate, seconds: 7201 }));
  });

  test('a bulk-load experiment says how many rows it loads; its time is not known in advance', () => {
    const estimate = estimateExperiment(
      parseExperimentDefinition({ kind: 'bulk-load', name: 'b', rows: 200_000, rowsPerInsert: [2000, 5000], writerThreads: [5, 10] }),
    );
    assert.equal(
      describeEstimate(estimate),
      'Estimated duration: not known in advance: 8 cells loading 1,600,000 rows in all, as fast as the server takes them',
    );
    assert.ok(!isLongExperiment(estimate));
  });

  test('durations read as people say them', () => {
    assert.deepEqual([45, 600, 7200, 9600, 172_800, 180_000].map(formatDuration), [
      '45 s',
      '10 min',
      '2 h',
      '2 h 40 min',
      '2 d',
      '2 d 2 h',
    ]);
  });
});

test('a definition saved with a UTF-8 byte order mark reads like one without', () => {
  const text = JSON.stringify(base);
  assert.deepEqual(parseExperimentDefinition(`\uFEFF${text}`), parseExperimentDefinition(text));
});

test('an experiment limited by events only says its time is not known in advance', () => {
  const estimate = estimateExperiment(parseExperimentDefinition({ ...base, options: { time: 0, events: 100 } }));
  assert.equal(
    describeEstimate(estimate),
    'Estimated duration: not known in advance for 1 cell limited by events only, plus preparing 1,000 rows',
  );
});
