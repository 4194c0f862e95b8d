// CONTRIBUTING.md's map of the code stays true: every folder of the code is named there, as its
// path under its layer (`bench/detached/` for src/core/bench/detached), and every folder it names is there.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const repo = resolve(__dirname, '../../../..');
const AREAS = ['src/core', 'src/extension', 'src/cli', 'src/protocol', 'webview'];

function folders(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [`${prefix}${entry.name}/`, ...folders(join(dir, entry.name), `${prefix}${entry.name}/`)]);
}

test('CONTRIBUTING.md names every folder under src/ and webview/', () => {
  const map = readFileSync(join(repo, 'CONTRIBUTING.md'), 'utf8');
  const unnamed = AREAS.flatMap((area) => folders(join(repo, area)).map((folder) => ({ area, folder }))).filter(
    ({ folder }) => !map.includes(`\`${folder}`),
  );
  assert.deepEqual(
    unnamed.map(({ area, folder }) => `${area}/${folder}`),
    [],
  );
});

test('every folder CONTRIBUTING.md names in its layout exists', () => {
  const map = readFileSync(join(repo, 'CONTRIBUTING.md'), 'utf8');
  const layout = map.slice(map.indexOf('## Layout'), map.indexOf('## Conventions'));
  const named = [...layout.matchAll(/`([A-Za-z][\w/]*\/)`/g)].map((match) => match[1]);
  const missing = named.filter(
    (folder) => ![repo, ...AREAS.map((area) => join(repo, area))].some((root) => existsSync(join(root, folder))),
  );
  assert.deepEqual(missing, []);
});

test("src/core/bench keeps at most 15 files at its top level, each named in CONTRIBUTING.md's layout", () => {
  const map = readFileSync(join(repo, 'CONTRIBUTING.md'), 'utf8');
  const layout = map.slice(map.indexOf('## Layout'), map.indexOf('## Conventions'));
  const topFiles = readdirSync(join(repo, 'src/core/bench'), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  assert.ok(topFiles.length <= 15, `${topFiles.length} files at src/core/bench's top: ${topFiles.join(', ')}`);
  assert.deepEqual(
    topFiles.filter((file) => !layout.includes(`\`${file}\``)),
    [],
  );
});
