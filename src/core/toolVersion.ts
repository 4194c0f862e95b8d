// TiDB Lab's version, as package.json says. The bundles get it at build time (esbuild's `define`,
// scripts/build.mjs); code compiled by tsc alone (the tests) reads the package.json above it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

declare const TIDB_LAB_BUILD_VERSION: string | undefined;

export const TOOL_VERSION: string =
  typeof TIDB_LAB_BUILD_VERSION === 'string' ? TIDB_LAB_BUILD_VERSION : versionOfEnclosingPackage(__dirname);

/** The version in the nearest package.json named tidb-lab at or above `start`. */
export function versionOfEnclosingPackage(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'tidb-lab' && typeof manifest.version === 'string') return manifest.version;
    }
    if (dirname(dir) === dir) throw new Error(`no tidb-lab package.json at or above ${start}`);
  }
}
