// Which session a benchmark's run works on, and what that choice leaves alone: a connection picked
// for a run (Run Benchmark, Run TPC-C, an SQL file as a benchmark) is connected when needed but
// never made the active connection; only the user changes that (the tree, the status bar). Pure
// of vscode, so the rule is unit-tested.

export interface BenchmarkConnections<S> {
  connect(profileId: string, options: { makeActive: boolean }): Promise<S | undefined>;
  requireActiveSession(): Promise<S | undefined>;
}

/** The picked connection's session (connected if it is not), else the active one's. */
export function benchmarkSession<S>(connections: BenchmarkConnections<S>, profileId: string | undefined): Promise<S | undefined> {
  return profileId ? connections.connect(profileId, { makeActive: false }) : connections.requireActiveSession();
}
