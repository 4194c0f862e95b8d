// The "Prepare and Run" question before TPC-C and CH-benCHmark runs names the tables prepare drops,
// or says it creates them: never an empty "(–)" where the tables would be.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prepareDetail, type Translate } from '../../../src/extension/benchmarks/tpccPrepareDetail';

/** vscode.l10n.t without a translation: {n} filled with the n-th argument. */
const t: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)]));

test('an empty database: prepare creates the tables, with no empty placeholder', () => {
  const detail = prepareDetail(t, { tables: [], warehouses: 1, ch: false });
  assert.equal(detail, 'Prepare creates the TPC-C tables there and loads 1 warehouse, then the run starts.');
  assert.doesNotMatch(detail, /\(–\)|\(\)/);
});

test('existing tables are counted and named, warehouses in the plural', () => {
  assert.equal(
    prepareDetail(t, { tables: ['customer', 'district'], warehouses: 4, ch: false }),
    'Prepare drops the 2 TPC-C tables there (customer, district) and loads 4 warehouses, then the run starts.',
  );
  assert.equal(
    prepareDetail(t, { tables: ['warehouse'], warehouses: 2, ch: false }),
    'Prepare drops the TPC-C table there (warehouse) and loads 2 warehouses, then the run starts.',
  );
});

test("CH-benCHmark's prepare says it adds its own tables too", () => {
  assert.equal(
    prepareDetail(t, { tables: [], warehouses: 1, ch: true }),
    "Prepare creates the TPC-C tables there and loads 1 warehouse, adds CH-benCHmark's nation, region and supplier, then the run starts.",
  );
});
