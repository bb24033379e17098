// Counts what the working rules keep small (README, "Small files"): files of code over 400 lines, and
// functions over 150 lines outside test files (a test's describe body is a list, not one job).
// test/unit/code-size.test.ts fails when either count is above nothing but the allowlist below.
// `node scripts/code-size.ts` prints both lists.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const maxFileLines = 400;
export const maxFunctionLines = 150;

/** Folders of code the limits cover; data/ and fixtures/ hold content, not code. */
export const codeRoots = ['server', 'src', 'contracts', 'scripts', 'test'];
const codeFile = /\.(ts|tsx|mts|mjs|js|astro)$/;
const notCode = /(^|\/)(data|fixtures|node_modules)\//;

/** A file's lines as `wc -l` counts them (newlines). */
export function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export function codeFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!notCode.test(`${relative}/`)) walk(relative);
      } else if (codeFile.test(entry.name) && !notCode.test(relative)) found.push(relative);
    }
  };
  for (const dir of codeRoots) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return found.sort();
}

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

/** Functions (declarations, methods, arrows, function expressions) longer than `limit` lines, outermost only. */
export function longFunctions(file: string, text: string, limit = maxFunctionLines): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) {
        found.push({ file, name: functionName(node), line: start + 1, lines });
        return; // its inner functions are part of it
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

export interface CodeSize {
  longFiles: { file: string; lines: number }[];
  longFunctions: LongFunction[];
}

/** Both counts over a checkout. */
export function measure(root: string): CodeSize {
  const longFiles: CodeSize['longFiles'] = [];
  const functions: LongFunction[] = [];
  for (const file of codeFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = lineCount(text);
    if (lines > maxFileLines) longFiles.push({ file, lines });
    if (/\.(ts|tsx)$/.test(file) && !isTestFile(file)) functions.push(...longFunctions(file, text));
  }
  return { longFiles, longFunctions: functions };
}

if (import.meta.main) {
  const { longFiles, longFunctions: functions } = measure(path.resolve(import.meta.dirname, '..'));
  console.log(`files over ${maxFileLines} lines: ${longFiles.length}`);
  for (const { file, lines } of longFiles) console.log(`  ${lines} ${file}`);
  console.log(`functions over ${maxFunctionLines} lines: ${functions.length}`);
  for (const f of functions) console.log(`  ${f.lines} ${f.file}:${f.line} ${f.name}`);
}
