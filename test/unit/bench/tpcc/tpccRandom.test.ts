// TPC-C's random inputs (spec 2.1.6, 4.3.2, 4.3.3.1) as go-tpc's tpcc/rand.go draws them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lastNameOf, TpccRandom } from '../../../../src/core/bench/tpcc/tpccRandom';

const seeded = (constants = { cLoad: 0, cCustomerId: 0, cItemId: 0 }) => new TpccRandom([1, 2, 3, 4], constants);

test('last names are the syllables of the three digits (spec 4.3.2.3)', () => {
  assert.equal(lastNameOf(0), 'BARBARBAR');
  assert.equal(lastNameOf(371), 'PRICALLYOUGHT');
  assert.equal(lastNameOf(999), 'EINGEINGEING');
  assert.equal(lastNameOf(40), 'BARPRESBAR');
});

test('int(min, max) covers both ends and nothing outside', () => {
  const r = seeded();
  const seen = new Set<number>();
  for (let i = 0; i < 5000; i++) {
    const value = r.int(5, 15);
    assert.ok(Number.isInteger(value) && value >= 5 && value <= 15, String(value));
    seen.add(value);
  }
  assert.equal(seen.size, 11);
  assert.equal(r.int(7, 7), 7);
});

test('NURand customer and item ids stay in [1, 3000] and [1, 100000] and are non-uniform', () => {
  const r = seeded({ cLoad: 17, cCustomerId: 259, cItemId: 7911 });
  const customers = new Map<number, number>();
  for (let i = 0; i < 60_000; i++) {
    const id = r.customerId();
    assert.ok(id >= 1 && id <= 3000, String(id));
    customers.set(id, (customers.get(id) ?? 0) + 1);
  }
  // uniform would give 20 each; NURand's OR with [0, 1023] makes some ids far more frequent
  assert.ok(Math.max(...customers.values()) > 60, `most frequent customer drawn ${Math.max(...customers.values())} times`);
  for (let i = 0; i < 20_000; i++) {
    const id = r.itemId();
    assert.ok(id >= 1 && id <= 100_000, String(id));
  }
});

test('last names of the run come from NURand(255, 0, 999) with C_LOAD added', () => {
  const r = seeded({ cLoad: 0, cCustomerId: 0, cItemId: 0 });
  const names = new Set<string>();
  for (let i = 0; i < 20_000; i++) names.add(r.customerLastName());
  // every name is three syllables of the spec's ten
  for (const name of names) assert.match(name, /^(BAR|OUGHT|ABLE|PRI|PRES|ESE|ANTI|CALLY|ATION|EING){3}$/);
  assert.ok(names.size > 800, `${names.size} distinct names`);
});

test('strings: lengths, alphabets, zip codes, taxes and the 10% ORIGINAL data (spec 4.3.2.2, 4.3.2.7, 4.3.3.1)', () => {
  const r = seeded();
  for (let i = 0; i < 500; i++) {
    assert.match(r.chars(8, 16), /^[a-zA-Z0-9]{8,16}$/);
    assert.match(r.letters(24, 24), /^[A-Z]{24}$/);
    assert.match(r.numbers(16, 16), /^[0-9]{16}$/);
    assert.match(r.zip(), /^[0-9]{4}11111$/);
    const tax = r.tax();
    assert.ok(tax >= 0 && tax <= 0.2 && Number((tax * 10000).toFixed(6)) % 1 === 0, String(tax));
  }
  let original = 0;
  for (let i = 0; i < 10_000; i++) {
    const data = r.originalString();
    assert.ok(data.length >= 26 && data.length <= 50, data);
    if (data.includes('ORIGINAL')) original++;
  }
  assert.ok(original > 800 && original < 1200, `${original} of 10,000 hold ORIGINAL`);
});
