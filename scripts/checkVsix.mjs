// Checks what the packaged .vsix holds: what the extension loads and the third-party notices are in
// it, the CLI (which the extension never loads) and source maps are not. Run by `npm run package`.
import { execFileSync } from 'node:child_process';

const vsix = process.argv[2] ?? 'dist-vsix/tidb-lab.vsix';
const files = new Set(execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean));

const required = [
  'extension/package.json',
  'extension/dist/extension.js',
  'extension/dist/benchWorker.js',
  'extension/dist/benchRunner.js',
  'extension/dist/planBuildWorker.js',
  'extension/dist/THIRD-PARTY-NOTICES.txt',
  'extension/LICENSE.txt',
];
const problems = [
  ...required.filter((file) => !files.has(file)).map((file) => `missing ${file}`),
  ...[...files].filter((file) => file === 'extension/dist/cli.js' || file.endsWith('.map')).map((file) => `should not ship ${file}`),
];
if (problems.length > 0) {
  console.error(`${vsix}: ${problems.join('; ')}`);
  process.exit(1);
}
console.log(`${vsix}: ${files.size} files, the third-party notices included, no CLI or source maps.`);
