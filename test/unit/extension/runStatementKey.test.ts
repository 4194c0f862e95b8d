// Ctrl+Enter / Cmd+Enter runs the statement under the cursor in SQL editors (issue 29): the
// keybinding package.json contributes, the label the CodeLens tooltip shows, and the README.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUN_COMMANDS, RUN_STATEMENT_KEY, runStatementKeyLabel } from '../../../src/extension/statementRun/runIds';

const root = resolve(__dirname, '..', '..', '..', '..');

test('package.json binds Ctrl+Enter / Cmd+Enter to Run Statement in SQL editors only', () => {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    contributes: { keybindings?: { command: string; key: string; mac?: string; when?: string }[] };
  };
  const binding = manifest.contributes.keybindings?.find((candidate) => candidate.command === RUN_COMMANDS.runStatement);
  assert.ok(binding, 'no keybinding for Run Statement');
  assert.equal(binding.key, RUN_STATEMENT_KEY.key);
  assert.equal(binding.mac, RUN_STATEMENT_KEY.mac);
  assert.match(binding.when ?? '', /editorLangId == sql/);
});

test('the tooltip names the key of the platform', () => {
  assert.equal(runStatementKeyLabel('darwin'), 'Cmd+Enter');
  assert.equal(runStatementKeyLabel('linux'), 'Ctrl+Enter');
  assert.equal(runStatementKeyLabel('win32'), 'Ctrl+Enter');
});

test("the README's statement section lists the shortcut", () => {
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running a statement'), readme.indexOf('## Query plans'));
  assert.match(section, /Ctrl\+Enter/);
  assert.match(section, /Cmd\+Enter/);
});
