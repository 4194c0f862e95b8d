// go-tpc's `ch run --use-explain`: each analytical query goes with "explain analyze" in place of its
// /*PLACEHOLDER*/ comment (ch/workload.go), its latency measured as usual, and the plan printed as a
// table to stderr instead of the rows being read (pkg/util/explain.go, go-pretty's default style:
// upper-case headers, +-| borders). MariaDB has no EXPLAIN ANALYZE: its ANALYZE statement runs the
// query and returns the plan with the actual rows (r_rows), so on MariaDB the prefix is "analyze".
import type { ServerFlavor } from '../../db/serverFlavor';
import type { SqlRow } from '../../db/sqlExecutor';

const PLACEHOLDER = '/*PLACEHOLDER*/';

export function explainAnalyzePrefix(flavor: ServerFlavor): string {
  return flavor === 'mariadb' ? 'analyze' : 'explain analyze';
}

/** The query text with its first /*PLACEHOLDER*\/ replaced by the prefix, as go-tpc's strings.Replace(query, ..., 1). */
export function explainAnalyzeQuery(query: string, prefix: string): string {
  return query.replace(PLACEHOLDER, prefix);
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
};

/** The rows as go-pretty renders a table by default. */
export function explainTable(rows: readonly SqlRow[]): string {
  const columns = rows.length > 0 ? Object.keys(rows[0]) : [];
  const cells = rows.map((row) => columns.map((column) => cellText(row[column])));
  const header = columns.map((column) => column.toUpperCase());
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
  const border = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  const line = (values: readonly string[]) => `| ${values.map((value, i) => value.padEnd(widths[i])).join(' | ')} |`;
  return [border, line(header), border, ...cells.map(line), border].join('\n');
}

/** go-tpc's line before the table: "explain analyze result of query q1 (takes 1.234s):" */
export function explainHeading(query: string, ms: number): string {
  return `explain analyze result of query ${query} (takes ${goDuration(ms)}):`;
}

/** Go's time.Duration String() for the durations a query takes: 850µs, 12.5ms, 1.234567s, 2m3.5s. */
function goDuration(ms: number): string {
  const trim = (value: number, decimals: number) => value.toFixed(decimals).replace(/\.?0+$/, '');
  if (ms < 1) return `${trim(ms * 1000, 3)}µs`;
  if (ms < 1000) return `${trim(ms, 6)}ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${trim(seconds, 9)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${trim(seconds - minutes * 60, 9)}s`;
}
