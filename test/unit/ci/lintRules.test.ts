// Rules the linter enforces instead of comments: the webview protocol and the webviews import
// neither Node.js nor vscode; a promise in the extension is never left floating.
import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const repo = resolve(__dirname, '../../../..');
const eslint = new ESLint({ cwd: repo });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe('lint rules', () => {
  for (const filePath of ['src/protocol/lintSample.ts', 'webview/planView/lintSample.ts']) {
    test(`${filePath.split('/')[0]}/: no node:*, Node.js built-in or vscode import`, async () => {
      assert.deepEqual(await ruleIds("import { join } from 'node:path';\nexport const a = join('x');\n", filePath), [
        'no-restricted-imports',
      ]);
      assert.deepEqual(await ruleIds("import { readFileSync } from 'fs';\nexport const b = readFileSync;\n", filePath), [
        'no-restricted-imports',
      ]);
      assert.deepEqual(await ruleIds("import * as vscode from 'vscode';\nexport const c = vscode;\n", filePath), ['no-restricted-imports']);
      assert.deepEqual(
        await ruleIds("import type { PlanViewMessage } from './planView';\nexport type D = PlanViewMessage;\n", filePath),
        [],
      );
    });
  }

  test('src/core: no vscode import', async () => {
    assert.deepEqual(await ruleIds("import * as vscode from 'vscode';\nexport const c = vscode;\n", 'src/core/lintSample.ts'), [
      'no-restricted-imports',
    ]);
  });

  test('src/extension: a floating promise is an error, found with type information; `void` marks one left alone', async () => {
    // The text of a file the extension's tsconfig holds: the rule needs the type checker to know a call returns a promise.
    const filePath = 'src/extension/extension.ts';
    const later = 'export async function later(): Promise<number> {\n  return 1;\n}\n';
    assert.deepEqual(await ruleIds(`${later}export function caller(): void {\n  later();\n}\n`, filePath), [
      '@typescript-eslint/no-floating-promises',
    ]);
    assert.deepEqual(await ruleIds(`${later}export function caller(): void {\n  void later();\n}\n`, filePath), []);
  });
});
