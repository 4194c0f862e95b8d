// A clone of the repository alone runs its tests: no file of the code or its tests refers to a path
// outside the repository (the plan fixtures and the study numbers once came from a folder beside it,
// and a clone without that folder failed with ENOENT). Three ways a file climbs out: a written path
// that climbs ('../') to a 'shared' folder not inside the repository, join/resolve with '..' above the
// repository's root (counted from where the file runs: tests from out/, the bundle from dist/), and
// '..' followed by 'shared' from a folder the check cannot place.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { planFixtureDirectory } from '../../standin/planFixtures';
import { derivedPlanDir, realPlanDir, repoRoot as fixturesRepoRoot, studyNumbersDir } from '../../support/fixtureFolders';
import { readRealPlan, realPlanNames } from '../plan/planFixtures';

const repoRoot = resolve(__dirname, '../../../..');
const SCANNED_FOLDERS = ['src', 'test', 'scripts', '.ci', 'webview'];
const TOP_LEVEL_FILE = /\.(json|m?js|cjs|ts)$/;
const UP = '..';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function scannedFiles(): string[] {
  const topLevel = readdirSync(repoRoot, { withFileTypes: true })
    .filter((entry) => entry.isFile() && TOP_LEVEL_FILE.test(entry.name) && entry.name !== 'package-lock.json')
    .map((entry) => join(repoRoot, entry.name));
  return [
    ...topLevel,
    ...SCANNED_FOLDERS.filter((folder) => existsSync(join(repoRoot, folder))).flatMap((folder) => filesUnder(join(repoRoot, folder))),
  ];
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function depthOf(folder: string): number {
  return folder === '.' || folder === '' ? 0 : folder.split('/').length;
}

/** How deep below the repository's root `base` is when the file at `file` runs, or undefined when the check cannot tell. */
function baseDepth(base: string, file: string): number | undefined {
  const sourceDepth = depthOf(posix.dirname(file));
  if (base === '__dirname') {
    if (!file.endsWith('.ts')) return sourceDepth;
    // tests run compiled from out/<same path>; the extension and the CLI run bundled from dist/
    return file.startsWith('src/') ? 1 : sourceDepth + 1;
  }
  if (/^dirname\(\s*(?:fileURLToPath\(\s*import\.meta\.url\s*\)|new URL\(\s*import\.meta\.url\s*\)\.pathname)\s*\)$/.test(base))
    return sourceDepth;
  if (base === 'repoRoot' || base === 'repo') return 0;
  return undefined;
}

/** The arguments of the call whose '(' is at `open`, split at its own commas. */
function callArguments(text: string, open: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = open + 1;
  for (let index = open + 1; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = '';
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) {
        parts.push(text.slice(start, index).trim());
        return parts.filter((part) => part !== '');
      }
      depth--;
    } else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  return [];
}

function pathSegments(argument: string): string[] | undefined {
  const literal = /^(['"])([^'"$]*)\1$/.exec(argument);
  return literal ? literal[2].split('/').filter((segment) => segment !== '' && segment !== '.') : undefined;
}

/** Where the file `file` (its path from the repository's root, with '/') refers to a path outside the repository. */
export function pathsOutsideRepo(file: string, text: string, exists: (path: string) => boolean = existsSync): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\/work\/shared\b/g)) found.push(`${file}:${lineOf(text, match.index)}: ${match[0]}`);
  for (const match of text.matchAll(/(?:\.\.\/)+shared(?:\/[\w.-]+)*/g)) {
    const target = resolve(repoRoot, posix.dirname(file), match[0]);
    const inside = target.startsWith(repoRoot + sep);
    const named = ['', '.ts', '.js', '.mjs', '.css'].some((ending) => exists(target + ending));
    if (!inside || !named) found.push(`${file}:${lineOf(text, match.index)}: ${match[0]}`);
  }
  for (const match of text.matchAll(/\b(?:join|resolve)\(/g)) {
    const [base, ...rest] = callArguments(text, match.index + match[0].length - 1);
    if (base === undefined) continue;
    const start = baseDepth(base, file);
    const segments: string[] = [];
    for (const argument of rest) {
      const parts = pathSegments(argument);
      if (!parts) break;
      segments.push(...parts);
    }
    let depth = start ?? Number.POSITIVE_INFINITY;
    const climbsOut = segments.some((segment, index) => {
      depth += segment === UP ? -1 : 1;
      return depth < 0 || (start === undefined && segment === UP && segments[index + 1] === 'shared');
    });
    if (climbsOut) found.push(`${file}:${lineOf(text, match.index)}: ${base}, ${segments.map((segment) => `'${segment}'`).join(', ')}`);
  }
  return found;
}

function isText(path: string): boolean {
  const head = readFileSync(path).subarray(0, 8000);
  return statSync(path).size < 5_000_000 && !head.includes(0);
}

test('no file of the code, its tests, scripts or CI refers to a path outside the repository', () => {
  const found = scannedFiles()
    .filter(isText)
    .flatMap((path) => pathsOutsideRepo(relative(repoRoot, path).split(sep).join('/'), readFileSync(path, 'utf8')));
  assert.deepEqual(found, []);
});

test('the check sees each way out of the repository the fixtures were once read by', () => {
  const shared = 'shared';
  const climb = (count: number): string => Array<string>(count).fill(`'${UP}'`).join(', ');
  // test/unit/plan/planFixtures.ts and test/standin/planFixtures.ts as they were
  assert.equal(pathsOutsideRepo('test/unit/plan/planFixtures.ts', `resolve(repoRoot, ${climb(1)}, '${shared}', 'fixtures')`).length, 1);
  assert.equal(pathsOutsideRepo('test/standin/planFixtures.ts', `return resolve(dir, ${climb(1)}, '${shared}', 'fixtures');`).length, 1);
  // test/suite/plans.suite.ts and test/e2e/plans.test.ts: out/test/suite/ is three folders deep
  assert.equal(pathsOutsideRepo('test/suite/plans.suite.ts', `join(__dirname, ${climb(4)}, '${shared}', 'fixtures')`).length, 1);
  assert.deepEqual(pathsOutsideRepo('test/suite/plans.suite.ts', `join(__dirname, ${climb(3)}, 'test', 'fixtures')`), []);
  assert.equal(pathsOutsideRepo('scripts/x.mjs', `join(dirname(fileURLToPath(import.meta.url)), '${UP}/${UP}', 'x')`).length, 1);
  assert.deepEqual(pathsOutsideRepo('scripts/x.mjs', `join(dirname(fileURLToPath(import.meta.url)), '${UP}')`), []);
  assert.deepEqual(pathsOutsideRepo('test/unit/ci/x.test.ts', `resolve(__dirname, '${UP}/${UP}/${UP}/${UP}')`), []);
  // a written path, in code or in a comment, and the folder itself
  assert.equal(pathsOutsideRepo('test/standin/x.ts', `// plans from ${UP}/${shared}/fixtures/tidb-plans/`).length, 1);
  assert.equal(pathsOutsideRepo('src/core/x.ts', `const dir = '/work/${shared}/fixtures';`).length, 1);
  // a webview's import of webview/shared/ stays inside
  assert.deepEqual(
    pathsOutsideRepo('webview/planView/main.ts', `import { element } from '${UP}/${shared}/dom';`, (path) =>
      path.endsWith(join('webview', 'shared', 'dom.ts')),
    ),
    [],
  );
});

function inside(path: string): boolean {
  return resolve(path).startsWith(repoRoot + sep);
}

test('every fixture path the helpers resolve lies inside the repository, and exists', () => {
  assert.equal(fixturesRepoRoot, repoRoot);
  for (const folder of [realPlanDir, derivedPlanDir, studyNumbersDir, planFixtureDirectory({})]) {
    assert.ok(inside(folder), `${folder} is outside ${repoRoot}`);
    assert.ok(existsSync(folder), `${folder} is missing`);
  }
  const names = realPlanNames();
  assert.ok(names.length > 0);
  for (const name of names) {
    assert.ok(inside(join(realPlanDir, name)), name);
    assert.match(readRealPlan(name), /^-- source: /, `${name} keeps its first line saying where it came from`);
  }
});
