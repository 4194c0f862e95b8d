// What the workbench in the browser has saved of its open editors: VS Code keeps the editor part's
// state (each editor, a webview's with the state its page gave to setState) in the IndexedDB
// database of the workspace's storage, under memento/workbench.parts.editor. It writes it when its
// storage is flushed, which in a browser need not finish on the way out: a test that closes the page
// waits here until the editors it wants restored were saved.
import type { Page } from 'playwright-core';

const EDITOR_PART_KEY = 'memento/workbench.parts.editor';

/** The saved editor part state of every workspace storage database the page has ('' when none). */
export async function savedEditorPartState(page: Page): Promise<string> {
  return page.evaluate(async (key) => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error(`cannot open ${name}`));
      });
    const values: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('vscode-web-state-db-') || name === 'vscode-web-state-db-global') continue;
      const database = await open(name);
      try {
        if (!database.objectStoreNames.contains('ItemTable')) continue;
        const value = await new Promise<unknown>((resolve, reject) => {
          const request = database.transaction('ItemTable', 'readonly').objectStore('ItemTable').get(key);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error(`cannot read ${key}`));
        });
        if (typeof value === 'string') values.push(value);
      } finally {
        database.close();
      }
    }
    return values.join('\n');
  }, EDITOR_PART_KEY);
}
