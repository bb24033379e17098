// `npm run check:html`: every built page (dist/**/*.html) through the Nu HTML Checker
// (the vnu-jar package) in one Java process. A template the server fills per request
// (dist/.templates) is checked as the server sends it, filled with a sample answer. Prints each
// error as "page:line:column: message" and exits 1 when there is any, 2 when it cannot run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { notSentTemplatePath } from '../contracts/contact-rules.ts';
import { NotSentPage } from '../server/contact/contact-form-page.ts';

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

// The contact form sent back without JavaScript, as a visitor with two mistakes gets it.
const filledDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-check-html-'));
const templates: Record<string, string> = {
  [path.join(dist, notSentTemplatePath)]: new NotSentPage(dist).render({
    detail: 'Please check the form: Please enter your name. Please enter a valid e-mail address, like name@example.com.',
    fields: { name: 'Please enter your name.', email: 'Please enter a valid e-mail address, like name@example.com.' },
    values: { email: 'asha@example', subject: 'Hello <there>', message: 'Line one\nLine "two"' },
  }),
};
for (const [template, html] of Object.entries(templates)) {
  const filled = path.join(filledDir, path.basename(template));
  fs.writeFileSync(filled, html);
  const at = pages.indexOf(template);
  if (at >= 0) pages.splice(at, 1, filled);
  else pages.push(filled);
}

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (java.error) {
  fail(
    'no `java` on the PATH. The Nu HTML Checker needs a Java runtime (11 or later): on Debian `apt-get install default-jre-headless` (scripts/ensure-system.sh does it).',
  );
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
  const file = m.url ? new URL(m.url).pathname : '?';
  const page = file.startsWith(filledDir) ? `${path.basename(file)} (filled)` : path.relative(dist, file);
  console.error(
    `${page}:${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}` : ''}`,
  );
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`check:html: ${pages.length} page(s), ${errors.length} error(s) in ${seconds} s`);
process.exit(errors.length > 0 ? 1 : 0);
