// Where the test fixtures live, inside the repository: the real TiDB plans in test/fixtures/tidb-plans/
// (copied whole from the TiDB docs and public notes; the first lines of each say where it came from),
// the variants derived from them in test/fixtures/plans/, and the numbers of the user studies in
// test/fixtures/studies/. Tests read nothing outside the repository, so a clone alone runs them
// (test/unit/ci/noPathsOutsideRepo.test.ts).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findRepoRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRepoRoot(__dirname);
export const realPlanDir = join(repoRoot, 'test', 'fixtures', 'tidb-plans');
export const derivedPlanDir = join(repoRoot, 'test', 'fixtures', 'plans');
export const studyNumbersDir = join(repoRoot, 'test', 'fixtures', 'studies');
