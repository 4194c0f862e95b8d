// Whether a TPC-C run had keying and think times: what its efficiency note depends on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { ranWithoutWait, tpccNoWaitNote } from '../../../src/core/results/tpccWait';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';

describe('a TPC-C run without keying and think time', () => {
  test("TiDB Lab's runs say wait: false; a go-tpc log without --wait ran go-tpc's default; one with --wait did not", () => {
    assert.equal(ranWithoutWait({ options: { warehouses: 4, wait: false } }), true);
    assert.equal(ranWithoutWait({ options: { warehouses: 4 } }), true);
    const log = readBenchmarkLog('go-tpc-tpcc.log');
    const [plain] = importGoTpcLog(log).results;
    assert.equal(ranWithoutWait(plain), true);
    const [waited] = importGoTpcLog(log.replace('--interval 10s', '--interval 10s --wait')).results;
    assert.equal(waited.options.wait, true);
    assert.equal(ranWithoutWait(waited), false);
    assert.equal(ranWithoutWait({ options: { wait: 'true' } }), false);
  });

  test('the note names the cap it is measured against', () => {
    assert.equal(
      tpccNoWaitNote(),
      "efficiency over 100% is possible: this run had no keying and think time (go-tpc's default); the spec caps a warehouse at 12.86 tpmC",
    );
  });
});
