// `npm run check:html`: every built page (dist/**/*.html) through the Nu HTML Checker
// (the vnu-jar package) in one Java process. Prints each error as "page:line:column: message"
// and exits 1 when there is any, 2 when it cannot run (no build, no Java).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
/** The package's main export is the jar's path. */
const jar = String(createRequire(import.meta.url)('vnu-jar'));

function fail(message: string): never {
  console.error(`check:html: ${message}`);
  process.exit(2);
}

if (!fs.existsSync(dist)) fail('dist/ is missing: run `npm run build` first.');
const pages = fs
  .readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.html'))
  .map((e) => path.join(e.parentPath, e.name))
  .sort();
if (pages.length === 0) fail('dist/ holds no .html page: run `npm run build` first.');

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (java.error) {
  fail('no `java` on the PATH. The Nu HTML Checker needs a Java runtime (11 or later): on Debian `apt-get install default-jre-headless` (scripts/ensure-system.sh does it).');
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

const started = Date.now();
// --exit-zero-always: the exit code is ours to decide from the messages; vnu writes JSON to stderr.
const result = spawnSync('java', ['-Xss1m', '-jar', jar, '--errors-only', '--format', 'json', '--exit-zero-always', ...pages], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (result.error || result.status !== 0) fail(`the checker did not run: ${result.error?.message ?? result.stderr}`);

let messages: VnuMessage[];
try {
  messages = (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
} catch {
  fail(`unreadable checker output: ${result.stderr.slice(0, 500)}`);
}

const errors = messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
for (const m of errors) {
  const page = m.url ? path.relative(dist, new URL(m.url).pathname) : '?';
  console.error(`${page}:${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}` : ''}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`check:html: ${pages.length} page(s), ${errors.length} error(s) in ${seconds} s`);
process.exit(errors.length > 0 ? 1 : 0);
