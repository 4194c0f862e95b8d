import { resolve } from 'node:path';

// Tests run compiled, from out/test/e2e/support/.
export const repoRoot = resolve(__dirname, '..', '..', '..', '..');

export const vsixPath = process.env.TIDB_LAB_VSIX ?? resolve(repoRoot, 'dist-vsix', 'tidb-lab.vsix');

export const testResultsDir = resolve(repoRoot, 'test-results');
export const screenshotsDir = resolve(testResultsDir, 'screenshots');
export const failuresDir = resolve(testResultsDir, 'failures');

const toolsDir = process.env.TIDB_LAB_TOOLS_DIR ?? '/var/cache/tidb-lab-tools';
export const codeServerEntry = resolve(toolsDir, 'code-server-4.100.3', 'node_modules', 'code-server', 'out', 'node', 'entry.js');

export const chromiumPath = process.env.TIDB_LAB_CHROMIUM ?? '/usr/bin/chromium';
