// Where the plan fixtures live: the real TiDB plans in ../shared/fixtures/tidb-plans/ beside
// the repository (CI lays shared/ out the same way), and derived variants in test/fixtures/plans/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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
export const sharedPlanDir = resolve(repoRoot, '..', 'shared', 'fixtures', 'tidb-plans');
export const derivedPlanDir = join(repoRoot, 'test', 'fixtures', 'plans');

export function sharedPlanNames(): string[] {
  return readdirSync(sharedPlanDir)
    .filter((name) => name.endsWith('.txt'))
    .sort();
}

export function readSharedPlan(name: string): string {
  return readFileSync(join(sharedPlanDir, name), 'utf8');
}

export function readDerivedPlan(name: string): string {
  return readFileSync(join(derivedPlanDir, name), 'utf8');
}
