// The code's shape, held by a test: no import circles between files, no import from a lower layer
// to a higher one (scripts/structureFacts.mjs measures both, and files over 300 lines).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const repo = resolve(__dirname, '../../../..');
const script = join(repo, 'scripts/structureFacts.mjs');
const folder = mkdtempSync(join(tmpdir(), 'tidblab-structure-'));
after(() => rmSync(folder, { recursive: true, force: true }));

interface Facts {
  circles: string[][];
  upwardImports: string[];
  filesOver300Lines: { file: string; lines: number }[];
}

function factsOf(root: string): Facts {
  return JSON.parse(execFileSync(process.execPath, [script, '--json', '--root', root], { encoding: 'utf8' })) as Facts;
}

function write(path: string, text: string): void {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), text);
}

describe("the code's shape", () => {
  test('TiDB Lab has no import circle and no import that runs upward', () => {
    const facts = factsOf(repo);
    assert.deepEqual(facts.circles, []);
    assert.deepEqual(facts.upwardImports, []);
  });

  test('the measure sees a circle, a core module importing the extension, a feature importing the API, and a long file', () => {
    write('src/core/a.ts', "import { b } from './b';\nexport const a = b;\n");
    write('src/core/b.ts', "import { a } from './a';\nimport { x } from '../extension/x';\nexport const b = a + x;\n");
    write('src/extension/x.ts', 'export const x = 1;\n');
    write('src/extension/api.ts', 'export function isRequest(): boolean {\n  return true;\n}\nexport interface Api {\n  a: number;\n}\n');
    write(
      'src/extension/feature/command.ts',
      "import { isRequest } from '../api';\nimport type { Api } from '../api';\nexport const c: Api | boolean = isRequest();\n",
    );
    write('webview/page/long.ts', 'export const line = 1;\n'.repeat(301));
    const facts = factsOf(folder);
    assert.deepEqual(facts.circles, [['src/core/a.ts', 'src/core/b.ts']]);
    assert.deepEqual(facts.upwardImports.sort(), [
      'src/core/b.ts -> src/extension/x.ts',
      'src/extension/feature/command.ts -> src/extension/api.ts',
    ]);
    assert.deepEqual(facts.filesOver300Lines, [{ file: 'webview/page/long.ts', lines: 301 }]);
  });
});
