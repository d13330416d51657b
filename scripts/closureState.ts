/**
 * Finds the functions that hold their state in a closure: 60 lines or more, with three or more
 * `let`/`var` variables of their own that functions inside them assign. Such a function is a class
 * or a phase machine in disguise, hard to test step by step. `npx tsx scripts/closureState.ts`
 * lists them for sdk/ and extension/; scripts/closureState.test.ts keeps the count from growing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const MIN_LINES = 60;
export const MIN_VARIABLES = 3;

/** One such function: where it is, its length and the variables its inner functions assign. */
export interface ClosureState {
  file: string;
  name: string;
  line: number;
  lines: number;
  variables: string[];
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessor(node) ||
  ts.isSetAccessor(node) ||
  ts.isConstructorDeclaration(node);

const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
]);

/** The identifier a node assigns (`x = …`, `x += …`, `x++`), if any. */
function assigned(node: ts.Node): string | null {
  if (ts.isBinaryExpression(node) && ASSIGNMENTS.has(node.operatorToken.kind) && ts.isIdentifier(node.left))
    return node.left.text;
  if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && ts.isIdentifier(node.operand))
    return node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken
      ? node.operand.text
      : null;
  return null;
}

/** The `let`/`var` names declared in `fn`'s own body (not in the functions inside it). */
function ownMutables(fn: ts.FunctionLikeDeclaration): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (node !== fn && isFunction(node)) return;
    if (ts.isVariableDeclarationList(node) && !(node.flags & ts.NodeFlags.Const))
      for (const declaration of node.declarations)
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
    ts.forEachChild(node, visit);
  };
  if (fn.body) ts.forEachChild(fn.body, visit);
  return names;
}

/** Which of `names` the functions inside `fn` assign. */
function assignedInside(fn: ts.FunctionLikeDeclaration, names: Set<string>): string[] {
  const found = new Set<string>();
  const visit = (node: ts.Node, inner: boolean): void => {
    const name = inner ? assigned(node) : null;
    if (name && names.has(name)) found.add(name);
    ts.forEachChild(node, (child) => visit(child, inner || (child !== fn && isFunction(child))));
  };
  if (fn.body) ts.forEachChild(fn.body, (child) => visit(child, isFunction(child)));
  return [...found].sort();
}

/** The closure-state functions of one source text. */
export function closureStateIn(file: string, source: string): ClosureState[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: ClosureState[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunction(node) && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const lines = sf.getLineAndCharacterOfPosition(node.getEnd()).line - start + 1;
      if (lines >= MIN_LINES) {
        const variables = assignedInside(node, ownMutables(node));
        if (variables.length >= MIN_VARIABLES) {
          const named = node.name && ts.isIdentifier(node.name) ? node.name.text : null;
          const holder =
            ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name) ? node.parent.name.text : null;
          out.push({ file, name: named ?? holder ?? '(anonymous)', line: start + 1, lines, variables });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every closure-state function in the shipped .ts/.tsx files under `roots` (tests and helpers left out). */
export function closureState(roots: string[]): ClosureState[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'testing' ? [] : files(path);
      return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
    });
  return roots.flatMap(files).flatMap((file) => closureStateIn(file, readFileSync(file, 'utf8')));
}

if (process.argv[1]?.endsWith('closureState.ts')) {
  const found = closureState(['sdk', 'extension']);
  for (const f of found) console.log(`${f.file}:${f.line} ${f.name} (${f.lines} lines): ${f.variables.join(', ')}`);
  console.log(
    `${found.length} function(s) of ${MIN_LINES}+ lines whose inner functions assign ${MIN_VARIABLES}+ of their variables`,
  );
}
