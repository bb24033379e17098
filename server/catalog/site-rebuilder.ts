import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogDocument } from '../../contracts/catalog.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const astroCli = path.join(projectRoot, 'node_modules/astro/bin/astro.mjs');
const postbuild = path.join(projectRoot, 'scripts/postbuild.ts');
/** Written last into a finished folder: a folder without it is a build that did not end. */
const doneMarker = '.built';

/** A build that failed: `message` says why in the words the build used (a content error, a page that threw). */
export class SiteBuildFailed extends Error {}

export interface BuiltSite {
  dir: string;
  ms: number;
  /** Found already built (by this instance before, or another on the same disk). */
  reused: boolean;
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

function run(args: string[], env: Record<string, string>, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new SiteBuildFailed(error.message));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new SiteBuildFailed(signal === 'SIGKILL' ? `the build took longer than ${timeoutMs / 1000} s` : reasonOf(output)));
    });
  });
}

/**
 * Builds the site with a catalog document in place of the content files (docs/decisions.md 97):
 * `astro build` in a child process into a folder of its own, then postbuild's fast compression.
 * Folders are named by the document's hash under `buildsDir`, so a document is built once per
 * disk (two instances on one machine share it) and a folder is only ever seen finished (it is
 * renamed into place). One build at a time per instance; the newest few folders are kept.
 */
export class SiteRebuilder {
  readonly buildsDir: string;
  readonly #log: FastifyBaseLogger;
  readonly #timeoutMs: number;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: { buildsDir: string; log: FastifyBaseLogger; timeoutMs?: number }) {
    this.buildsDir = options.buildsDir;
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
    if (fs.existsSync(path.join(dir, doneMarker))) return { dir, ms: Math.round(performance.now() - started), reused: true };
    fs.mkdirSync(this.buildsDir, { recursive: true });
    const work = path.join(this.buildsDir, `.work-${randomUUID()}`);
    const contentFile = `${work}.json`;
    fs.writeFileSync(contentFile, JSON.stringify(document));
    try {
      await run([astroCli, 'build', '--outDir', work], { HOSTFRONT_CONTENT_FILE: contentFile, ASTRO_TELEMETRY_DISABLED: '1' }, this.#timeoutMs);
      await run([postbuild, work, '--fast'], {}, this.#timeoutMs);
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
    this.#log.info({ dir, ms }, 'site rebuilt for the catalog');
    return { dir, ms, reused: false };
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
