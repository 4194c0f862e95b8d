// TiDB STAND-IN (test code, never shipped): the plans the stand-in's statement summary gives the
// sysbench statements, on TiKV and, where the table has an available TiFlash replica and TiFlash
// may be read, on TiFlash, as in the TiFlash study (studies/004): range SELECTs as a
// batchCop[tiflash] TableRangeScan, the SUM over a range as MPP, point gets and writes on TiKV.
// Operator shapes follow the real plans in test/fixtures/tidb-plans/ (point-get.txt,
// streamagg-indexreader-rangescan.txt, explain-mpp-shuffle-hash-join.txt, the study's
// batchCop[tiflash] plan). Two text forms, as TiDB gives them:
// - the PLAN column: pingcap/tidb pkg/util/plancodec/codec.go DecodePlan: a header row, then one
//   row per operator, each starting with a tab, fields tab-separated (id with tree glyphs, task,
//   estRows, operator info with the access object in front), and the task of the old encoding:
//   root or cop[store] only, so TiFlash batchCop/MPP tasks read cop[tiflash] there;
// - tidb_decode_binary_plan(BINARY_PLAN): docs functions-and-operators/tidb-functions.md, pipe rows
//   "| id | estRows | estCost | actRows | task | access object | execution info | operator info |
//   memory | disk |" without border lines, real task kinds.
import { createHash } from 'node:crypto';

interface Operator {
  depth: number;
  id: string;
  task: 'root' | 'cop[tikv]' | 'batchCop[tiflash]' | 'mpp[tiflash]';
  estRows: string;
  access: string;
  info: string;
}

export interface SummaryPlan {
  /** the PLAN column (decoded, old task names) */
  plan: string;
  /** what tidb_decode_binary_plan returns for BINARY_PLAN */
  decodedBinaryPlan: string;
  /** the BINARY_PLAN value: TiDB's is base64 of a snappy-compressed protobuf; the stand-in's is an opaque base64 token it decodes itself */
  binaryPlan: string;
  planDigest: string;
}

const RANGE = 'range:[1,100], keep order:false';

function pointGet(table: string): Operator[] {
  return [{ depth: 0, id: 'Point_Get_1', task: 'root', estRows: '1.00', access: `table:${table}`, info: 'handle:?' }];
}

function rangeScan(table: string, tiflash: boolean, depth: number, id = 'TableRangeScan_6'): Operator {
  return { depth, id, task: tiflash ? 'batchCop[tiflash]' : 'cop[tikv]', estRows: '100.00', access: `table:${table}`, info: RANGE };
}

/** The plan of a normalized sysbench statement; null for statements without one (BEGIN, COMMIT). */
export function sysbenchPlan(digestText: string, table: string, tiflash: boolean): Operator[] | null {
  const text = digestText.toLowerCase();
  if (/^(begin|start transaction|commit|rollback)\b/.test(text)) return null;
  if (/^insert\b/.test(text)) return [{ depth: 0, id: 'Insert_1', task: 'root', estRows: 'N/A', access: '', info: 'N/A' }];
  if (/^delete\b/.test(text))
    return [
      { depth: 0, id: 'Delete_2', task: 'root', estRows: 'N/A', access: '', info: 'N/A' },
      { ...pointGet(table)[0], depth: 1 },
    ];
  if (/^update\b/.test(text))
    return [
      { depth: 0, id: 'Update_2', task: 'root', estRows: 'N/A', access: '', info: 'N/A' },
      { ...pointGet(table)[0], depth: 1 },
    ];
  if (!/^select\b/.test(text)) return null;
  if (/ between /.test(text)) {
    if (/^select sum/.test(text)) {
      if (tiflash) {
        return [
          { depth: 0, id: 'HashAgg_21', task: 'root', estRows: '1.00', access: '', info: 'funcs:sum(Column#6)->Column#5' },
          { depth: 1, id: 'TableReader_23', task: 'root', estRows: '1.00', access: '', info: 'MppVersion: 2, data:ExchangeSender_22' },
          { depth: 2, id: 'ExchangeSender_22', task: 'mpp[tiflash]', estRows: '1.00', access: '', info: 'ExchangeType: PassThrough' },
          { depth: 3, id: 'HashAgg_9', task: 'mpp[tiflash]', estRows: '1.00', access: '', info: 'funcs:sum(sbtest.sbtest1.k)->Column#6' },
          { ...rangeScan(table, true, 4, 'TableRangeScan_20'), task: 'mpp[tiflash]' },
        ];
      }
      return [
        { depth: 0, id: 'StreamAgg_9', task: 'root', estRows: '1.00', access: '', info: 'funcs:sum(Column#6)->Column#5' },
        { depth: 1, id: 'TableReader_10', task: 'root', estRows: '1.00', access: '', info: 'data:StreamAgg_5' },
        { depth: 2, id: 'StreamAgg_5', task: 'cop[tikv]', estRows: '1.00', access: '', info: 'funcs:sum(sbtest.sbtest1.k)->Column#6' },
        rangeScan(table, false, 3, 'TableRangeScan_8'),
      ];
    }
    const reader: Operator[] = [
      { depth: 0, id: 'TableReader_7', task: 'root', estRows: '100.00', access: '', info: 'data:TableRangeScan_6' },
      rangeScan(table, tiflash, 1),
    ];
    if (/^select distinct/.test(text)) {
      return [
        { depth: 0, id: 'Sort_6', task: 'root', estRows: '100.00', access: '', info: 'sbtest.sbtest1.c' },
        {
          depth: 1,
          id: 'HashAgg_8',
          task: 'root',
          estRows: '100.00',
          access: '',
          info: 'group by:sbtest.sbtest1.c, funcs:firstrow(sbtest.sbtest1.c)->sbtest.sbtest1.c',
        },
        ...reader.map((operator) => ({ ...operator, depth: operator.depth + 2 })),
      ];
    }
    if (/ order by /.test(text)) {
      return [
        { depth: 0, id: 'Sort_4', task: 'root', estRows: '100.00', access: '', info: 'sbtest.sbtest1.c' },
        ...reader.map((operator) => ({ ...operator, depth: operator.depth + 1 })),
      ];
    }
    return reader;
  }
  if (/ where id = \?/.test(text)) return pointGet(table);
  return null;
}

/** TiDB's tree glyphs for a row at `depth` whose later siblings are not drawn (every plan here is a chain). */
function treeId(operator: Operator): string {
  return operator.depth === 0 ? operator.id : `${' '.repeat(2 * (operator.depth - 1))}└─${operator.id}`;
}

function legacyTask(task: Operator['task']): string {
  return task === 'root' ? 'root' : task === 'cop[tikv]' ? 'cop[tikv]' : 'cop[tiflash]';
}

export function summaryPlan(operators: Operator[]): SummaryPlan {
  const legacyRows = [
    ['id', 'task', 'estRows', 'operator info'],
    ...operators.map((operator) => [
      treeId(operator),
      legacyTask(operator.task),
      operator.estRows,
      [operator.access, operator.info].filter(Boolean).join(', '),
    ]),
  ];
  const widths = legacyRows[0].map((_, column) => Math.max(...legacyRows.map((row) => [...row[column]].length)));
  const plan = legacyRows
    .map(
      (row) =>
        `\t${row.map((cell, column) => (column === row.length - 1 ? cell : cell + ' '.repeat(widths[column] - [...cell].length))).join('\t')}`,
    )
    .join('\n');
  const binaryRows = [
    ['id', 'estRows', 'estCost', 'actRows', 'task', 'access object', 'execution info', 'operator info', 'memory', 'disk'],
    ...operators.map((operator) => [
      treeId(operator),
      operator.estRows,
      'N/A',
      'N/A',
      operator.task,
      operator.access,
      '',
      operator.info,
      'N/A',
      'N/A',
    ]),
  ];
  const binaryWidths = binaryRows[0].map((_, column) => Math.max(...binaryRows.map((row) => [...row[column]].length)));
  const decodedBinaryPlan = binaryRows
    .map((row) => `| ${row.map((cell, column) => cell + ' '.repeat(binaryWidths[column] - [...cell].length)).join(' | ')} |`)
    .join('\n');
  // TiDB's plan digest is a sha256 of the normalized plan (operators and tasks, no constants)
  const planDigest = createHash('sha256')
    .update(operators.map((operator) => `${operator.depth}\t${operator.id.replace(/_\d+$/, '')}\t${operator.task}`).join('\n'))
    .digest('hex');
  return { plan, decodedBinaryPlan, binaryPlan: Buffer.from(`tidb-lab-standin-binary-plan:${planDigest}`).toString('base64'), planDigest };
}
