// l10n/bundle.l10n.json (scripts/l10nBundle.mjs) holds exactly the messages of the vscode.l10n.t calls
// in src/: a message added, changed or removed without `npm run l10n` fails here (and `npm run
// package`). The extractor reads the calls with TypeScript's parser: plain and template literals,
// {message, comment} objects, quotes and line breaks kept; a call with a computed message is an error.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';

const repoRoot = resolve(__dirname, '../../../..');
const script = pathToFileURL(resolve(repoRoot, 'scripts/l10nBundle.mjs')).href;

/** Runs an ES module program (the tests compile to CommonJS, which cannot import the scripts) and returns what it printed as JSON. */
function run(program: string): unknown {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: repoRoot, encoding: 'utf8' }));
}

describe('the l10n bundle', () => {
  test('l10n/bundle.l10n.json is the bundle of the vscode.l10n.t messages in src/ (run npm run l10n when this fails)', () => {
    const built = run(
      `import { repositoryBundle } from ${JSON.stringify(script)}; process.stdout.write(JSON.stringify(repositoryBundle()));`,
    ) as { text: string; messages: number; problems: string[] };
    assert.deepEqual(built.problems, []);
    assert.ok(built.messages > 900, `only ${built.messages} messages found in src/`);
    assert.equal(readFileSync(resolve(repoRoot, 'package.json'), 'utf8').includes('"l10n": "./l10n"'), true);
    assert.equal(readFileSync(resolve(repoRoot, 'l10n/bundle.l10n.json'), 'utf8'), built.text);
    // Messages the code shows are in it: one of vscode.l10n.t, one of `const t = vscode.l10n.t`
    // (explainCommand.ts), one of the plan view's strings (a `t: Translate` parameter).
    const bundle = JSON.parse(built.text) as Record<string, unknown>;
    for (const message of [
      'Right-click a TiDB table (or database) in the Connections view of TiDB Lab to use this command.',
      'Open a SQL file and put the cursor in a statement (or select one) to explain it.',
      'Search id, table, index or operator info',
    ])
      assert.equal(bundle[message], message);
  });

  test('the extractor keeps literal messages exactly, keys commented ones message/comment, follows aliases of t, and refuses computed ones', () => {
    const source = [
      "import * as vscode from 'vscode';",
      "import { l10n } from 'vscode';",
      "vscode.l10n.t('It\\'s {0}', name);",
      'vscode.l10n.t(`Two\nlines`);',
      "l10n.t({ message: 'Run {0}', args: [x], comment: ['the run', ' of a benchmark'] });",
      "vscode.l10n.t('Run {0}', x);",
      "other.t('not a message');",
      "vscode.l10n.t('Hello ' + name);",
      'vscode.l10n.t(`Hi ${name}`);',
      "function f() { const t = vscode.l10n.t; return t('Aliased {0}', 1); }",
      "function g(translate: Translate) { return translate('From a parameter'); }",
      "function h(other: (text: string) => string) { return other('not through l10n'); }",
    ].join('\n');
    const result = run(
      `import { bundleOf } from ${JSON.stringify(script)}; process.stdout.write(JSON.stringify(bundleOf([{ fileName: 'src/x.ts', text: ${JSON.stringify(source)} }])));`,
    );
    assert.deepEqual(result, {
      bundle: {
        'Aliased {0}': 'Aliased {0}',
        'From a parameter': 'From a parameter',
        "It's {0}": "It's {0}",
        'Run {0}': 'Run {0}',
        'Run {0}/the run of a benchmark': { message: 'Run {0}', comment: ['the run', ' of a benchmark'] },
        'Two\nlines': 'Two\nlines',
      },
      problems: [
        'src/x.ts:9: the message of vscode.l10n.t(...) is not a literal string',
        'src/x.ts:10: the message of vscode.l10n.t(...) is not a literal string',
      ],
    });
  });
});
