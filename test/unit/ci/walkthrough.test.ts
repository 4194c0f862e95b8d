// The Getting Started walkthrough (contributes.walkthroughs) only points at commands TiDB Lab
// contributes: each step's command links (in its description, through package.nls.json, and in its
// markdown) and its onCommand completion events; and each step's markdown exists.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media?: { markdown?: string };
  completionEvents?: string[];
}

interface Manifest {
  contributes: {
    commands: { command: string }[];
    walkthroughs?: { id: string; steps: WalkthroughStep[] }[];
  };
}

/** The command ids of the `command:` links in a markdown text (arguments after `?` left off). */
function commandLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(command:([\w.-]+)/g)].map((match) => match[1]);
}

/** A %key% resolved through package.nls.json. */
function localized(text: string, nls: Record<string, string>): string {
  const key = /^%([^%]+)%$/.exec(text)?.[1];
  return key === undefined ? text : (nls[key] ?? text);
}

/** What is wrong with the walkthroughs: a link or completion event to a command not contributed, a step without either, a missing markdown file. */
export function walkthroughProblems(
  manifest: Manifest,
  nls: Record<string, string>,
  readMarkdown: (path: string) => string | undefined,
): string[] {
  const contributed = new Set(manifest.contributes.commands.map((entry) => entry.command));
  const problems: string[] = [];
  for (const walkthrough of manifest.contributes.walkthroughs ?? [])
    for (const step of walkthrough.steps) {
      const where = `${walkthrough.id}/${step.id}`;
      const markdown = step.media?.markdown === undefined ? undefined : readMarkdown(step.media.markdown);
      if (step.media?.markdown !== undefined && markdown === undefined) problems.push(`${where}: ${step.media.markdown} does not exist`);
      const linked = commandLinks(localized(step.description, nls));
      if (linked.length === 0) problems.push(`${where}: its description links no command`);
      for (const id of [...linked, ...commandLinks(markdown ?? '')])
        if (!contributed.has(id)) problems.push(`${where}: links command ${id}, which is not contributed`);
      const events = step.completionEvents ?? [];
      if (!events.some((event) => event.startsWith('onCommand:'))) problems.push(`${where}: no onCommand completion event`);
      for (const event of events) {
        const id = /^onCommand:(.+)$/.exec(event)?.[1];
        if (id !== undefined && !contributed.has(id)) problems.push(`${where}: completes on command ${id}, which is not contributed`);
      }
    }
  return problems;
}

function readIfThere(path: string): string | undefined {
  const file = resolve(repoRoot, path);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

describe('the Getting Started walkthrough', () => {
  test('has the steps connect, cache a table, run a benchmark, read a plan, each linking and completing on contributed commands', () => {
    const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as Manifest;
    const nls = JSON.parse(readFileSync(resolve(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const walkthroughs = manifest.contributes.walkthroughs ?? [];
    assert.deepEqual(
      walkthroughs.map((walkthrough) => walkthrough.steps.map((step) => step.id)),
      [['connect', 'cacheTable', 'runBenchmark', 'readPlan']],
    );
    assert.deepEqual(walkthroughProblems(manifest, nls, readIfThere), []);
  });

  test('the check sees a link and a completion event to commands that are not contributed, and a missing markdown file', () => {
    const manifest: Manifest = {
      contributes: {
        commands: [{ command: 'x.real' }],
        walkthroughs: [
          {
            id: 'w',
            steps: [
              {
                id: 'a',
                title: 'A',
                description: '%a.description%',
                media: { markdown: 'media/a.md' },
                completionEvents: ['onCommand:x.gone'],
              },
              { id: 'b', title: 'B', description: 'No link.', media: { markdown: 'media/missing.md' } },
            ],
          },
        ],
      },
    };
    const markdown: Record<string, string> = { 'media/a.md': 'See [it](command:x.alsoGone?%5B%5D).' };
    assert.deepEqual(
      walkthroughProblems(manifest, { 'a.description': 'Do it.\n[Do](command:x.real)' }, (path) => markdown[path]),
      [
        'w/a: links command x.alsoGone, which is not contributed',
        'w/a: completes on command x.gone, which is not contributed',
        'w/b: media/missing.md does not exist',
        'w/b: its description links no command',
        'w/b: no onCommand completion event',
      ],
    );
  });
});
