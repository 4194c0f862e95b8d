// The TPC-C headline tiles: tpmC, tpmTotal and efficiency, with the note under an efficiency
// that no keying and think time lets pass 100 %.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { tpccFiguresOf } from '../../../src/core/results/tpccFigures';
import { ranWithoutWait } from '../../../src/core/results/tpccWait';
import type { BenchmarkResultsStrings } from '../../../src/protocol/benchmarkResults';
import { NumberFormatter } from '../../../webview/benchmarkResults/numberFormat';
import { tpccTiles } from '../../../webview/benchmarkResults/tpccTiles';
import type { ViewContext } from '../../../webview/benchmarkResults/viewContext';
import { readBenchmarkLog } from '../results/support/benchmarkLogFixtures';

describe('TPC-C tiles', () => {
  const context = {
    strings: {
      tpmC: 'tpmC',
      tpmTotal: 'tpmTotal',
      efficiency: 'efficiency',
      qphH: 'QphH',
      tpccNoWaitNote:
        "efficiency over 100% is possible: this run had no keying and think time (go-tpc's default); the spec caps a warehouse at {0} tpmC",
    } as BenchmarkResultsStrings,
    format: new NumberFormatter('en-US'),
  } as ViewContext;
  const log = readBenchmarkLog('go-tpc-tpcc.log');

  test('a run without keying and think time: the efficiency tile says why it can pass 100 %, the others carry no note', () => {
    const [run] = importGoTpcLog(log).results;
    const tiles = tpccTiles(context, tpccFiguresOf(run), false, ranWithoutWait(run));
    const efficiency = tiles.find((tile) => tile.key === 'efficiency');
    assert.equal(efficiency?.value, '5,397 %');
    assert.equal(
      efficiency?.note,
      "efficiency over 100% is possible: this run had no keying and think time (go-tpc's default); the spec caps a warehouse at 12.86 tpmC",
    );
    assert.deepEqual(
      tiles.filter((tile) => tile.note !== undefined).map((tile) => tile.key),
      ['efficiency'],
    );
  });

  test('a go-tpc run with --wait has no note', () => {
    const [run] = importGoTpcLog(log.replace('--interval 10s', '--interval 10s --wait')).results;
    const tiles = tpccTiles(context, tpccFiguresOf(run), false, ranWithoutWait(run));
    assert.deepEqual(
      tiles.filter((tile) => tile.note !== undefined),
      [],
    );
  });
});
