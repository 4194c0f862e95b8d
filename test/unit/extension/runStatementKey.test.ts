// Ctrl+Enter / Cmd+Enter runs the statement under the cursor in SQL editors (issue 29): the
// keybinding package.json contributes, the label the CodeLens tooltip shows, and the README.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  EXPLAIN_ANALYZE_KEY,
  explainAnalyzeKeyLabel,
  RUN_COMMANDS,
  RUN_FILE_KEY,
  RUN_SETTINGS,
  RUN_STATEMENT_KEY,
  runFileKeyLabel,
  runStatementKeyLabel,
} from '../../../src/extension/statementRun/runIds';

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

test('package.json binds Ctrl+Alt+Enter / Cmd+Alt+Enter to Explain Analyze in SQL editors, listed in the README', () => {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    contributes: { keybindings?: { command: string; key: string; mac?: string; when?: string }[] };
  };
  const binding = manifest.contributes.keybindings?.find((candidate) => candidate.command === EXPLAIN_ANALYZE_KEY.command);
  assert.ok(binding, 'no keybinding for Explain Analyze');
  assert.equal(binding.key, EXPLAIN_ANALYZE_KEY.key);
  assert.equal(binding.mac, EXPLAIN_ANALYZE_KEY.mac);
  assert.match(binding.when ?? '', /editorLangId == sql/);
  assert.equal(explainAnalyzeKeyLabel('darwin'), 'Cmd+Alt+Enter');
  assert.equal(explainAnalyzeKeyLabel('linux'), 'Ctrl+Alt+Enter');
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running a statement'), readme.indexOf('## Query plans'));
  assert.match(section, /Explain Analyze Statement \| Ctrl\+Alt\+Enter \(Mac: Cmd\+Alt\+Enter\)/);
});

test('package.json binds Ctrl+Shift+Enter / Cmd+Shift+Enter to Run File in SQL editors, and contributes tidbLab.sql.onError (stop by default)', () => {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    contributes: {
      commands: { command: string; title: string }[];
      keybindings?: { command: string; key: string; mac?: string; when?: string }[];
      configuration: { properties: Record<string, { enum?: string[]; default?: unknown }> };
    };
  };
  assert.ok(manifest.contributes.commands.some((command) => command.command === RUN_COMMANDS.runFile && command.title.startsWith('%')));
  const binding = manifest.contributes.keybindings?.find((candidate) => candidate.command === RUN_COMMANDS.runFile);
  assert.ok(binding, 'no keybinding for Run File');
  assert.deepEqual([binding.key, binding.mac, binding.when], [RUN_FILE_KEY.key, RUN_FILE_KEY.mac, RUN_FILE_KEY.when]);
  assert.equal(runFileKeyLabel('darwin'), 'Cmd+Shift+Enter');
  assert.equal(runFileKeyLabel('linux'), 'Ctrl+Shift+Enter');
  const setting = manifest.contributes.configuration.properties[RUN_SETTINGS.onError];
  assert.deepEqual([setting?.enum, setting?.default], [['stop', 'continue'], 'stop']);
});
