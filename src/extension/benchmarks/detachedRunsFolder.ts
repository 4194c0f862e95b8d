// Where this extension's detached benchmark runs keep their directories: the runner that starts and
// follows them and the start-up bootstrap that looks for runs to take over read the same folder.
import { join } from 'node:path';
import type * as vscode from 'vscode';

export function detachedRunsFolder(context: vscode.ExtensionContext): string {
  return join(context.globalStorageUri.fsPath, 'runs');
}
