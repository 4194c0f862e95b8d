// The README and CHANGELOG the .vsix carries (scripts/packageReadme.mjs): VS Code's extension page
// draws images only from https: and data: addresses, and there is no repository address to point
// relative links at, so every picture is inlined as a data: URI and no relative link is left.
// The pictures themselves stay small (media/readme/, made by scripts/readmeImages.mjs).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { relativeLinks } from '../../support/markdownLinks';

const repoRoot = resolve(__dirname, '../../../..');
const script = pathToFileURL(resolve(repoRoot, 'scripts/packageReadme.mjs')).href;

/** The packaged form of `file` (the tests compile to CommonJS, which cannot import the script). */
function packaged(file: string): string {
  return execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { readFileSync } from 'node:fs';
       import { join } from 'node:path';
       import { packagedMarkdown } from ${JSON.stringify(script)};
       const text = readFileSync(${JSON.stringify(file)}, 'utf8');
       process.stdout.write(packagedMarkdown(text, (target) => readFileSync(join(${JSON.stringify(repoRoot)}, target))));`,
    ],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
}

test('the packaged README has every picture inlined and no relative link left', () => {
  const readme = packaged(join(repoRoot, 'README.md'));
  assert.deepEqual(relativeLinks(readme), []);
  const pictures = readdirSync(join(repoRoot, 'media', 'readme'));
  const inlined = readme.match(/data:image\/png;base64,/g) ?? [];
  assert.equal(inlined.length, pictures.length, 'each picture of media/readme/ once');
  assert.ok(readme.includes('`docs/user-guide.md`'), 'a link to a page becomes its path');
});

test('the packaged CHANGELOG has no relative link left', () => {
  assert.deepEqual(relativeLinks(packaged(join(repoRoot, 'CHANGELOG.md'))), []);
});

test('each README picture is under 150 KB', () => {
  const sizes = readdirSync(join(repoRoot, 'media', 'readme')).map((name) => [
    name,
    statSync(join(repoRoot, 'media', 'readme', name)).size,
  ]);
  assert.deepEqual(
    sizes.filter(([, size]) => Number(size) >= 150 * 1024),
    [],
  );
});
