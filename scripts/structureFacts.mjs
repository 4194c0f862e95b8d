// node scripts/structureFacts.mjs [--json] [--root DIR]: facts about the code's shape that anyone can measure
// on any commit: import circles between files, imports that run from a lower layer to a higher one,
// and files over 300 lines. Layers, lowest first: src/core, src/protocol, then src/cli,
// src/extension and webview/. Inside src/extension, a feature folder importing a value from the
// composition files (extension.ts, api.ts, registerConnectionFeature.ts) also runs upward.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const rootIndex = process.argv.indexOf('--root');
const root = rootIndex > 0 ? resolve(process.argv[rootIndex + 1]) : resolve(dirname(new URL(import.meta.url).pathname), '..');
const files = ['src', 'webview'].flatMap((dir) => walk(join(root, dir))).filter((file) => file.endsWith('.ts'));

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function layerOf(file) {
  const path = relative(root, file);
  if (path.startsWith('src/core/')) return 1;
  if (path.startsWith('src/protocol/')) return 2;
  return 3;
}

const COMPOSITION = new Set(['src/extension/extension.ts', 'src/extension/api.ts', 'src/extension/registerConnectionFeature.ts']);

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** Imports of a file: target file and whether the import brings only types. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const target = resolveImport(file, statement.moduleSpecifier.text);
      if (!target) continue;
      const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
      const typeOnly = ts.isImportDeclaration(statement)
        ? Boolean(
            clause?.isTypeOnly ||
            (clause?.namedBindings &&
              ts.isNamedImports(clause.namedBindings) &&
              !clause.name &&
              clause.namedBindings.elements.length > 0 &&
              clause.namedBindings.elements.every((element) => element.isTypeOnly)),
          )
        : statement.isTypeOnly;
      found.push({ target, typeOnly });
    }
  }
  return found;
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

// circles: strongly connected components of more than one file (Tarjan)
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function connect(file) {
  indices.set(file, index);
  lowlinks.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const { target } of graph.get(file) ?? []) {
    if (!graph.has(target)) continue;
    if (!indices.has(target)) {
      connect(target);
      lowlinks.set(file, Math.min(lowlinks.get(file), lowlinks.get(target)));
    } else if (onStack.has(target)) lowlinks.set(file, Math.min(lowlinks.get(file), indices.get(target)));
  }
  if (lowlinks.get(file) === indices.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const file of files) if (!indices.has(file)) connect(file);

const upward = [];
for (const [file, imports] of graph) {
  const from = relative(root, file);
  for (const { target, typeOnly } of imports) {
    const to = relative(root, target);
    if (layerOf(target) > layerOf(file)) upward.push(`${from} -> ${to}`);
    else if (from.startsWith('src/extension/') && !COMPOSITION.has(from) && COMPOSITION.has(to) && !typeOnly)
      upward.push(`${from} -> ${to}`);
  }
}

const long = files
  .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > 300)
  .sort((a, b) => b.lines - a.lines);

const facts = { files: files.length, circles, upwardImports: upward, filesOver300Lines: long };
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(facts, null, 2)}\n`);
else {
  console.log(`${files.length} TypeScript files in src/ and webview/`);
  console.log(`import circles: ${circles.length}`);
  for (const circle of circles) console.log(`  ${circle.join(' <-> ')}`);
  console.log(`imports from a lower layer to a higher one: ${upward.length}`);
  for (const line of upward) console.log(`  ${line}`);
  console.log(`files over 300 lines: ${long.length}`);
  for (const { file, lines } of long) console.log(`  ${lines} ${file}`);
}
