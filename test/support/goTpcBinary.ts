// Where the tests find go-tpc, the reference TPC-C and CH client: TIDB_LAB_GO_TPC, or the build that
// scripts/install-go-tpc.sh (run by scripts/setup-machine.sh) keeps in the tool cache. Without it a
// test fails under CI (CI builds it: a missing build there is a broken set-up, not a reason to skip)
// and is skipped elsewhere with the reason, as a developer's machine may have no Go.
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';

export const GO_TPC_VERSION = 'v1.0.12';

export interface GoTpcBinary {
  path: string;
  /** why the tests that need go-tpc are skipped (never set under CI: there they throw) */
  missing?: string;
}

export function goTpcBinary(env: NodeJS.ProcessEnv = process.env): GoTpcBinary {
  const path = env.TIDB_LAB_GO_TPC ?? join(env.TIDB_LAB_TOOLS_DIR ?? '/var/cache/tidb-lab-tools', `go-tpc-${GO_TPC_VERSION}`, 'go-tpc');
  try {
    accessSync(path, constants.X_OK);
    return { path };
  } catch {
    const missing = `go-tpc ${GO_TPC_VERSION} is not at ${path}: run scripts/install-go-tpc.sh (it needs Go and the Go module proxy) or set TIDB_LAB_GO_TPC`;
    if (env.CI) throw new Error(missing);
    return { path, missing };
  }
}
