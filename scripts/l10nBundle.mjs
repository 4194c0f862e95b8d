// Writes l10n/bundle.l10n.json, the English of every vscode.l10n.t(...) call in src/, its aliases
// (`const t = vscode.l10n.t`, a parameter typed `Translate`) included (the bundle a
// translator copies to bundle.l10n.<locale>.json), in the form @vscode/l10n-dev writes it: a plain
// message is its own key; {message, comment} is keyed "message/comment". The calls are found with
// TypeScript's parser, not a regular expression, so strings with quotes, line breaks or `{0}` keep
// their exact text. A call whose message is not a literal cannot be translated and is an error.
// `node scripts/l10nBundle.mjs` writes the bundle; `--check` fails when the bundle is stale (run by
// `npm run package`). test/unit/ci/l10nBundle.test.ts checks both.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE_FILE = 'l10n/bundle.l10n.json';

/** `vscode.l10n.t` or `l10n.t` (an imported l10n), not called. */
function isL10nT(node) {
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== 't') return false;
  const owner = node.expression;
  return (ts.isIdentifier(owner) && owner.text === 'l10n') || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n');
}

/**
 * The names that stand for vscode.l10n.t in a file: `const t = vscode.l10n.t;` and parameters typed
 * `Translate` (the strings modules, called with vscode.l10n.t). By name, not by scope: a file that
 * used the same name for something else would need a different one.
 */
function translateAliases(source) {
  const names = new Set();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isL10nT(node.initializer))
      names.add(node.name.text);
    if (
      ts.isParameter(node) &&
      ts.isIdentifier(node.name) &&
      node.type &&
      ts.isTypeReferenceNode(node.type) &&
      ts.isIdentifier(node.type.typeName) &&
      node.type.typeName.text === 'Translate'
    )
      names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** `vscode.l10n.t(...)`, `l10n.t(...)` or a call of one of its aliases. */
function isL10nCall(node, aliases) {
  if (!ts.isCallExpression(node)) return false;
  return isL10nT(node.expression) || (ts.isIdentifier(node.expression) && aliases.has(node.expression.text));
}

function literalText(node) {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** The message of one call: a literal string, or an object literal with a literal `message` and an optional literal (or array of literals) `comment`. */
function messageOf(call) {
  const first = call.arguments[0];
  const text = literalText(first);
  if (text !== undefined) return { key: text, value: text };
  if (first && ts.isObjectLiteralExpression(first)) {
    const property = (name) =>
      first.properties.find((entry) => ts.isPropertyAssignment(entry) && (entry.name.text ?? entry.name.escapedText) === name)?.initializer;
    const message = literalText(property('message'));
    const commentNode = property('comment');
    const comment =
      commentNode === undefined
        ? []
        : ts.isArrayLiteralExpression(commentNode)
          ? commentNode.elements.map(literalText)
          : [literalText(commentNode)];
    if (message !== undefined && comment.every((line) => line !== undefined))
      return comment.length === 0
        ? { key: message, value: message }
        : { key: `${message}/${comment.join('')}`, value: { message, comment } };
  }
  return undefined;
}

/** The messages of one source file, and its calls whose message is not a literal (as "file:line"). */
export function messagesIn(fileName, sourceText) {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const aliases = translateAliases(source);
  const messages = [];
  const problems = [];
  const visit = (node) => {
    if (isL10nCall(node, aliases)) {
      const message = messageOf(node);
      if (message) messages.push(message);
      else {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        problems.push(`${fileName}:${line}: the message of ${node.expression.getText(source)}(...) is not a literal string`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, problems };
}

/** The bundle (keys sorted, so that it changes only where a message does) of files given as {fileName, text}. */
export function bundleOf(files) {
  const bundle = {};
  const problems = [];
  for (const file of files) {
    const found = messagesIn(file.fileName, file.text);
    problems.push(...found.problems);
    for (const { key, value } of found.messages) bundle[key] = value;
  }
  const sorted = Object.fromEntries(
    Object.keys(bundle)
      .sort()
      .map((key) => [key, bundle[key]]),
  );
  return { bundle: sorted, problems };
}

function typeScriptFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The bundle of the repository's src/, as the text the bundle file holds. */
export function repositoryBundle(root = repoRoot) {
  const files = typeScriptFiles(join(root, 'src'))
    .sort()
    .map((path) => ({ fileName: relative(root, path), text: readFileSync(path, 'utf8') }));
  const { bundle, problems } = bundleOf(files);
  return { text: `${JSON.stringify(bundle, null, 2)}\n`, messages: Object.keys(bundle).length, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { text, messages, problems } = repositoryBundle();
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const target = join(repoRoot, BUNDLE_FILE);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) {
      console.error(`${BUNDLE_FILE} is stale (the vscode.l10n.t messages in src/ changed): run npm run l10n`);
      process.exit(1);
    }
    console.log(`${BUNDLE_FILE}: ${messages} messages, up to date.`);
  } else {
    mkdirSync(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, target);
    console.log(`${BUNDLE_FILE}: ${messages} messages.`);
  }
}
