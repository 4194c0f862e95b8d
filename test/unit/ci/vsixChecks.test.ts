// scripts/vsixChecks.mjs, the checks `npm run package` runs on the .vsix: notices built from the
// real bundles name each runtime dependency with its license and text; a listing with the CLI or a
// source map, or without a file the extension loads (package.nls.json and the l10n bundle among them), is refused.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');
const checks = pathToFileURL(resolve(repoRoot, 'scripts/vsixChecks.mjs')).href;
const notices = pathToFileURL(resolve(repoRoot, 'scripts/thirdPartyNotices.mjs')).href;

/** Runs an ES module program (the tests compile to CommonJS, which cannot import the scripts) and returns what it printed as JSON. */
function run(program: string): unknown {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: repoRoot, encoding: 'utf8' }));
}

/** The problems of each listing, in one process. */
function listingProblems(...listings: string[][]): string[][] {
  return run(
    `import { listingProblems } from ${JSON.stringify(checks)}; process.stdout.write(JSON.stringify(${JSON.stringify(listings)}.map(listingProblems)));`,
  ) as string[][];
}

const SHIPPED = [
  'extension/package.json',
  'extension/package.nls.json',
  'extension/l10n/bundle.l10n.json',
  'extension/dist/extension.js',
  'extension/dist/extensionFull.js',
  'extension/dist/benchWorker.js',
  'extension/dist/benchRunner.js',
  'extension/dist/planBuildWorker.js',
  'extension/dist/THIRD-PARTY-NOTICES.txt',
  'extension/LICENSE.txt',
  'extension/dist/webview/planView.js',
];

describe('what the .vsix holds', () => {
  test('notices built from the bundles name mysql2, chart.js, hdr-histogram-js and @vscode-elements/elements with their licenses and texts', () => {
    // The bundles of the extension, the benchmark worker and two webviews, built as scripts/build.mjs
    // builds them (in memory), then the notices the build writes from their inputs.
    const program = `
      import { build } from 'esbuild';
      import { bundledPackages, noticesText } from ${JSON.stringify(notices)};
      import { noticesProblems } from ${JSON.stringify(checks)};
      const common = { bundle: true, write: false, metafile: true, logLevel: 'silent', legalComments: 'none' };
      const results = await Promise.all([
        build({ ...common, entryPoints: ['src/extension/extension.ts'], platform: 'node', format: 'cjs', external: ['vscode'] }),
        build({ ...common, entryPoints: ['src/core/bench/workers/benchWorker.ts'], platform: 'node', format: 'cjs' }),
        build({ ...common, entryPoints: ['webview/benchmarkResults/main.ts'], platform: 'browser', format: 'iife' }),
        build({ ...common, entryPoints: ['webview/planView/main.ts'], platform: 'browser', format: 'iife' }),
      ]);
      const text = noticesText(bundledPackages(results.map((result) => result.metafile)));
      const withoutChart = text.replace(/^- chart\\.js .*$/m, '');
      const withoutText = text.replace(/(License: BSD-2-Clause\\n=+\\n\\n)[\\s\\S]*?(?=\\n={78}\\n)/, '$1(no text)');
      process.stdout.write(JSON.stringify({
        built: noticesProblems(text),
        withoutChart: noticesProblems(withoutChart),
        withoutText: noticesProblems(withoutText),
      }));`;
    const problems = run(program) as { built: string[]; withoutChart: string[]; withoutText: string[] };
    assert.deepEqual(problems.built, [], 'the notices of the real bundles pass');
    assert.deepEqual(problems.withoutChart, ['chart.js (MIT) is not in the list of bundled packages']);
    assert.deepEqual(problems.withoutText, ["hdr-histogram-js's section lacks its license text (no copyright line)"]);
  });

  test('a listing with dist/cli.js or a source map, or without a file the extension loads (package.nls.json and the l10n bundle among them), is refused', () => {
    assert.deepEqual(
      listingProblems(
        SHIPPED,
        [...SHIPPED, 'extension/dist/cli.js'],
        [...SHIPPED, 'extension/dist/extension.js.map'],
        SHIPPED.filter((file) => !file.endsWith('NOTICES.txt')),
        SHIPPED.filter((file) => file !== 'extension/package.nls.json'),
        SHIPPED.filter((file) => file !== 'extension/l10n/bundle.l10n.json'),
      ),
      [
        [],
        ['should not ship extension/dist/cli.js'],
        ['should not ship extension/dist/extension.js.map'],
        ['missing extension/dist/THIRD-PARTY-NOTICES.txt'],
        ['missing extension/package.nls.json'],
        ['missing extension/l10n/bundle.l10n.json'],
      ],
    );
  });
});
