// The plan fixtures the unit tests read: the real TiDB plans and the derived variants, both in
// test/fixtures/ (test/support/fixtureFolders.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { derivedPlanDir, realPlanDir } from '../../support/fixtureFolders';

export { derivedPlanDir, realPlanDir, repoRoot } from '../../support/fixtureFolders';

export function realPlanNames(): string[] {
  return readdirSync(realPlanDir)
    .filter((name) => name.endsWith('.txt'))
    .sort();
}

export function readRealPlan(name: string): string {
  return readFileSync(join(realPlanDir, name), 'utf8');
}

export function readDerivedPlan(name: string): string {
  return readFileSync(join(derivedPlanDir, name), 'utf8');
}
