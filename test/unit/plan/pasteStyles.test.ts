// The same plan pasted in every shape people paste plans in reads as the same tree.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePlanText, planNodes, type ParsedPlan } from '../../../src/core/plan';
import { readDerivedPlan, readRealPlan } from './planFixtures';

const BASE = 'hash-join-tikv-spill-disk-column.txt';

interface Table {
  names: string[];
  /** Cells trimmed, except the id cell keeps its tree prefix. */
  rows: string[][];
}

/** The fixture's clean mysql client table, read with a plain split (this file has no ` | ` inside cells). */
function readBaseTable(name = BASE): Table {
  const lines = readRealPlan(name)
    .split('\n')
    .filter((line) => line.startsWith('| '));
  const split = (line: string) => line.slice(2, -2).split(' | ');
  const [header, ...rows] = lines;
  return {
    names: split(header).map((cell) => cell.trim()),
    rows: rows.map((row) => split(row).map((cell, i) => (i === 0 ? cell.trimEnd() : cell.trim()))),
  };
}

function shape(plan: ParsedPlan): string[] {
  return planNodes(plan.roots).map(
    (node) =>
      `${node.depth} ${node.id} ${node.role ?? '-'} ${node.task} ${node.estRows} ${node.actRows} ${node.timeMs} ${node.memoryBytes} ${node.diskBytes}`,
  );
}

const expected = shape(parsePlanText(readRealPlan(BASE)));

test('the base plan reads as the six operators of the hash join', () => {
  assert.deepEqual(expected, [
    '0 HashJoin_20 - root 90000 0 313.6 33554432 0',
    '1 TableReader_23 Build root 9955.54 10000 23.6 15623782 null',
    '2 Selection_22 - cop[tikv] 9955.54 10000 104 null null',
    '3 TableFullScan_21 - cop[tikv] 71010 71010 101 null null',
    '1 TableReader_25 Probe root 90000 90000 293.7 61446554 null',
    '2 TableFullScan_24 - cop[tikv] 90000 90000 31 null null',
  ]);
});

test('mysql client table without borders, with prompt, footer and CRLF line ends', () => {
  const { names, rows } = readBaseTable();
  const text = [
    'mysql> EXPLAIN ANALYZE SELECT ...;',
    names.join(' | '),
    ...rows.map((row) => row.join(' | ')),
    '6 rows in set (0.31 sec)',
  ].join('\r\n');
  const plan = parsePlanText(text);
  assert.equal(plan.format, 'pipe-table');
  assert.deepEqual(shape(plan), expected);
});

test('GitHub markdown table with unpadded cells', () => {
  const { names, rows } = readBaseTable();
  const text = [`|${names.join('|')}|`, `|${names.map(() => '---').join('|')}|`, ...rows.map((row) => `|${row.join('|')}|`)].join('\n');
  const plan = parsePlanText(text);
  assert.equal(plan.format, 'markdown-table');
  assert.deepEqual(shape(plan), expected);
});

test('markdown escapes a pipe inside a cell as \\|', () => {
  const { names, rows } = readBaseTable();
  const edited = rows.map((row) => row.map((cell) => cell.replace('eq(test.t1.int_col, 1)', 'like(test.t1.s, "a\\|b", 92)')));
  const text = [`| ${names.join(' | ')} |`, `|${names.map(() => ':--').join('|')}|`, ...edited.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
  const plan = parsePlanText(text);
  assert.deepEqual(shape(plan), expected);
  assert.equal(planNodes(plan.roots)[2].operatorInfo, 'like(test.t1.s, "a|b", 92)');
});

test('a | inside operator info of a mysql client table does not split the cell', () => {
  const text = readRealPlan(BASE).replace('| eq(test.t1.int_col, 1)   ', '| eq(test.t1.s, "x|y", 1) ');
  const plan = parsePlanText(text);
  assert.deepEqual(shape(plan), expected);
  assert.equal(planNodes(plan.roots)[2].operatorInfo, 'eq(test.t1.s, "x|y", 1)');
});

test('tab-separated (copied from a GUI client or a spreadsheet)', () => {
  const { names, rows } = readBaseTable();
  const plan = parsePlanText([names.join('\t'), ...rows.map((row) => row.join('\t'))].join('\n'));
  assert.equal(plan.format, 'tab-separated');
  assert.deepEqual(shape(plan), expected);
});

test('\\G vertical output', () => {
  const { names, rows } = readBaseTable();
  const width = Math.max(...names.map((name) => name.length));
  const text = rows
    .map((row, r) =>
      [
        `*************************** ${r + 1}. row ***************************`,
        ...names.map((name, i) => `${name.padStart(width)}: ${row[i]}`),
      ].join('\n'),
    )
    .join('\n');
  const plan = parsePlanText(`${text}\n6 rows in set (0.31 sec)`);
  assert.equal(plan.format, 'vertical');
  assert.deepEqual(shape(plan), expected);
});

test('tidb_decode_plan() as TiDB returns it: tab-separated, slow-log column order, inside \\G', () => {
  const { rows } = readBaseTable();
  const order = [0, 3, 1, 6, 2, 5, 7, 8]; // id, task, estRows, operator info, actRows, execution info, memory, disk
  const planText = [
    '\tid\ttask\testRows\toperator info\tactRows\texecution info\tmemory\tdisk',
    ...rows.map((row) => `\t${order.map((i) => row[i]).join('\t')}`),
  ].join('\n');
  const plan = parsePlanText(
    `*************************** 1. row ***************************\ntidb_decode_plan('8QIYMAkzMV'): ${planText}\n`,
  );
  assert.equal(plan.layout, 'slow-log');
  assert.deepEqual(shape(plan), expected);
});

test('re-indented tree: four spaces per level', () => {
  const { names, rows } = readBaseTable();
  const reindented = rows.map(([id, ...rest]) => {
    const prefix = /^[\s│├└─]*/.exec(id)?.[0] ?? '';
    const wide = prefix.replace(/│ /g, '│   ').replace(/ {2}/g, '    ');
    return [wide + id.slice(prefix.length), ...rest];
  });
  const plan = parsePlanText([names.join(' | '), ...reindented.map((row) => row.join(' | '))].join('\n'));
  assert.deepEqual(shape(plan), expected);
});

test('mangled indentation: every glyph flush left, depth recovered from the └─ glyphs', () => {
  const text = readRealPlan('streamagg-tablereader-fullscan-pseudo.txt').replace(/\| +(└─)/g, '| $1');
  const plan = parsePlanText(text);
  assert.deepEqual(
    planNodes(plan.roots).map((node) => `${node.depth} ${node.id}`),
    ['0 StreamAgg_20', '1 TableReader_21', '2 StreamAgg_9', '3 Selection_19', '4 TableFullScan_18'],
  );
  assert.ok(plan.warnings.some((warning) => /indentation of 3 operators/.test(warning)));
});

test('glyphs and indentation stripped entirely (markdown renderers do this): the tree is inferred', () => {
  const { names, rows } = readBaseTable();
  const flat = rows.map(([id, ...rest]) => [id.replace(/^[\s│├└─]+/, ''), ...rest]);
  const plan = parsePlanText(
    [`| ${names.join(' | ')} |`, `|${names.map(() => '---').join('|')}|`, ...flat.map((row) => `| ${row.join(' | ')} |`)].join('\n'),
  );
  assert.deepEqual(shape(plan), expected);
  assert.ok(plan.warnings.some((warning) => /inferred/.test(warning)));
});

test('wrapped lines: long rows broken at a space and continued on the next line', () => {
  const lines = readRealPlan(BASE)
    .split('\n')
    .map((line) => {
      if (!line.startsWith('| ') || line.length < 200) return line;
      const cut = line.indexOf(', ', 150);
      if (cut === -1) return line;
      return `${line.slice(0, cut + 1)}\n${line.slice(cut + 2)}`;
    });
  const plan = parsePlanText(lines.join('\n'));
  assert.deepEqual(shape(plan), expected);
  const scan = planNodes(plan.roots)[5];
  assert.equal((scan.executionInfo?.scan_detail as Record<string, unknown>).total_keys, 69753);
});

test('psql wraps a long value onto continuation rows marked with +', () => {
  const text = [
    ' id                | estRows | actRows | task      | access object | execution info                  | operator info      | memory  | disk',
    '-------------------+---------+---------+-----------+---------------+---------------------------------+--------------------+---------+------',
    ' TableReader_5     | 13.00   | 13      | root      |               | time:923.459µs, loops:2, cop_ +| data:TableFullScan_4 | 632 Bytes | N/A',
    '                   |         |         |           |               | task: {num: 4, max: 839.788µs} |                    |         |',
    ' └─TableFullScan_4 | 13.00   | 13      | cop[tikv] | table:t1      | tikv_task:{time:0s, loops:4}    | keep order:false   | N/A     | N/A',
    '(2 rows)',
  ].join('\n');
  const plan = parsePlanText(text);
  const [reader, scan] = planNodes(plan.roots);
  assert.equal(planNodes(plan.roots).length, 2);
  assert.equal(reader.timeMs, 0.923459);
  assert.equal(reader.executionInfoText, 'time:923.459µs, loops:2, cop_ task: {num: 4, max: 839.788µs}');
  assert.equal(scan.depth, 1);
});

test('cells truncated with ... keep the tree and the numbers, and say what was cut', () => {
  const { names, rows } = readBaseTable();
  const cut = rows.map((row) =>
    row.map((cell, i) => (names[i] === 'execution info' && cell.length > 40 ? `${cell.slice(0, 40)}...` : cell)),
  );
  const plan = parsePlanText([names.join(' | '), ...cut.map((row) => row.join(' | '))].join('\n'));
  assert.deepEqual(
    planNodes(plan.roots).map((node) => `${node.depth} ${node.id} ${node.actRows}`),
    expected.map((line) =>
      line
        .split(' ')
        .filter((_, i) => [0, 1, 5].includes(i))
        .join(' '),
    ),
  );
  assert.ok(planNodes(plan.roots).every((node) => node.truncated));
  assert.ok(plan.warnings.some((warning) => /6 operator rows were cut off with '\.\.\.'/.test(warning)));
});

test('rows pasted without their header: the column layout is guessed from the cell count and the task column', () => {
  const body = readRealPlan(BASE)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| id'));
  const plan = parsePlanText(body.join('\n'));
  assert.deepEqual(shape(plan), expected);
  assert.ok(plan.warnings.some((warning) => /no header row/.test(warning)));
});

test("FORMAT='tidb_json', bare and inside a mysql client table cell", () => {
  const json = readDerivedPlan('hash-join-tidb-json.json');
  const bare = parsePlanText(json);
  assert.equal(bare.format, 'tidb_json');
  assert.deepEqual(shape(bare), expected);
  const framed = ['+-----------+', '| TiDB_JSON |', '+-----------+', `| ${json.trimEnd()} |`, '+-----------+', '1 row in set'].join('\n');
  assert.deepEqual(shape(parsePlanText(framed)), expected);
});

test("FORMAT='dot' keeps the cluster task and the edge order", () => {
  const plan = parsePlanText(readRealPlan('explain-format-dot.txt'));
  const join = plan.roots[0].children[0];
  assert.deepEqual(
    join.children.map((child) => child.id),
    ['TableReader_13', 'Selection_14'],
  );
  assert.equal(planNodes(plan.roots).find((node) => node.id === 'TableFullScan_15')?.engine, 'TiKV');
});

test('a CTE root is linked to the operator that reads it, by id and index only', () => {
  const plan = parsePlanText(readDerivedPlan('cte-recursive-constructed.txt'));
  assert.deepEqual(
    plan.roots.map((root) => root.id),
    ['CTEFullScan_17', 'CTE_0'],
  );
  const [scan, cte] = plan.roots;
  assert.deepEqual(scan.uses, ['CTE_0']);
  assert.deepEqual(cte.usedBy, [scan.index]);
  assert.deepEqual(
    cte.children.map((child) => `${child.id} ${child.role}`),
    ['Projection_12 Seed Part', 'Projection_14 Recursive Part'],
  );
  // The recursive part reads CTE_0 from inside its own tree: no self-link.
  assert.equal(planNodes(plan.roots).filter((node) => node.uses.length > 0).length, 1);
});

test('the scalar subquery root is linked through its output column', () => {
  const plan = parsePlanText(readRealPlan('explain-scalar-subquery-multi-root.txt'));
  assert.deepEqual(plan.roots[0].uses, ['ScalarSubQuery_10']);
  assert.deepEqual(plan.roots[1].usedBy, [0]);
});

test('the model is plain data: it survives JSON and structuredClone unchanged', () => {
  for (const name of [BASE, 'explain-scalar-subquery-multi-root.txt']) {
    const plan = parsePlanText(readRealPlan(name));
    assert.deepEqual(JSON.parse(JSON.stringify(plan)), plan);
    assert.deepEqual(structuredClone(plan), plan);
  }
});
