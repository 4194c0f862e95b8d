// The start-up bootstrap (src/extension/bootstrap.ts, package.json's main): bundled as
// scripts/build.mjs bundles the main entry, it is small and holds neither mysql2 nor the rest of
// the extension; in a window that does not use TiDB Lab, activating it leaves stand-ins and loads
// nothing more; a command, a shown view, a SQL document or a detached run left behind loads the
// whole extension (here a fake dist/extensionFull.js beside the bundle, against a stub of the
// vscode API that refuses an id registered twice, as VS Code does).
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from 'esbuild';
import { createRunDirectory, writePid } from '../../../src/core/bench/detached/runDirectory';
import { RUN_DIRECTORY_VERSION, type DetachedRunMeta } from '../../../src/core/bench/detached/runEvents';

const repoRoot = resolve(__dirname, '../../../..');
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  main: string;
  contributes: { commands: Array<{ command: string }>; views: Record<string, Array<{ id: string }>> };
};
const contributedCommands = manifest.contributes.commands.map((entry) => entry.command);
const contributedViews = Object.values(manifest.contributes.views).flatMap((views) => views.map((view) => view.id));

/** The entry point scripts/build.mjs bundles to package.json's main. */
function mainEntryPoint(): string {
  const script = readFileSync(join(repoRoot, 'scripts', 'build.mjs'), 'utf8');
  const out = manifest.main.replace(/^\.\//, '');
  const entry = new RegExp(`\\{ in: '([^']+)', out: '${out.replace(/[.]/g, '\\.')}'`).exec(script);
  assert.ok(entry, `scripts/build.mjs builds no ${out}`);
  return entry[1];
}

const work = mkdtempSync(join(tmpdir(), 'tidb-lab-bootstrap-'));
const bundle = join(work, 'extension.js');
const fullBundle = join(work, 'extensionFull.js');
let bundleBytes = 0;
let bundleInputs: string[] = [];

interface Stub {
  vscode: Record<string, unknown>;
  commands: Map<string, (...args: unknown[]) => unknown>;
  views: Map<string, { getChildren(): unknown }>;
  openDocument(document: { languageId: string }): void;
}

function vscodeStub(options: { documents?: Array<{ languageId: string }> } = {}): Stub {
  const commands = new Map<string, (...args: unknown[]) => unknown>();
  const views = new Map<string, { getChildren(): unknown }>();
  const openListeners: Array<(document: { languageId: string }) => void> = [];
  class TabInputWebview {
    constructor(readonly viewType: string) {}
  }
  const vscode = {
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    TabInputWebview,
    workspace: {
      textDocuments: options.documents ?? [],
      onDidOpenTextDocument: (listener: (document: { languageId: string }) => void) => {
        openListeners.push(listener);
        return { dispose: () => openListeners.splice(openListeners.indexOf(listener), 1) };
      },
    },
    window: {
      tabGroups: { all: [], onDidChangeTabs: () => ({ dispose: () => undefined }) },
      registerTreeDataProvider(id: string, provider: { getChildren(): unknown }) {
        if (views.has(id)) throw new Error(`a tree view with id '${id}' is registered already`);
        views.set(id, provider);
        // as VS Code's: the id is let go only once the registration's round trip has settled
        return {
          dispose: async () => {
            await new Promise((done) => setImmediate(done));
            views.delete(id);
          },
        };
      },
    },
    commands: {
      registerCommand(id: string, callback: (...args: unknown[]) => unknown) {
        if (commands.has(id)) throw new Error(`command '${id}' already exists`);
        commands.set(id, callback);
        return { dispose: () => commands.delete(id) };
      },
      executeCommand: async (id: string, ...args: unknown[]) => {
        const callback = commands.get(id);
        if (!callback) throw new Error(`command '${id}' not found`);
        return callback(...args);
      },
    },
  };
  return { vscode, commands, views, openDocument: (document) => openListeners.forEach((listener) => listener(document)) };
}

interface Activated {
  exports: unknown;
  stub: Stub;
  fullActivations: () => number;
}

const globalRecord = globalThis as unknown as { __tidbLabFullActivations?: number };

/** Loads a fresh copy of the bundle against a new stub and activates it. */
function activateBootstrap(stub: Stub, globalStorage = join(work, `storage-${Math.random()}`)): Activated {
  globalRecord.__tidbLabFullActivations = 0;
  delete require.cache[bundle];
  delete require.cache[fullBundle];
  currentStub = stub;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle under test
  const bootstrap = require(bundle) as { activate(context: unknown): unknown };
  const context = {
    extensionMode: 1,
    globalStorageUri: { fsPath: globalStorage },
    extension: { packageJSON: manifest },
    subscriptions: [] as unknown[],
  };
  const exports = bootstrap.activate(context);
  return { exports, stub, fullActivations: () => globalRecord.__tidbLabFullActivations ?? 0 };
}

// `require('vscode')` in the bundle and in the fake whole extension (loaded later) gets the current stub.
let currentStub: Stub | undefined;
const moduleLoader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const originalLoad = moduleLoader._load;

before(async () => {
  moduleLoader._load = (request, ...rest) => (request === 'vscode' && currentStub ? currentStub.vscode : originalLoad(request, ...rest));
  const result = await build({
    entryPoints: [join(repoRoot, mainEntryPoint())],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    minify: true,
    keepNames: true,
    metafile: true,
    logLevel: 'silent',
  });
  bundleBytes = readFileSync(bundle).length;
  bundleInputs = Object.keys(result.metafile.inputs);
  // The whole extension, faked: it registers the real Add Connection and the Connections view.
  writeFileSync(
    fullBundle,
    `const vscode = require('vscode');
     exports.activate = () => {
       globalThis.__tidbLabFullActivations++;
       vscode.commands.registerCommand('tidbLab.addConnection', (request) => 'added ' + request.name);
       vscode.window.registerTreeDataProvider('tidbLab.connections', { getChildren: () => ['real'] });
       return { full: true };
     };
     exports.deactivate = () => undefined;`,
  );
});

after(() => {
  moduleLoader._load = originalLoad;
  rmSync(work, { recursive: true, force: true });
});

describe('the start-up bootstrap', () => {
  test('is small and bundles neither mysql2 nor the rest of the extension', () => {
    assert.ok(bundleBytes < 32 * 1024, `${manifest.main} is ${bundleBytes} bytes`);
    assert.deepEqual(
      bundleInputs.filter((input) => input.includes('node_modules') || input.endsWith('src/extension/extension.ts')),
      [],
    );
  });

  test('a window that does not use TiDB Lab gets stand-ins for every command and view, and nothing more is loaded', () => {
    const { exports, stub, fullActivations } = activateBootstrap(vscodeStub());
    assert.equal(fullActivations(), 0);
    assert.equal(typeof (exports as { load?: unknown }).load, 'function');
    assert.deepEqual([...stub.commands.keys()].sort(), [...contributedCommands].sort());
    assert.deepEqual([...stub.views.keys()].sort(), [...contributedViews].sort());
  });

  test('the first command loads the whole extension once, then runs the real command with its arguments', async () => {
    const { stub, fullActivations } = activateBootstrap(vscodeStub());
    const executeCommand = (stub.vscode.commands as { executeCommand: (id: string, ...args: unknown[]) => Promise<unknown> })
      .executeCommand;
    assert.equal(await executeCommand('tidbLab.addConnection', { name: 'local' }), 'added local');
    assert.equal(fullActivations(), 1);
    assert.equal(await executeCommand('tidbLab.addConnection', { name: 'again' }), 'added again');
    assert.equal(fullActivations(), 1);
  });

  test('a view shown loads the whole extension, which registers the real view under the same id', async () => {
    const { exports, stub, fullActivations } = activateBootstrap(vscodeStub());
    assert.deepEqual(stub.views.get('tidbLab.connections')?.getChildren(), []);
    assert.deepEqual(await (exports as { load(): Promise<unknown> }).load(), { full: true });
    assert.equal(fullActivations(), 1);
    assert.deepEqual(stub.views.get('tidbLab.connections')?.getChildren(), ['real']);
  });

  test('a SQL document opened later loads the whole extension', async () => {
    const { stub, fullActivations } = activateBootstrap(vscodeStub());
    stub.openDocument({ languageId: 'plaintext' });
    await new Promise((done) => setTimeout(done, 20));
    assert.equal(fullActivations(), 0);
    stub.openDocument({ languageId: 'sql' });
    await new Promise((done) => setTimeout(done, 20));
    assert.equal(fullActivations(), 1);
  });

  test('a window with a SQL document open loads the whole extension at activation', () => {
    const { exports, fullActivations } = activateBootstrap(vscodeStub({ documents: [{ languageId: 'sql' }] }));
    assert.equal(fullActivations(), 1);
    assert.deepEqual(exports, { full: true });
  });

  test('a detached run left behind (its window and its process gone) loads the whole extension at activation', async () => {
    const storage = join(work, 'storage-with-run');
    const meta = { version: RUN_DIRECTORY_VERSION, runKey: 'run-1', createdAt: new Date().toISOString(), spec: {} } as DetachedRunMeta;
    const run = await createRunDirectory(join(storage, 'runs'), meta);
    writePid(run, 2147483646);
    assert.equal(activateBootstrap(vscodeStub(), join(work, 'storage-without-run')).fullActivations(), 0);
    const { exports, fullActivations } = activateBootstrap(vscodeStub(), storage);
    assert.equal(fullActivations(), 1);
    assert.deepEqual(exports, { full: true });
  });
});
