// The study's own tabulation, checked against the study's own numbers: from its raw QPS the tables
// reproduce every "% change" it printed, except six cells whose printed value does not follow from
// the raw QPS beside them (typos in the write-up; the method is followed, not the typo).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatStudyPercent, studyCellText, studyPercentChange, studyTables, studyTablesText } from '../../../src/core/results/studyTables';
import { CACHED_TABLE_STUDY, cachedTableStudyExperiment, POINT_SELECTS, READ_WORKLOADS, STUDY_THREADS } from './support/cachedTableStudy';
import { sampleExperiment } from './support/sampleResults';

// [block, thread row, column]: printed values that do not follow from the raw QPS by any rounding.
const STUDY_TYPOS = [
  [0, 1, 2], // 3412 -> 6417 is +88.07%, printed 88.01%
  [0, 2, 3], // 2743 -> 3050 is +11.19%, printed 10.38%
  [2, 0, 0], // 869 -> 711 is -18.18%, printed -35.77%
  [2, 3, 1], // 1861 -> 804 is -56.79%, printed -42.44%
  [2, 3, 3], // 8395 -> 4100 is -51.16%, printed -50.05%
  [3, 4, 0], // 981 -> 557 is -43.22%, printed -43.21%
];

describe("the study's tabulation", () => {
  test('cut, not rounded, to two decimals: 74 of the 80 printed cells follow exactly from the raw QPS', () => {
    let same = 0;
    const differ: number[][] = [];
    CACHED_TABLE_STUDY.forEach((block, blockIndex) => {
      block.printed.forEach((row, rowIndex) =>
        row.forEach((printed, column) => {
          const computed = studyPercentChange(block.normal[rowIndex][column], block.cached[rowIndex][column]);
          if (computed === printed) same++;
          else differ.push([blockIndex, rowIndex, column]);
        }),
      );
    });
    assert.equal(same, 74);
    assert.deepEqual(differ, STUDY_TYPOS);
    // Rounding would miss cells the study got right: 2214 -> 15780 is 612.737...%, printed 612.73%.
    assert.equal(studyPercentChange(2214, 15780), 612.73);
    assert.equal(Number((((15780 - 2214) / 2214) * 100).toFixed(2)), 612.74);
    assert.equal(studyPercentChange(869, 711), -18.18, "the study's method, not its typo (-35.77%)");
    assert.equal(studyPercentChange(1861, 804), -56.79);
  });

  test('printed as the study printed them: two decimals, a minus sign only', () => {
    assert.equal(formatStudyPercent(612.73), '612.73%');
    assert.equal(formatStudyPercent(9), '9.00%');
    assert.equal(formatStudyPercent(-0.93), '-0.93%');
    assert.equal(formatStudyPercent(studyPercentChange(1397, 1384)), '-0.93%');
    assert.equal(formatStudyPercent(null), '–');
    assert.equal(studyPercentChange(100, 100), 0);
    assert.equal(formatStudyPercent(studyPercentChange(100, 100)), '0.00%');
    assert.equal(studyPercentChange(0, 10), null);
  });

  test('one table per workload group and table size, threads down, workloads or point_selects across, as the study laid them out', () => {
    const tables = studyTables(cachedTableStudyExperiment(), { metric: 'qps' });
    assert.equal(tables.baseline, 'normal');
    assert.equal(tables.candidate, 'cached');
    assert.deepEqual(tables.warnings, []);
    assert.deepEqual(
      tables.tables.map((table) => [table.group, table.tableSize, table.corner]),
      [
        ['workloads', 5000, 'threads/request type'],
        ['workloads', 50000, 'threads/request type'],
        ['oltp_read_write, --point_selects', 5000, 'threads/--point_selects'],
        ['oltp_read_write, --point_selects', 50000, 'threads/--point_selects'],
      ],
    );
    for (const [index, table] of tables.tables.entries()) {
      const block = CACHED_TABLE_STUDY[index];
      assert.deepEqual(table.threads, STUDY_THREADS);
      assert.deepEqual(
        table.columns.map((column) => column.label),
        block.group === 'read' ? READ_WORKLOADS : POINT_SELECTS.map(String),
      );
      table.cells.forEach((row, rowIndex) =>
        row.forEach((cell, column) => {
          const typo = STUDY_TYPOS.some(([b, r, c]) => b === index && r === rowIndex && c === column);
          if (!typo)
            assert.equal(
              cell?.changePct,
              block.printed[rowIndex][column],
              `table ${index}, ${STUDY_THREADS[rowIndex]} threads, column ${column}`,
            );
          assert.equal(cell?.row.baseline, block.normal[rowIndex][column]);
          assert.equal(cell?.row.candidate, block.cached[rowIndex][column]);
        }),
      );
    }
  });

  test("the CLI text: the study's header row and its first line, number for number", () => {
    const text = studyTablesText(studyTables(cachedTableStudyExperiment(), { metric: 'qps' }));
    const lines = text.split('\n');
    const first = lines.indexOf(
      '% change of QPS, cached over normal: oltp_point_select, oltp_read_only, select_random_points, select_random_ranges, 5000 rows:',
    );
    assert.ok(first >= 0, text);
    assert.deepEqual(lines[first + 1].split(/\s{2,}/), [
      'threads/request type',
      'oltp_point_select',
      'oltp_read_only',
      'select_random_points',
      'select_random_ranges',
    ]);
    assert.deepEqual(lines[first + 2].trim().split(/\s+/), ['8', '612.73%', '444.63%', '77.61%', '20.01%']);
    const mix = lines.indexOf('% change of QPS, cached over normal: oltp_read_write, --point_selects, 50000 rows:');
    assert.deepEqual(lines[mix + 1].trim().split(/\s+/), ['threads/--point_selects', '10', '40', '160', '640']);
    assert.deepEqual(lines[mix + 5].trim().split(/\s+/), ['64', '-46.13%', '-0.93%', '-41.86%', '-5.53%']);
  });

  test('a cell whose cached reads did not come from memory is marked, and the mark explained', () => {
    const experiment = sampleExperiment([
      { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 100, p95: 1 },
      {
        workload: 'oltp_point_select',
        threads: 8,
        variant: 'cached',
        qps: 90,
        p95: 1,
        cacheHit: { servedFromCache: false, detail: 'regionRequest.SendReqCtx' },
      },
      { workload: 'oltp_point_select', threads: 16, variant: 'normal', qps: 100, p95: 1 },
      {
        workload: 'oltp_point_select',
        threads: 16,
        variant: 'cached',
        qps: 300,
        p95: 1,
        cacheHit: { servedFromCache: true, detail: 'no TiKV request' },
      },
    ]);
    const tables = studyTables(experiment, { metric: 'qps' });
    assert.equal(studyCellText(tables.tables[0].cells[0][0]), '-10.00% †');
    assert.equal(studyCellText(tables.tables[0].cells[1][0]), '200.00%');
    assert.match(studyTablesText(tables), /† the cached variant's reads did not come from TiDB's memory/);
  });

  test('a skipped variant is named with its reason', () => {
    const experiment = {
      ...sampleExperiment([{ workload: 'w', threads: 8, tableSize: 5000, variant: 'normal', qps: 1, p95: 1 }]),
      skipped: [{ variant: 'cached', tableSize: 300000, reason: 'sbtest1 holds about 70 MiB', cells: 40 }],
    };
    assert.deepEqual(studyTables(experiment, { metric: 'qps' }).warnings, [
      'cached at 300000 rows did not run: sbtest1 holds about 70 MiB',
    ]);
  });
});
