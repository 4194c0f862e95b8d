// The regions part of a result as the result tab, the Markdown export and the CLI show it: one row
// per table before and after, the hot regions by bytes, the findings with their statements (a Copy
// names a statement by place, looked up in the loaded result), and an experiment's cells that
// carry regions, each named, in every reader. MySQL/MariaDB results show nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerInfo } from '../../../src/core/results/benchmarkResult';
import { experimentToMarkdown, runToMarkdown } from '../../../src/core/results/exportMarkdown';
import type { ServerRegions } from '../../../src/core/results/serverRegions';
import {
  experimentCellRegions,
  hotRegionRows,
  regionStatement,
  regionsChangeText,
  regionsTableRows,
  tableKeyText,
} from '../../../src/core/results/serverRegionsRows';
import { experimentRegionsLines } from '../../../src/core/results/serverRegionsText';
import { notTiDBRegions } from '../../../src/core/server/runRegions';
import type { ResultsDocument } from '../../../src/protocol/benchmarkResults';
import { regionStatementToCopy } from '../../../src/extension/benchmarks/regionStatementCopy';
import { sampleExperiment, sampleRun } from './support/sampleResults';

const SPLIT = 'SPLIT TABLE `sbtest1` BETWEEN (1) AND (1000) REGIONS 16;';
const AUTO_RANDOM = 'ALTER TABLE `sbtest1` MODIFY COLUMN `id` BIGINT AUTO_RANDOM(5);';

const REGIONS: ServerRegions = {
  source: 'tidb',
  hotRegionsSource: 'information_schema.tidb_hot_regions',
  storeCount: 3,
  tables: [
    {
      table: 'sbtest1',
      before: { regions: 1, leadersByStore: { 1: 1 }, writtenBytes: 0, writtenBytesByStore: { 1: 0 } },
      after: {
        regions: 1,
        leadersByStore: { 1: 1 },
        writtenBytes: 2_048,
        writtenBytesByStore: { 1: 2_048 },
        busiestRegion: { regionId: 2, writtenBytes: 2_048, share: 1, isLast: true, leaderStoreId: 1 },
      },
      key: { kind: 'clustered-int', column: 'id', columnType: 'int', autoIncrement: true, autoRandom: false, shardRowIdBits: 0 },
    },
    { table: 'sbtest2', after: { regions: 4, leadersByStore: { 3: 1, 1: 2, 2: 1 }, writtenBytes: 0, writtenBytesByStore: {} } },
  ],
  hotRegions: [
    { table: 'sbtest2', regionId: 9, type: 'write', maxHotDegree: 1, flowBytes: 100 },
    { table: 'sbtest1', index: 'k_1', regionId: 2, type: 'write', maxHotDegree: 12, flowBytes: 2_048, storeId: 1 },
    { table: 'sbtest2', regionId: 7, type: 'write', maxHotDegree: 1, flowBytes: 100 },
  ],
  findings: [
    {
      kind: 'one-region',
      table: 'sbtest1',
      message: 'Writes piled on one region (2): sbtest1 is a single region, so one TiKV leader took the whole load.',
      advice: 'Split the table into regions before a write-heavy load.',
      statements: [SPLIT],
    },
    {
      kind: 'increasing-key',
      table: 'sbtest1',
      message: "The writes went to sbtest1's last region | its key increases",
      advice: 'Use AUTO_RANDOM.',
      statements: ['ALTER TABLE `sbtest1` MODIFY COLUMN `id` BIGINT NOT NULL AUTO_INCREMENT;', AUTO_RANDOM],
    },
  ],
  warnings: ['information_schema.tidb_hot_regions_history could not be read: denied'],
};

const tidbServer = (regions: ServerRegions): ServerInfo => ({ flavor: 'tidb', version: '8.5.1', regions });

test('one row per table: regions and leaders per store before and after (by store id), the key, the bytes written', () => {
  assert.deepEqual(regionsTableRows(REGIONS), [
    {
      table: 'sbtest1',
      key: 'AUTO_INCREMENT id',
      regionsBefore: '1',
      regionsAfter: '1',
      leadersBefore: 'store 1: 1',
      leadersAfter: 'store 1: 1',
      written: '2 KiB',
    },
    {
      table: 'sbtest2',
      key: '–',
      regionsBefore: '?',
      regionsAfter: '4',
      leadersBefore: '-',
      leadersAfter: 'store 1: 2, store 2: 1, store 3: 1',
      written: '0 B',
    },
  ]);
});

test('the key says what decides where new rows go', () => {
  assert.equal(tableKeyText({ kind: 'row-id', autoIncrement: false, autoRandom: false, shardRowIdBits: 0 }), '_tidb_rowid');
  assert.equal(
    tableKeyText({ kind: 'row-id', autoIncrement: false, autoRandom: false, shardRowIdBits: 4 }),
    '_tidb_rowid, SHARD_ROW_ID_BITS = 4',
  );
  assert.equal(
    tableKeyText({ kind: 'clustered-int', column: 'id', autoIncrement: false, autoRandom: true, shardRowIdBits: 0 }),
    'AUTO_RANDOM id',
  );
  assert.equal(
    tableKeyText({ kind: 'clustered-other', column: 'uuid', autoIncrement: false, autoRandom: false, shardRowIdBits: 0 }),
    'uuid (clustered)',
  );
});

test('hot regions by bytes, the most first, ties by region id', () => {
  assert.deepEqual(
    hotRegionRows(REGIONS).map((row) => [row.table, row.index, row.regionId, row.flow, row.hotDegree, row.store]),
    [
      ['sbtest1', 'k_1', '2', '2 KiB', '12', '1'],
      ['sbtest2', '–', '7', '100 B', '1', '–'],
      ['sbtest2', '–', '9', '100 B', '1', '–'],
    ],
  );
});

test("Copy takes the statement from the loaded run by its finding's and its own place; anything else copies nothing", () => {
  const document = (regions: ServerRegions): ResultsDocument => ({
    kind: 'run',
    target: { kind: 'result', resultId: 'r' },
    run: sampleRun({ server: tidbServer(regions) }),
    warnings: [],
  });
  assert.equal(regionStatementToCopy(document(REGIONS), { finding: 0, statement: 0 }), SPLIT);
  assert.equal(regionStatementToCopy(document(REGIONS), { finding: 1, statement: 1 }), AUTO_RANDOM);
  assert.equal(regionStatementToCopy(document(REGIONS), { finding: 2, statement: 0 }), undefined);
  assert.equal(regionStatementToCopy(document(REGIONS), { finding: '0', statement: 0 }), undefined);
  assert.equal(regionStatementToCopy(document(REGIONS), { finding: 0.5, statement: 0 }), undefined);
  assert.equal(regionStatementToCopy(document(REGIONS), undefined), undefined);
  assert.equal(regionStatement(notTiDBRegions(), 0, 0), undefined);
  assert.equal(
    regionStatementToCopy(
      { kind: 'message', target: { kind: 'result', resultId: 'r' }, title: 't', message: 'm' },
      { finding: 0, statement: 0 },
    ),
    undefined,
  );
});

test("a run's Markdown has its regions, hot regions, findings with their statements and the warnings; none on MariaDB", () => {
  const markdown = runToMarkdown(sampleRun({ server: tidbServer(REGIONS) }));
  assert.match(markdown, /\*\*Regions: before and after the run\*\* \(3 TiKV stores\)/);
  assert.match(markdown, /\| sbtest1 \| AUTO_INCREMENT id \| 1 \| 1 \| store 1: 1 \| store 1: 1 \| 2 KiB \|/);
  assert.match(markdown, /\*\*Hot regions\*\* \(information_schema\.tidb_hot_regions\)/);
  assert.match(markdown, /\| sbtest1 \| k_1 \| write \| 2 \| 2 KiB \| 12 \| 1 \|/);
  assert.match(
    markdown,
    /- Writes piled on one region \(2\)[^\n]*Split the table into regions[^\n]*\n {2}- `` SPLIT TABLE `sbtest1` BETWEEN \(1\) AND \(1000\) REGIONS 16; ``/,
  );
  // a | in a finding's words does not break the list
  assert.match(markdown, /last region \\\| its key increases/);
  assert.match(markdown, /- information_schema\.tidb_hot_regions_history could not be read: denied/);
  assert.doesNotMatch(runToMarkdown(sampleRun({ server: { flavor: 'mariadb', version: '10.11', regions: notTiDBRegions() } })), /Regions/);
});

function bulkLoadExperiment() {
  const experiment = sampleExperiment(
    [
      { workload: 'bulk_load', threads: 2, variant: 'ordered', qps: 10, p95: 1 },
      { workload: 'bulk_load', threads: 2, variant: 'shuffled', qps: 10, p95: 1 },
      { workload: 'bulk_load', threads: 4, variant: 'ordered', qps: 10, p95: 1 },
    ],
    ['ordered', 'shuffled'],
  );
  for (const cell of experiment.cells) delete cell.run.name;
  experiment.cells[0].run.server = tidbServer(REGIONS);
  experiment.cells[2].run.server = tidbServer({ ...REGIONS, findings: [], hotRegions: [] });
  experiment.cells[1].run.server = { flavor: 'mariadb', version: '10.11', regions: notTiDBRegions() };
  return experiment;
}

test("an experiment's cells with regions, in order, each named; the CLI and the Markdown list them run by run", () => {
  const experiment = bulkLoadExperiment();
  const cells = experimentCellRegions(experiment);
  assert.deepEqual(
    cells.map((cell) => [cell.cellIndex, cell.name, regionsChangeText(cell.regions)]),
    [
      [0, 'ordered · 2 threads', 'sbtest1: 1 → 1, sbtest2: ? → 4'],
      [2, 'ordered · 4 threads', 'sbtest1: 1 → 1, sbtest2: ? → 4'],
    ],
  );
  const lines = experimentRegionsLines(experiment);
  assert.equal(lines[0], 'Regions, run by run:');
  assert.equal(lines[1], '  ordered · 2 threads:');
  assert.ok(lines.includes(`          ${SPLIT}`), lines.join('\n'));
  assert.ok(lines.includes('  ordered · 4 threads:'), lines.join('\n'));
  assert.ok(!lines.some((line) => /shuffled/.test(line)), 'the MariaDB cell has no regions');

  const markdown = experimentToMarkdown(experiment);
  assert.match(markdown, /\*\*Regions by run\*\*/);
  assert.match(markdown, /\| ordered · 2 threads \| sbtest1: 1 → 1, sbtest2: \? → 4 \| 3 \| 2 \|/);
  assert.match(markdown, /\| ordered · 4 threads \| sbtest1: 1 → 1, sbtest2: \? → 4 \| 0 \| 0 \|/);
  assert.match(markdown, /- ordered · 2 threads: Writes piled on one region \(2\)/);

  const none = sampleExperiment([{ workload: 'oltp_read_only', threads: 2, variant: 'normal', qps: 1, p95: 1 }]);
  assert.deepEqual(experimentCellRegions(none), []);
  assert.deepEqual(experimentRegionsLines(none), []);
  assert.doesNotMatch(experimentToMarkdown(none), /Regions/);
});
