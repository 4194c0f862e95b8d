// TRACE FORMAT='row' output for the TiDB stand-in (test code). The spans follow the two examples in
// TiDB's cached-tables documentation: a read that goes to TiKV has a regionRequest.SendReqCtx span,
// a read served from the table cache has none. Times are the stand-in's own clock.

import { TRACE_TIKV_REQUEST_SPAN } from '../../src/core/tidb/tidbFacts';
import { synthesizedColumn, textCell, type Cell } from './mysqlPackets';
import type { RowsResult } from './statementResult';

export interface TraceShape {
  /** the statement read at least one table from TiKV */
  readsTiKV: boolean;
  /** a cached table was read (its executor is UnionScan) */
  readsCachedTable: boolean;
}

export function traceResult(shape: TraceShape, now: Date = new Date()): RowsResult {
  const next = shape.readsCachedTable ? '*executor.UnionScanExec.Next' : '*executor.TableReaderExecutor.Next';
  const spans: string[] = [
    'trace',
    '  ├─session.ExecuteStmt',
    '  │ ├─executor.Compile',
    '  │ └─session.runStmt',
    '  │   └─TableReaderExecutor.Open',
  ];
  if (shape.readsTiKV) spans.push('  │     └─distsql.Select', `  │       └─${TRACE_TIKV_REQUEST_SPAN}`);
  spans.push(`  ├─${next}`, `  └─${next}`);
  const start = now.getTime();
  const rows: Cell[][] = spans.map((operation, index) => [
    textCell(operation),
    textCell(clockTime(start + index * 0.05)),
    textCell(`${(400 - index * 25).toFixed(2)}µs`),
  ]);
  return { kind: 'rows', columns: ['operation', 'startTS', 'duration'].map((name) => synthesizedColumn(name)), rows };
}

function clockTime(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const micros = Math.floor((epochMs % 1000) * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(micros, 6)}`;
}
