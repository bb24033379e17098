// Finds citations of docs/decisions.md that name a decision the file does not have
// ("docs/decisions.md 58", "decisions.md 58, 60", "[decisions.md](decisions.md) 42-44", "decision 58"). test/unit/decision-citations.test.ts
// runs it in the test command; `node scripts/decision-citations.ts` prints what it finds.
import fs from 'node:fs';
import path from 'node:path';

/** Where code and docs cite decisions. */
export const citingRoots = ['server', 'src', 'contracts', 'scripts', 'test', 'bench', 'docs', 'config', 'README.md'];
const textFile = /\.(ts|tsx|mts|mjs|js|astro|md|json|sh|css|html)$/;
const skipped = /(^|\/)(node_modules|dist|fixtures)\//;

/** The decisions the file has: its `## N. Title` headings. */
export function decisionNumbers(decisionsText: string): Set<number> {
  return new Set([...decisionsText.matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1])));
}

export interface Citation {
  file: string;
  line: number;
  number: number;
  text: string;
}

/** Every number cited: after `decisions.md` (a list too: `58, 60`, `58/60`, `58 and 60`) or after the word `decision`. */
export function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  const pattern = /(?:decisions\.md(?:\]\(decisions\.md\))?|\b[Dd]ecisions?)\s+(\d+(?:\s*(?:,|\/|-|–|and|or|&)\s*\d+)*)/g;
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(pattern)) {
      for (const number of match[1]!.split(/\s*(?:,|\/|-|–|and|or|&)\s*/)) {
        found.push({ file, line: index + 1, number: Number(number), text: match[0] });
      }
    }
  });
  return found;
}

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  const found: string[] = [];
  for (const child of fs.readdirSync(full, { withFileTypes: true })) {
    const relative = path.posix.join(entry, child.name);
    if (skipped.test(`${relative}/`)) continue;
    if (child.isDirectory()) found.push(...filesUnder(root, relative));
    else if (textFile.test(child.name)) found.push(relative);
  }
  return found;
}

/** Citations in a checkout of a decision that docs/decisions.md does not have. */
export function unknownCitations(root: string): Citation[] {
  const known = decisionNumbers(fs.readFileSync(path.join(root, 'docs/decisions.md'), 'utf8'));
  const files = citingRoots.flatMap((entry) => filesUnder(root, entry)).filter((file) => file !== 'docs/decisions.md');
  return files.flatMap((file) => citationsIn(file, fs.readFileSync(path.join(root, file), 'utf8'))).filter((c) => !known.has(c.number));
}

if (import.meta.main) {
  const unknown = unknownCitations(path.resolve(import.meta.dirname, '..'));
  for (const c of unknown) console.log(`${c.file}:${c.line}: ${c.text} (no decision ${c.number})`);
  console.log(`${unknown.length} citation(s) of decisions docs/decisions.md does not have`);
}
