// Results, exports and saved files are written whole through the editor's file system (local,
// remote or virtual folders alike): a temporary file beside the target, renamed over it
// (core/results/writeFileWhole.ts). A failed write or a full disk leaves the old file as it was.
import * as vscode from 'vscode';
import { posix } from 'node:path';
import { randomUUID } from 'node:crypto';
import { writeWholeThrough } from '../../core/results/writeFileWhole';

export async function writeUriWhole(target: vscode.Uri, bytes: Uint8Array): Promise<void> {
  const temporary = target.with({
    path: posix.join(posix.dirname(target.path), `.${posix.basename(target.path)}.${randomUUID().slice(0, 8)}.tmp`),
  });
  const fileSystem = vscode.workspace.fs;
  await writeWholeThrough(
    {
      writeFile: (uri, data) => fileSystem.writeFile(uri, data),
      rename: (from, to) => fileSystem.rename(from, to, { overwrite: true }),
      delete: (uri) => fileSystem.delete(uri, { useTrash: false }),
    },
    target,
    temporary,
    bytes,
  );
}
