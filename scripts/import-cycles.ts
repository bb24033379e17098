// The import graph's cycles, for the test command (docs/decisions.md 115): a file that imports
// itself through others (what madge reports), and a folder under server/, src/ or contracts/
// that imports another which imports it back (a capability leaning on one that leans on it).
// Only imports that run count: `import type` and `export type` are erased by type stripping,
// and server/db/schema.ts joins every capability's tables by type on purpose.
// Usage: node scripts/import-cycles.ts [root]; exits 1 when it finds a cycle.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceExtensions = ['.ts', '.tsx'];
const scanned = ['server', 'src', 'contracts', 'scripts'];

/** Every source file under the scanned folders of `root`, relative, with forward slashes. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(root, dir))) return;
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(rel);
      } else if (sourceExtensions.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts')) files.push(rel);
    }
  };
  for (const dir of scanned) walk(dir);
  return files.sort();
}

/** The relative modules a file imports at run time (type-only imports and exports left out). */
export function runtimeImports(text: string, fileName: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('.'));
}

/** file → the files it imports at run time (only files of the graph). */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(fs.readFileSync(path.join(root, file), 'utf8'), file)
      .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan's algorithm), each sorted. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) connect(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The folder a file belongs to for the folder check: server/<capability>, src/<area>, contracts, scripts. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The folder graph: an edge where a file of one folder imports a file of another, with one such import as its example. */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>): { edges: Map<string, string[]>; example: Map<string, string> } {
  const edges = new Map<string, Set<string>>();
  const example = new Map<string, string>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from) continue;
      edges.get(from)!.add(to);
      if (!example.has(`${from} → ${to}`)) example.set(`${from} → ${to}`, `${file} imports ${target}`);
    }
  }
  return { edges: new Map([...edges].map(([k, v]) => [k, [...v].sort()])), example };
}

/** The report: file cycles and folder cycles, each folder cycle with an import per edge inside it. */
export function findImportCycles(root: string): { files: string[][]; folders: { members: string[]; imports: string[] }[] } {
  const graph = importGraph(root);
  const { edges, example } = folderGraph(graph);
  const folders = cycles(edges).map((members) => ({
    members,
    imports: members.flatMap((from) =>
      (edges.get(from) ?? []).filter((to) => members.includes(to)).map((to) => `${from} → ${to}: ${example.get(`${from} → ${to}`)}`),
    ),
  }));
  return { files: cycles(graph), folders };
}

/**
 * Folder cycles this repository still has, each with its reason, to be removed (the check fails
 * on any other cycle, and on one listed here that is gone, so the list only shrinks). None left:
 * the last (alerts ↔ status ↔ subscriptions, through the monitors file's `alerts` section) went
 * when the section was handed in to the status capability (docs/decisions.md 140).
 */
export const knownFolderCycles: readonly string[][] = [];

if (import.meta.main) {
  const given = process.argv[2];
  const root = path.resolve(given ?? path.join(import.meta.dirname, '..'));
  // The known cycles are this repository's: a folder given on the command line (a test's fixture) has none.
  const known = given ? [] : knownFolderCycles;
  const { files, folders } = findImportCycles(root);
  const isKnown = (members: readonly string[]) => known.some((k) => k.join(' ') === members.join(' '));
  for (const cycle of files) console.log(`file cycle: ${cycle.join(' ↔ ')}`);
  for (const cycle of folders)
    console.log(
      `${isKnown(cycle.members) ? 'known folder cycle (scripts/import-cycles.ts)' : 'folder cycle'}: ${cycle.members.join(' ↔ ')}\n  ${cycle.imports.join('\n  ')}`,
    );
  const gone = known.filter((k) => !folders.some((f) => f.members.join(' ') === k.join(' ')));
  for (const cycle of gone) console.log(`listed as known but gone (remove it from knownFolderCycles): ${cycle.join(' ↔ ')}`);
  const fresh = folders.filter((f) => !isKnown(f.members));
  console.log(
    `${files.length} file cycle${files.length === 1 ? '' : 's'}, ${fresh.length} folder cycle${fresh.length === 1 ? '' : 's'}${folders.length > fresh.length ? ` (and ${folders.length - fresh.length} known)` : ''}`,
  );
  process.exit(files.length + fresh.length + gone.length > 0 ? 1 : 0);
}
