// Bundles the extension, the CLI, the benchmark and plan workers and every webview with esbuild.
// A missing entry point fails the build. The version comes from package.json (TIDB_LAB_BUILD_VERSION).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, copyFileSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledPackages, missingFromNotices, noticesText } from './thirdPartyNotices.mjs';

const production = process.argv.includes('--production');
// --production (what the .vsix ships and what `npm run bench` measures): minified, so the
// extension host and every benchmark worker parse less; names are kept for error messages.
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const common = {
  define: { TIDB_LAB_BUILD_VERSION: JSON.stringify(version) },
  bundle: true,
  sourcemap: !production,
  minify: production,
  keepNames: production,
  logLevel: 'warning',
  legalComments: 'none',
  metafile: true,
};

const nodeEntries = [
  // A window loads only this small bootstrap at start-up (package.json's main); it loads the whole
  // extension, the next bundle, on first use or when a detached run waits to be taken over.
  { in: 'src/extension/bootstrap.ts', out: 'dist/extension.js', external: ['vscode'] },
  { in: 'src/extension/extension.ts', out: 'dist/extensionFull.js', external: ['vscode'] },
  { in: 'src/cli/cli.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'src/core/bench/workers/benchWorker.ts', out: 'dist/benchWorker.js' },
  // Benchmarks and experiments run in this process of their own, so a window reload does not stop them.
  { in: 'src/cli/benchRunner.ts', out: 'dist/benchRunner.js' },
  // Large pasted plans are parsed in this worker thread, off the extension host's.
  { in: 'src/extension/plans/planBuildWorker.ts', out: 'dist/planBuildWorker.js' },
];

const missingEntries = nodeEntries.filter((entry) => !existsSync(entry.in)).map((entry) => entry.in);
if (missingEntries.length > 0) {
  console.error(`build: entry points missing: ${missingEntries.join(', ')}`);
  process.exit(1);
}

const builds = [];
for (const entry of nodeEntries) {
  builds.push(
    build({
      ...common,
      entryPoints: [entry.in],
      outfile: entry.out,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: entry.external ?? [],
      banner: entry.banner ? { js: entry.banner } : undefined,
    }),
  );
}

// Each webview/<name>/main.ts becomes dist/webview/<name>.js; its *.css files are copied beside it.
mkdirSync('dist/webview', { recursive: true });
for (const name of readdirSync('webview')) {
  const dir = join('webview', name);
  if (!statSync(dir).isDirectory()) continue;
  const main = join(dir, 'main.ts');
  if (existsSync(main)) {
    builds.push(
      build({
        ...common,
        entryPoints: [main],
        outfile: `dist/webview/${name}.js`,
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
      }),
    );
  }
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.css')) copyFileSync(join(dir, file), join('dist/webview', file === 'main.css' ? `${name}.css` : `${name}-${file}`));
  }
}

const results = await Promise.all(builds);

// The license comments are dropped from the bundles: the notices of every bundled package go here.
const NOTICES = 'dist/THIRD-PARTY-NOTICES.txt';
const packages = bundledPackages(results.map((result) => result.metafile));
writeFileSync(NOTICES, noticesText(packages));
const missing = missingFromNotices(readFileSync(NOTICES, 'utf8'), packages);
if (missing.length > 0) {
  console.error(`${NOTICES} lacks bundled packages: ${missing.join(', ')}`);
  process.exit(1);
}
