// What made a run's load and where it ran, as a reader names them: the engine ("built-in",
// "sysbench 1.0.20", "sysbench 1.0.20 (imported log)") and the connection ("local", else the
// server's host:port). A comparison says both for each run and warns when they differ.
import type { RunResult } from './benchmarkResult';

const TIDB_LAB = 'tidb-lab';

export interface RunEngine {
  /** the same for runs whose load the same program made (a TiDB Lab sysbench run and an imported sysbench log) */
  key: string;
  text: string;
}

export function runEngine(run: RunResult): RunEngine {
  const source = run.source;
  if (source.tool === TIDB_LAB) {
    if (source.engine !== 'sysbench' && source.engine !== 'go-tpc') return { key: 'built-in', text: 'built-in' };
    const text = `${source.engine} ${source.engineVersion ?? ''}`.trim();
    return { key: text, text };
  }
  const key = `${source.tool} ${source.toolVersion === 'unknown' ? '' : source.toolVersion}`.trim();
  return { key, text: `${key} (imported log)` };
}

/** The connection's name in the editor, with the server's host:port when known; null when neither is. */
export function runConnection(run: RunResult): { key: string; text: string } | null {
  const server = run.server;
  const endpoint = server?.host !== undefined ? (server.port !== undefined ? `${server.host}:${server.port}` : server.host) : undefined;
  if (run.connection !== undefined && run.connection !== '')
    return { key: endpoint ?? run.connection, text: endpoint !== undefined ? `${run.connection} (${endpoint})` : run.connection };
  return endpoint !== undefined ? { key: endpoint, text: endpoint } : null;
}
