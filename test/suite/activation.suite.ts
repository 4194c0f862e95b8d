import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, test } from './harness';

const extensionId = 'tidb-lab.tidb-lab';

interface ContributedCommand {
  command: string;
}

async function activatedExtension(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(extensionId);
  assert.ok(extension, `${extensionId} is not loaded in this extension host`);
  await extension.activate();
  return extension;
}

suite('activation', () => {
  test('TiDB Lab activates', async () => {
    const extension = await activatedExtension();
    assert.equal(extension.isActive, true);
  });

  test('every command it declares is registered', async () => {
    const extension = await activatedExtension();
    const declared = ((extension.packageJSON.contributes?.commands ?? []) as ContributedCommand[]).map((entry) => entry.command);
    assert.ok(declared.includes('tidbLab.addConnection'), 'tidbLab.addConnection is not declared');
    assert.ok(declared.includes('tidbLab.refresh'), 'tidbLab.refresh is not declared');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], 'declared in package.json but not registered by activate()');
  });

  test('the Refresh command runs through the real API', async () => {
    await activatedExtension();
    await vscode.commands.executeCommand('tidbLab.refresh');
  });
});
