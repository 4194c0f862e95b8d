// Checks what the packaged .vsix holds (scripts/vsixChecks.mjs): what the extension loads and the
// third-party notices, naming each bundled dependency with its license, are in it; the CLI (which
// the extension never loads) and source maps are not. Run by `npm run package`.
import { execFileSync } from 'node:child_process';
import { listingProblems, NOTICES_FILE, noticesProblems } from './vsixChecks.mjs';

const vsix = process.argv[2] ?? 'dist-vsix/tidb-lab.vsix';
const files = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean);
const problems = listingProblems(files);
if (files.includes(NOTICES_FILE)) {
  const notices = execFileSync('unzip', ['-p', vsix, NOTICES_FILE], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  problems.push(...noticesProblems(notices).map((problem) => `THIRD-PARTY-NOTICES.txt: ${problem}`));
}
if (problems.length > 0) {
  console.error(`${vsix}: ${problems.join('; ')}`);
  process.exit(1);
}
console.log(`${vsix}: ${files.length} files, the third-party notices included, no CLI or source maps.`);
