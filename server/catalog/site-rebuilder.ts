import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogDocument } from '../../contracts/catalog.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const astroCli = path.join(projectRoot, 'node_modules/astro/bin/astro.mjs');
const postbuild = path.join(projectRoot, 'scripts/postbuild.ts');
const statusRender = path.join(projectRoot, 'scripts/build-status-render.ts');
const catalogRender = path.join(projectRoot, 'scripts/catalog-render.ts');
/** scripts/catalog-render.ts's exit when a page threw with the document: the full build would stop on it too. */
const exitPageFailed = 2;
/** Written last into a finished folder: a folder without it is a build that did not end. */
const doneMarker = '.built';

/** A build that failed: `message` says why in the words the build used (a content error, a page that threw). */
export class SiteBuildFailed extends Error {}

export interface BuiltSite {
  dir: string;
  ms: number;
  /** How: the built site's pages rendered again with the document, or a whole `astro build` (docs/decisions.md 156). */
  how: 'render' | 'build' | 'found';
  /** The render's own figures (scripts/catalog-render.ts), when rendered. */
  figures?: Record<string, number>;
}

/** The lines of a failed build that say what went wrong, without the progress around them. */
function reasonOf(output: string): string {
  const lines = output.split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trimEnd());
  const first = lines.findIndex((l) => /error|Error|failed/.test(l) && !/^\s*at /.test(l));
  if (first === -1) return lines.filter(Boolean).slice(-5).join('\n') || 'the build stopped without saying why';
  return lines
    .slice(first, first + 8)
    .filter((l) => l && !/^\s*at /.test(l))
    .join('\n');
}

/** A child that did not end well: its exit code (undefined when killed) and the words that say why. */
class RunFailed extends SiteBuildFailed {
  readonly code: number | null;
  constructor(message: string, code: number | null) {
    super(message);
    this.code = code;
  }
}

/** Runs a script of this checkout with Node; resolves with what it printed on stdout. */
function run(args: string[], env: Record<string, string>, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-20_000);
      keep(chunk);
    });
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new RunFailed(error.message, null));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new RunFailed(signal === 'SIGKILL' ? `the build took longer than ${timeoutMs / 1000} s` : reasonOf(output), code));
    });
  });
}

/**
 * Builds the site with a catalog document in place of the content files (docs/decisions.md 97,
 * 156): the built site's pages rendered again with it in a child process (scripts/catalog-render.ts),
 * or, when that cannot run here, `astro build` in a child process then postbuild's fast compression.
 * Folders are named by the document's hash under `buildsDir`, so a document is built once per
 * disk (two instances on one machine share it) and a folder is only ever seen finished (it is
 * renamed into place). One build at a time per instance; the newest few folders are kept.
 */
export class SiteRebuilder {
  readonly buildsDir: string;
  readonly #log: FastifyBaseLogger;
  readonly #timeoutMs: number;
  readonly #baseDir: string | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** `baseDir`: the site as built (dist/), whose render kit a publish renders from; none: always a full build. */
  constructor(options: { buildsDir: string; log: FastifyBaseLogger; timeoutMs?: number; baseDir?: string }) {
    this.buildsDir = options.buildsDir;
    this.#baseDir = options.baseDir;
    this.#log = options.log;
    this.#timeoutMs = options.timeoutMs ?? 180_000;
  }

  /** The folder a document builds into. */
  folderOf(document: CatalogDocument): string {
    return path.join(this.buildsDir, createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 20));
  }

  build(document: CatalogDocument): Promise<BuiltSite> {
    const next = this.#queue.then(() => this.#build(document));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #build(document: CatalogDocument): Promise<BuiltSite> {
    const started = performance.now();
    const dir = this.folderOf(document);
    if (fs.existsSync(path.join(dir, doneMarker))) return { dir, ms: Math.round(performance.now() - started), how: 'found' };
    fs.mkdirSync(this.buildsDir, { recursive: true });
    const work = path.join(this.buildsDir, `.work-${randomUUID()}`);
    const contentFile = `${work}.json`;
    fs.writeFileSync(contentFile, JSON.stringify(document));
    let how: BuiltSite['how'] = 'render';
    let figures: Record<string, number> | undefined;
    try {
      try {
        figures = await this.#render(contentFile, work);
      } catch (error) {
        // A page that threw with this document throws in a full build too: the editor gets its words.
        if (error instanceof RunFailed && error.code === exitPageFailed) throw new SiteBuildFailed(error.message);
        this.#log.warn({ err: error }, 'could not render the catalog pages from the built site; building it in full');
        fs.rmSync(work, { recursive: true, force: true });
        how = 'build';
        // NODE_ENV as `npm run build` has it: a server started by a test runner (NODE_ENV=test)
        // would otherwise build React's development code with other hashed names than dist/'s.
        const env = { HOSTFRONT_CONTENT_FILE: contentFile, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
        await run([astroCli, 'build', '--outDir', work], env, this.#timeoutMs);
        await run([postbuild, work, '--fast'], {}, this.#timeoutMs);
        // The rest of `npm run build`, so the folder is what a build of the document holds.
        await run([statusRender, work], {}, this.#timeoutMs);
      }
      fs.writeFileSync(path.join(work, doneMarker), new Date().toISOString());
      // A folder of the same name without its marker is a build that was cut off: replace it.
      if (fs.existsSync(dir) && !fs.existsSync(path.join(dir, doneMarker))) fs.rmSync(dir, { recursive: true, force: true });
      try {
        fs.renameSync(work, dir);
      } catch (error) {
        // Another instance on this disk finished the same document first: use theirs.
        if (!fs.existsSync(path.join(dir, doneMarker))) throw error;
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
      fs.rmSync(contentFile, { force: true });
    }
    const ms = Math.round(performance.now() - started);
    this.#log.info({ dir, ms, how, ...figures }, 'site rebuilt for the catalog');
    return { dir, ms, how, figures };
  }

  /**
   * The fast path (docs/decisions.md 156): the pages of the site as built (`baseDir`, dist/)
   * rendered again with the document from the render kit its build kept. React and Astro run as
   * in `astro build` (NODE_ENV production); Node's compile cache keeps the bundle's compiled
   * code between publishes.
   */
  async #render(contentFile: string, work: string): Promise<Record<string, number>> {
    if (!this.#baseDir) throw new Error('no built site to render from');
    const env = { NODE_ENV: 'production', NODE_COMPILE_CACHE: path.join(this.buildsDir, '.compile-cache') };
    const stdout = await run([catalogRender, this.#baseDir, contentFile, work], env, this.#timeoutMs);
    const last = stdout.trim().split('\n').at(-1) ?? '{}';
    return JSON.parse(last) as Record<string, number>;
  }

  /** Removes finished folders but the newest `keep` and those in use. */
  prune(inUse: readonly string[], keep = 4): void {
    if (!fs.existsSync(this.buildsDir)) return;
    const folders = fs
      .readdirSync(this.buildsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => path.join(this.buildsDir, e.name))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    for (const folder of folders.slice(keep)) if (!inUse.includes(folder)) fs.rmSync(folder, { recursive: true, force: true });
  }
}
