// What a saved chart says it is about, under its title and in its PNG text chunks: the run's name (when
// it has one), workload and threads, the connection it ran on, the server and the date.

import type { ServerInfo } from './benchmarkResult';

export interface ChartIdentitySource {
  /** the run's own name; left out when it only repeats workload and threads */
  name?: string;
  workload: string;
  threads?: number;
  /** the connection's name in the editor; results saved before it was recorded fall back to host:port */
  connection?: string;
  server?: ServerInfo;
  /** ISO 8601 */
  startTime: string;
}

/** The localized pieces; the webview passes its strings and locale. */
export interface ChartIdentityWords {
  threads(count: number): string;
  server(server: ServerInfo): string;
  date(iso: string): string;
}

/** "oltp_read_write · 16 threads · staging · TiDB v8.5.1 · 12/1/2026, 4:13:51 PM" */
export function chartIdentity(source: ChartIdentitySource, words: ChartIdentityWords): string {
  const workloadThreads = [source.workload, source.threads === undefined ? '' : words.threads(source.threads)].filter(Boolean).join(' · ');
  const where = source.server?.host ? `${source.server.host}${source.server.port ? `:${source.server.port}` : ''}` : '';
  return [
    source.name !== undefined && source.name !== workloadThreads ? source.name : '',
    workloadThreads,
    source.connection ?? where,
    source.server ? words.server(source.server) : '',
    words.date(source.startTime),
  ]
    .filter(Boolean)
    .join(' · ');
}
