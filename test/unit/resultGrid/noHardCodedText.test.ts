// The results grid page (webview/resultGrid/) shows no English of its own: every text comes from the
// host, localized (ResultGridStrings, src/extension/statementRun/resultGridStrings.ts). Read with
// TypeScript's parser: a string literal or template text with a word in it fails, unless it is not
// shown (a module path, a type, a class name, an id, a message type, a compared value, a style).
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

const repoRoot = resolve(__dirname, '../../../..');
const PAGE = join(repoRoot, 'webview/resultGrid');

/** Texts the same in every language: SQL's NULL, the SI units of a duration, the CSS unit of a column width. */
const SAME_IN_EVERY_LANGUAGE = new Set(['NULL', ' ms', ' s', 'ch']);

/** Properties whose value is markup, not text. */
const MARKUP_PROPERTIES = new Set([
  'className',
  'id',
  'role',
  'appearance',
  'kind',
  'direction',
  'tabindex',
  'aria-sort',
  'aria-multiselectable',
  'aria-rowindex',
  'aria-colindex',
  'aria-rowcount',
  'aria-colcount',
  'aria-hidden',
  'aria-selected',
  'data-column',
  'data-row',
]);

/** Calls whose string arguments are names (events, messages, selectors, attributes, CSS, locales), never shown. */
const NAME_CALLS = new Set([
  'post',
  'on',
  'getElementById',
  'add',
  'remove',
  'toggle',
  'contains',
  'removeAttribute',
  'setAttribute',
  'getAttribute',
  'hasAttribute',
  'setProperty',
  'closest',
  'querySelector',
  'querySelectorAll',
  'addEventListener',
  'removeEventListener',
  'NumberFormat',
  'replace',
  'selectionText',
  'copy',
]);

/** The expression a piece of text ends up in, through conditionals, parentheses, ?? / || and template spans. */
function context(node: ts.Node): ts.Node {
  let current: ts.Node = node;
  for (;;) {
    const parent = current.parent;
    if (
      ts.isConditionalExpression(parent) ||
      ts.isParenthesizedExpression(parent) ||
      ts.isTemplateSpan(parent) ||
      ts.isTemplateExpression(parent) ||
      (ts.isBinaryExpression(parent) &&
        [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(parent.operatorToken.kind))
    )
      current = parent;
    else return current;
  }
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

function isShownText(node: ts.Node): boolean {
  const at = context(node);
  const parent = at.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return false;
  if (ts.isCaseClause(parent) || ts.isElementAccessExpression(parent)) return false;
  // a property's name ('aria-label': ...), not its value
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === at) return false;
  if (ts.isBinaryExpression(parent)) {
    const operator = parent.operatorToken.kind;
    if (
      [
        ts.SyntaxKind.EqualsEqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsEqualsToken,
        ts.SyntaxKind.EqualsEqualsToken,
        ts.SyntaxKind.ExclamationEqualsToken,
      ].includes(operator)
    )
      return false;
    // an inline style: element.style.x = `${n}px`
    if (
      operator === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(parent.left) &&
      ts.isPropertyAccessExpression(parent.left.expression) &&
      parent.left.expression.name.text === 'style'
    )
      return false;
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === at) {
    const name = ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name) ? parent.name.text : '';
    if (MARKUP_PROPERTIES.has(name)) return false;
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const name = calleeName(parent);
    if (name !== undefined && NAME_CALLS.has(name)) return false;
    // element('tag', ...) and customElement('tag', ...): the tag
    if ((name === 'element' || name === 'customElement') && parent.arguments?.[0] === at) return false;
  }
  return true;
}

/** The shown texts with a word in them that the file spells out, as "file:line: text". */
export function hardCodedTexts(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const piece = node.text;
      const target = ts.isTemplateHead(node) ? node.parent : ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? node.parent : node;
      if (/[A-Za-z]{2,}/.test(piece) && !SAME_IN_EVERY_LANGUAGE.has(piece) && isShownText(target)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${fileName}:${line}: ${JSON.stringify(piece)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the results grid page', () => {
  test('spells out no text it shows: each comes localized from the host', () => {
    const files = readdirSync(PAGE).filter((name) => name.endsWith('.ts'));
    assert.ok(files.includes('main.ts') && files.includes('virtualGrid.ts'));
    const found = files.flatMap((name) => hardCodedTexts(`webview/resultGrid/${name}`, readFileSync(join(PAGE, name), 'utf8')));
    assert.deepEqual(found, []);
  });

  test('the check sees English in a label, a status, a template and an element, not in markup or names', () => {
    const source = [
      "import { element } from './dom';",
      "const a = button({ id: 'copy-cell', label: 'Copy Cell', appearance: 'secondary' });",
      "status.textContent = scope === 'cell' ? 'Copied the cell.' : s.copiedRow;",
      'const b = `Copied ${count} cells.`;',
      "const c = element('p', { className: 'note rolled-back' }, 'Nothing was kept.');",
      "host.post('showPlan', null);",
      "const d = cell.textContent = value === null ? 'NULL' : value;",
    ].join('\n');
    assert.deepEqual(hardCodedTexts('x.ts', source), [
      'x.ts:2: "Copy Cell"',
      'x.ts:3: "Copied the cell."',
      'x.ts:4: "Copied "',
      'x.ts:4: " cells."',
      'x.ts:5: "Nothing was kept."',
    ]);
  });
});
