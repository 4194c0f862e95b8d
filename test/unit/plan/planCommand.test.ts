import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runPlanCommand, type PlanCommandIo } from '../../../src/cli/planCommand';
import { readRealPlan, realPlanDir } from './planFixtures';

const scratch = mkdtempSync(join(tmpdir(), 'tidb-lab-plan-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: PlanCommandIo = {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    readStdin: async () => stdin,
  };
  const code = await runPlanCommand(argv, io);
  return { code, out, err };
}

test('text report: the tree with time, rows and engine, then findings', async () => {
  const { code, out, err } = await run([join(realPlanDir, 'streamagg-tablereader-fullscan-pseudo.txt')]);
  assert.equal(code, 0);
  assert.equal(err, '');
  assert.match(out, /^EXPLAIN ANALYZE plan \(mysql client table, 5 operators\): 1\.03 s · 1 row · TiKV · 1 critical, 3 warnings/);
  assert.match(out, /1\.03 s\s+100%\s+1 \/ 1\s+TiDB root\s+632 B\s+StreamAgg_20\n/);
  assert.match(out, /612 ms\*\s+59%\s+19,117,643 \/ 10,000\s+1,912x under\s+TiKV cop\s+└─TableFullScan_18 {2}table:trips/);
  assert.match(out, /\* Times of cop\[tikv\] \/ cop\[tiflash\] operators .* not wall-clock/);
  assert.match(out, /\[critical\] TableFullScan_18: TableFullScan_18 was estimated at 10,000 rows but produced 19,117,643/);
  assert.match(out, /\[warning\] TableReader_21: .*TiKV to feed an aggregation/);
});

test('text report: an operator that did not run (loops:0) is said so, not over-estimated', async () => {
  const { out } = await run([join(realPlanDir, 'index-lookup-copr-cache.txt')]);
  assert.match(out, /- \/ 262,400\s+did not run\s+TiKV cop\s+└─TableRowIDScan_5\(Probe\)/);
  assert.doesNotMatch(out, /262,400x over/);
});

test("text report: FORMAT='ru' plans have their RU columns and the statement's RU in the gist", async () => {
  const { out } = await run([join(realPlanDir, 'explain-analyze-format-ru.txt')]);
  assert.match(out, /^EXPLAIN ANALYZE plan \(tab-separated, 3 operators\): 5 rows · TiKV · RU: 547 · no findings/);
  assert.match(out, /RU own\s+RU total\s+operator\n/);
  assert.match(out, /537\s+547\s+TableReader_7\n/);
  assert.match(out, /10\s+10\s+└─Selection_6\n/);
});

test('--json: {format, roots, findings, warnings} with null where the plan has no value', async () => {
  const { code, out } = await run(['--json', join(realPlanDir, 'hash-join-tikv-spill-disk-column.txt')]);
  assert.equal(code, 0);
  const json = JSON.parse(out);
  assert.equal(json.format, 'mysql-table');
  assert.deepEqual(json.warnings, []);
  assert.equal(json.roots.length, 1);
  const hashJoin = json.roots[0];
  assert.deepEqual(Object.keys(hashJoin), [
    'id',
    'role',
    'estRows',
    'actRows',
    'task',
    'engine',
    'accessObject',
    'operatorInfo',
    'executionInfo',
    'timeMs',
    'memoryBytes',
    'diskBytes',
    'children',
  ]);
  assert.equal(hashJoin.id, 'HashJoin_20');
  assert.equal(hashJoin.role, null);
  assert.equal(hashJoin.accessObject, null);
  assert.equal(hashJoin.diskBytes, 0);
  assert.deepEqual(hashJoin.executionInfo.build_hash_table, { total: 24.6, fetch: 21.2, build: 3.32 });
  assert.deepEqual(
    hashJoin.children.map((child: { id: string; role: string }) => `${child.id} ${child.role}`),
    ['TableReader_23 Build', 'TableReader_25 Probe'],
  );
  assert.equal(hashJoin.children[1].children[0].engine, 'TiKV');
  assert.deepEqual(
    json.findings.map((finding: { code: string }) => finding.code),
    ['misestimate', 'mvcc-garbage'],
  );
  assert.deepEqual(Object.keys(json.findings[0]), ['code', 'severity', 'nodeId', 'nodeIndex', 'message', 'advice']);
});

test('- reads the plan from stdin', async () => {
  const { code, out } = await run(['-'], readRealPlan('point-get.txt'));
  assert.equal(code, 0);
  assert.match(out, /757 µs · 1 row · TiKV · no findings/);
  assert.match(out, /No findings\./);
});

test('a missing file, a directory, a binary file and text without a plan: clear message, exit 1', async () => {
  const missing = await run([join(scratch, 'nope.txt')]);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /cannot read '.*nope\.txt': no such file/);
  assert.equal(missing.out, '');

  const directory = await run([scratch]);
  assert.equal(directory.code, 1);
  assert.match(directory.err, /it is a directory/);

  const binary = join(scratch, 'plan.bin');
  writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
  const binaryRun = await run([binary]);
  assert.equal(binaryRun.code, 1);
  assert.match(binaryRun.err, /not a text file/);

  const prose = join(scratch, 'notes.txt');
  writeFileSync(prose, 'Dear team,\nthe query is slow.\n');
  const proseRun = await run([prose]);
  assert.equal(proseRun.code, 1);
  assert.match(proseRun.err, /no plan operators found in '.*notes\.txt'/);

  const empty = await run(['-'], '');
  assert.equal(empty.code, 1);
  assert.match(empty.err, /empty/);
});

test('usage errors exit 1; --help exits 0', async () => {
  assert.equal((await run([])).code, 1);
  assert.match((await run([])).err, /give one FILE/);
  assert.equal((await run(['a.txt', 'b.txt'])).code, 1);
  const unknown = await run(['--yaml', 'a.txt']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.err, /unknown option '--yaml'/);
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.out, /Usage: tidb-lab plan FILE\|- \[--json\]/);
});
