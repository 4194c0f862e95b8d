// Every command and setting package.json contributes is named where a user finds it: in the README
// or in a page the README links to (one level of relative links). A command is named by its palette
// name ("TiDB Lab: Run Benchmark...", its category and its title from package.nls.json) or by its
// title in bold, as the docs name a button or a menu item ("**Cache Table**"); a setting by its key
// in backticks (`tidbLab.results.rowLimit`).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { relativeLinks } from '../../support/markdownLinks';

const repoRoot = resolve(__dirname, '../../../..');

interface Manifest {
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[];
  };
}

export interface Page {
  path: string;
  text: string;
}

/** A `%key%` string of package.json in package.nls.json's English. */
function localized(value: string, nls: Record<string, string>): string {
  const key = /^%(.+)%$/.exec(value)?.[1];
  return key === undefined ? value : (nls[key] ?? value);
}

/** The README and every Markdown page it links to. */
export function readmeAndLinkedPages(root: string): Page[] {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const linked = [...new Set(relativeLinks(readme))]
    .filter((target) => target.endsWith('.md'))
    .map((target) => resolve(dirname(readmePath), target))
    .filter((path) => existsSync(path) && path !== readmePath);
  return [{ path: readmePath, text: readme }, ...linked.map((path) => ({ path, text: readFileSync(path, 'utf8') }))];
}

/** The palette names of the contributed commands and the keys of the contributed settings. */
export function contributions(
  manifest: Manifest,
  nls: Record<string, string>,
): { commands: { title: string; palette: string }[]; settings: string[] } {
  const commands = manifest.contributes.commands.map((command) => {
    const title = localized(command.title, nls);
    const category = command.category === undefined ? undefined : localized(command.category, nls);
    return { title, palette: category === undefined ? title : `${category}: ${title}` };
  });
  const settings = [manifest.contributes.configuration].flat().flatMap((section) => Object.keys(section.properties));
  return { commands, settings };
}

/** What no page names: commands by palette name, settings by key. */
export function undocumented(manifest: Manifest, nls: Record<string, string>, pages: Page[]): string[] {
  const text = pages.map((page) => page.text).join('\n');
  const { commands, settings } = contributions(manifest, nls);
  return [
    ...commands.filter(({ title, palette }) => !text.includes(palette) && !text.includes(`**${title}**`)).map(({ palette }) => palette),
    ...settings.filter((key) => !text.includes(`\`${key}\``)),
  ];
}

function realManifest(): { manifest: Manifest; nls: Record<string, string> } {
  return {
    manifest: JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest,
    nls: JSON.parse(readFileSync(join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>,
  };
}

test('every contributed command and setting is named in the README or a page it links to', () => {
  const { manifest, nls } = realManifest();
  const pages = readmeAndLinkedPages(repoRoot);
  assert.ok(
    pages.some((page) => relative(repoRoot, page.path) === join('docs', 'user-guide.md')),
    'the README links the user guide',
  );
  assert.deepEqual(undocumented(manifest, nls, pages), []);
});

test('every relative link and picture of the README and the pages it links to exists', () => {
  const missing = readmeAndLinkedPages(repoRoot).flatMap((page) =>
    relativeLinks(page.text)
      .filter((target) => target !== '' && !existsSync(resolve(dirname(page.path), target)))
      .map((target) => `${relative(repoRoot, page.path)}: ${target}`),
  );
  assert.deepEqual(missing, []);
});

test('the check sees a command and a setting taken out of the docs', () => {
  const { manifest, nls } = realManifest();
  const pages = readmeAndLinkedPages(repoRoot).map((page) => ({
    path: page.path,
    text: page.text
      .split('TiDB Lab: Verify Cache Hit')
      .join('')
      .split('**Verify Cache Hit**')
      .join('')
      .split('`tidbLab.tiup.monitor`')
      .join(''),
  }));
  const before = new Set(undocumented(manifest, nls, readmeAndLinkedPages(repoRoot)));
  const after = undocumented(manifest, nls, pages).filter((name) => !before.has(name));
  assert.deepEqual(after, ['TiDB Lab: Verify Cache Hit', 'tidbLab.tiup.monitor']);
});

test('links are read from Markdown links and <img> tags, not from addresses or anchors', () => {
  const page = '[a](docs/a.md#part) ![b](media/b.png "B") <img src="media/c.png" width="9"> [d](https://example.org/d.md) [e](#e)';
  assert.deepEqual(relativeLinks(page), ['docs/a.md', 'media/b.png', 'media/c.png']);
});
