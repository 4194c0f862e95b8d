// nation, region and supplier as go-tpc's ch prepare loads them (dbgen at scale factor 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { insertStatements } from '../../../../src/core/bench/ch/prepareChTables';
import { money, nationRows, regionRows, supplierRows, TPCH_NATIONS } from '../../../../src/core/bench/ch/chTableRows';

test("25 nations and 5 regions with TPC-H's names and keys (the names the queries filter on)", () => {
  const nations = nationRows();
  assert.equal(nations.length, 25);
  assert.deepEqual(nations[18].slice(0, 3), [18, 'CHINA', 2]);
  assert.deepEqual(nations[12].slice(0, 3), [12, 'JAPAN', 2]);
  assert.deepEqual(nations[8].slice(0, 3), [8, 'INDIA', 2]);
  assert.deepEqual(nations[7].slice(0, 3), [7, 'GERMANY', 3]);
  assert.deepEqual(
    regionRows().map((row) => row.slice(0, 2)),
    [
      [0, 'AFRICA'],
      [1, 'AMERICA'],
      [2, 'ASIA'],
      [3, 'EUROPE'],
      [4, 'MIDDLE EAST'],
    ],
  );
  // every region has 5 nations in TPC-H
  for (let region = 0; region < 5; region++) assert.equal(TPCH_NATIONS.filter(([, key]) => key === region).length, 5);
  for (const row of [...nations, ...regionRows()]) assert.ok(String(row.at(-1)).length <= 152);
});

test('10,000 suppliers in the shape of dbgen and within the DDL column sizes; the same rows every time', () => {
  const rows = supplierRows();
  assert.equal(rows.length, 10_000);
  assert.deepEqual(rows[0].slice(0, 2), [1, 'Supplier#000000001']);
  assert.equal(rows[9999][1], 'Supplier#000010000');
  const nations = new Set<number>();
  let bbb = 0;
  for (const [, name, address, nation, phone, balance, comment] of rows) {
    assert.ok(String(name).length <= 25);
    assert.ok(String(address).length >= 10 && String(address).length <= 40);
    nations.add(Number(nation));
    assert.match(String(phone), new RegExp(`^${10 + Number(nation)}-\\d{3}-\\d{3}-\\d{4}$`));
    assert.ok(Number(balance) >= -999.99 && Number(balance) <= 9999.99);
    assert.ok(String(comment).length <= 101, String(comment));
    if (/Customer .*(Complaints|Recommends)/.test(String(comment))) bbb++;
  }
  assert.equal(nations.size, 25);
  assert.ok(bbb > 0 && bbb < 40, `${bbb} suppliers with Customer ... Complaints/Recommends`);
  assert.deepEqual(supplierRows(50), rows.slice(0, 50));
});

test("dbgen's money format and batched INSERTs with quoted strings", () => {
  assert.equal(money(-99999), '-999.99');
  assert.equal(money(5), '0.05');
  assert.equal(money(123456), '1234.56');
  const statements = insertStatements('supplier', supplierRows(1001));
  assert.equal(statements.length, 3);
  assert.ok(statements[0].startsWith('INSERT INTO supplier (S_SUPPKEY, S_NAME,'));
  const [nation] = insertStatements('nation', [[0, "O'HARA", 1, 'x']]);
  assert.equal(nation, "INSERT INTO nation (N_NATIONKEY, N_NAME, N_REGIONKEY, N_COMMENT) VALUES (0,'O''HARA',1,'x')");
});
