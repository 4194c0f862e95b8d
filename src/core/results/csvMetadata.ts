// The block of "# key,value" lines at the top of a CSV export: what the numbers below are about
// (the run or experiment, the server, the engine, every option), so a file passed around still
// says how it was measured. Readers skip it with their comment option (pandas
// `read_csv(..., comment='#')`, R `read.csv(..., comment.char='#')`); spreadsheets show it as
// rows above the table.
import type { BenchmarkResult, ResultSource, ServerInfo } from './benchmarkResult';
import { csvField } from '../csvWriter';
import { errorCodesText } from './errorCodes';

type MetadataValue = string | number | boolean | undefined;

/** "# key,value" lines, CRLF-terminated; entries without a value are left out. */
export function csvMetadataBlock(entries: readonly [string, MetadataValue][]): string {
  return entries
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `# ${csvField(key)},${csvField(value)}\r\n`)
    .join('');
}

export function serverDescription(server: ServerInfo | undefined): string | undefined {
  if (!server) return undefined;
  const name = {
    tidb: `TiDB v${server.version}`,
    mariadb: `MariaDB ${server.version}`,
    mysql: `MySQL ${server.version}`,
    unknown: server.versionString ?? server.version,
  }[server.flavor];
  return server.host ? `${name} at ${server.host}${server.port ? `:${server.port}` : ''}` : name;
}

export function engineDescription(source: ResultSource): string {
  const tool = `${source.tool} ${source.toolVersion}`.trim();
  if (source.engine === 'sysbench') return `${tool}, sysbench ${source.engineVersion ?? ''}`.trim();
  if (source.engine === 'go-tpc') return `${tool}, go-tpc ${source.engineVersion ?? ''}`.trim();
  if (source.engine === 'builtin') return `${tool}, built-in engine`;
  return source.importedFrom ? `${tool} (imported from ${source.importedFrom})` : tool;
}

/** What a result's CSV export says above its table. */
export function resultMetadata(result: BenchmarkResult, name: string): [string, MetadataValue][] {
  const common: [string, MetadataValue][] = [
    ['result', result.kind === 'run' ? 'benchmark run' : 'experiment'],
    ['name', name],
    ['status', result.status],
    ['started', result.startTime],
    ['duration_s', Math.round(result.durationSec * 1000) / 1000],
    ['server', serverDescription(result.server)],
    ['server_version', result.server?.versionString],
    ['engine', engineDescription(result.source)],
    ['engine_note', result.source.engineNote],
  ];
  if (result.kind === 'run') {
    return [
      ...common,
      ['workload', result.workload],
      ['errors', result.summary.errors],
      ['errors_by_code', errorCodesText(result.summary)],
      ['message', result.message],
      ...Object.entries(result.options)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]): [string, MetadataValue] => [`option.${key}`, value]),
    ];
  }
  const definition = (typeof result.definition === 'object' && result.definition !== null ? result.definition : {}) as {
    options?: unknown;
  };
  const options =
    typeof definition.options === 'object' && definition.options !== null
      ? Object.entries(definition.options as Record<string, unknown>)
      : [];
  return [
    ...common,
    ['variants', result.variants.join(' | ')],
    ['runs', result.cells.length],
    ['message', result.message],
    ...options
      .filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1]))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]): [string, MetadataValue] => [`option.${key}`, value]),
  ];
}
