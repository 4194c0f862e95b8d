// Every text package.json contributes (command titles and categories, view and container names,
// welcome contents, settings' descriptions, walkthrough texts) is a %key% placeholder whose English
// is in package.nls.json, so a translation (package.nls.<locale>.json) covers all of them; and every
// entry of package.nls.json is used.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');

/** The properties of a contribution VS Code shows to the user (string, or array of strings for enum texts). */
const USER_FACING = new Set([
  'title',
  'shortTitle',
  'category',
  'name',
  'contextualTitle',
  'contents',
  'label',
  'tooltip',
  'description',
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'enumItemLabels',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'altText',
]);

const PLACEHOLDER = /^%([^%\s]+)%$/;

/** Each user-facing string in `contributes`, with where it is (e.g. `commands[0].title`). */
function userFacingStrings(value: unknown, path: string, found: { path: string; text: string }[] = []) {
  if (Array.isArray(value)) value.forEach((item, index) => userFacingStrings(item, `${path}[${index}]`, found));
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (USER_FACING.has(key) && typeof child === 'string') found.push({ path: childPath, text: child });
      else if (USER_FACING.has(key) && Array.isArray(child) && child.every((item) => typeof item === 'string'))
        child.forEach((text: string, index) => found.push({ path: `${childPath}[${index}]`, text }));
      else userFacingStrings(child, childPath, found);
    }
  return found;
}

/** Every %key% anywhere in the manifest (top-level fields such as displayName may use them too). */
function placeholdersIn(value: unknown, keys: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    const match = PLACEHOLDER.exec(value);
    if (match) keys.add(match[1]);
  } else if (Array.isArray(value)) value.forEach((item) => placeholdersIn(item, keys));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((child) => placeholdersIn(child, keys));
  return keys;
}

/** What is wrong: a literal user-facing string in contributes, a %key% without English, an unused entry. */
export function manifestNlsProblems(manifest: { contributes?: unknown }, nls: Record<string, unknown>): string[] {
  const problems = userFacingStrings(manifest.contributes, 'contributes')
    .filter(({ text }) => !PLACEHOLDER.test(text))
    .map(({ path, text }) => `${path} is literal: ${JSON.stringify(text.slice(0, 60))}`);
  const used = placeholdersIn(manifest);
  for (const key of used) if (typeof nls[key] !== 'string' || nls[key] === '') problems.push(`%${key}% has no entry in package.nls.json`);
  for (const key of Object.keys(nls)) if (!used.has(key)) problems.push(`package.nls.json: ${key} is not used`);
  return problems;
}

describe('package.nls.json', () => {
  test('every user-facing string of package.json is a %key% with its English in package.nls.json, and every entry is used', () => {
    const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { contributes?: unknown };
    const nls = JSON.parse(readFileSync(resolve(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(manifestNlsProblems(manifest, nls), []);
    // The walk sees the contributions: commands, settings, views and the walkthrough are all there.
    const paths = userFacingStrings(manifest.contributes, 'contributes').map(({ path }) => path);
    for (const prefix of ['contributes.commands', 'contributes.configuration', 'contributes.views', 'contributes.walkthroughs'])
      assert.ok(
        paths.some((path) => path.startsWith(prefix)),
        `no user-facing string found under ${prefix}`,
      );
  });

  test('the check sees a literal title, a literal enum description, a missing entry and an unused one', () => {
    const manifest = {
      contributes: {
        commands: [
          { command: 'x.a', title: 'Run', category: '%category%' },
          { command: 'x.b', title: '%command.b.title%', category: '%category%' },
        ],
        configuration: {
          properties: { 'x.mode': { type: 'string', enum: ['a', 'b'], enumDescriptions: ['%mode.a%', 'Plain b.'], default: 'a' } },
        },
      },
    };
    assert.deepEqual(manifestNlsProblems(manifest, { category: 'X', 'mode.a': 'A.', unused: 'Nobody' }), [
      'contributes.commands[0].title is literal: "Run"',
      'contributes.configuration.properties.x.mode.enumDescriptions[1] is literal: "Plain b."',
      '%command.b.title% has no entry in package.nls.json',
      'package.nls.json: unused is not used',
    ]);
  });
});
