import { randomUUID } from 'node:crypto';

/**
 * A game server's files as Wings keeps them, in memory, with Wings' answers
 * (docs/pterodactyl.md, "Files"): list, contents, write (parents made, overwrite),
 * create-folder, rename (a missing source skipped, an existing target 400), delete, and the
 * errors Wings 1.11.9+ gives: a path that escapes the server's root and a missing file are an
 * unmapped 500, a missing folder in a listing 404, a denylisted file 403, a full disk 400.
 */

export class WingsError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface FakeFileNode {
  type: 'file' | 'directory';
  content: Buffer;
  modifiedAt: Date;
  createdAt: Date;
  mode: number;
}

export type FileSnapshot = Map<string, FakeFileNode>;

const unexpected = () => new WingsError(500, 'An unexpected error was encountered while processing this request');

export class FakeFileTree {
  readonly nodes = new Map<string, FakeFileNode>();
  /** Paths that tried to leave the root (none should ever arrive from our driver). */
  readonly escapes: string[] = [];
  /** Paths Wings refuses to change (the egg's file denylist). */
  readonly denylist = new Set<string>();
  /** Every write fails as when the disk is full. */
  diskFull = false;

  constructor() {
    this.nodes.set('/', this.#node('directory'));
  }

  #node(type: 'file' | 'directory', content = Buffer.alloc(0)): FakeFileNode {
    const now = new Date();
    return { type, content, modifiedAt: now, createdAt: now, mode: type === 'directory' ? 0o755 : 0o644 };
  }

  /** Wings' path cleaning inside the server's root; leaving it is a 500 (Wings 1.11.9+, openat2). */
  resolve(...parts: string[]): string {
    const names: string[] = [];
    for (const part of parts.join('/').split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (names.length === 0) {
          this.escapes.push(parts.join('/'));
          throw unexpected();
        }
        names.pop();
        continue;
      }
      if (part.includes('\0')) {
        this.escapes.push(parts.join('/'));
        throw unexpected();
      }
      names.push(part);
    }
    return `/${names.join('/')}`;
  }

  #parent(p: string): string {
    const index = p.lastIndexOf('/');
    return index <= 0 ? '/' : p.slice(0, index);
  }

  #children(dir: string): string[] {
    const prefix = dir === '/' ? '/' : `${dir}/`;
    return [...this.nodes.keys()].filter((p) => p !== '/' && p.startsWith(prefix) && !p.slice(prefix.length).includes('/'));
  }

  #mkdirs(dir: string): void {
    if (dir === '/') return;
    const existing = this.nodes.get(dir);
    if (existing?.type === 'file') throw new WingsError(400, 'Cannot perform that action: file is not a directory.');
    if (existing) return;
    this.#mkdirs(this.#parent(dir));
    this.nodes.set(dir, this.#node('directory'));
  }

  #checkWritable(p: string): void {
    if (this.denylist.has(p)) throw new WingsError(403, 'This file cannot be modified: present in egg denylist.');
    if (this.diskFull) throw new WingsError(400, 'There is not enough disk space available to perform that action.');
  }

  mimetype(node: FakeFileNode): string {
    if (node.type === 'directory') return 'inode/directory';
    if (node.content.length === 0) return 'inode/x-empty';
    if (node.content.includes(0)) return 'application/octet-stream';
    return 'text/plain; charset=utf-8';
  }

  /** `file_object`s of a folder, as the panel passes them on. */
  list(directory: string): object[] {
    const dir = this.resolve(directory);
    const node = this.nodes.get(dir);
    if (node?.type !== 'directory') throw new WingsError(404, 'The requested directory does not exist.');
    return this.#children(dir).map((p) => {
      const child = this.nodes.get(p)!;
      return {
        object: 'file_object',
        attributes: {
          name: p.slice(p.lastIndexOf('/') + 1),
          mode: child.type === 'directory' ? 'drwxr-xr-x' : '-rw-r--r--',
          mode_bits: child.mode.toString(8),
          size: child.type === 'directory' ? 4096 : child.content.length,
          is_file: child.type === 'file',
          is_symlink: false,
          mimetype: this.mimetype(child),
          created_at: child.createdAt.toISOString(),
          modified_at: child.modifiedAt.toISOString(),
        },
      };
    });
  }

  contents(file: string): Buffer {
    const p = this.resolve(file);
    const node = this.nodes.get(p);
    if (!node) throw unexpected();
    if (node.type === 'directory') throw new WingsError(400, 'Cannot perform that action: file is a directory.');
    return node.content;
  }

  write(file: string, content: Buffer): void {
    const p = this.resolve(file);
    this.#checkWritable(p);
    if (this.nodes.get(p)?.type === 'directory') throw new WingsError(400, 'Cannot perform that action: file is a directory.');
    this.#mkdirs(this.#parent(p));
    const existing = this.nodes.get(p);
    const node = this.#node('file', Buffer.from(content));
    if (existing) node.createdAt = existing.createdAt;
    this.nodes.set(p, node);
  }

  createFolder(root: string, name: string): void {
    const p = this.resolve(root, name);
    this.#checkWritable(p);
    this.#mkdirs(p);
  }

  rename(root: string, from: string, to: string): void {
    const source = this.resolve(root, from);
    const target = this.resolve(root, to);
    this.#checkWritable(source);
    this.#checkWritable(target);
    if (!this.nodes.has(source)) return; // Wings skips a missing source
    if (this.nodes.has(target)) throw new WingsError(400, 'Cannot move or rename file, destination already exists.');
    this.#mkdirs(this.#parent(target));
    for (const [p, node] of [...this.nodes]) {
      if (p === source || p.startsWith(`${source}/`)) {
        this.nodes.delete(p);
        this.nodes.set(target + p.slice(source.length), node);
      }
    }
  }

  delete(root: string, name: string): void {
    const p = this.resolve(root, name);
    if (p === '/') throw new WingsError(400, 'Cannot delete the root directory.');
    this.#checkWritable(p);
    for (const key of [...this.nodes.keys()]) if (key === p || key.startsWith(`${p}/`)) this.nodes.delete(key);
  }

  snapshot(): FileSnapshot {
    return new Map([...this.nodes].map(([p, node]) => [p, { ...node, content: Buffer.from(node.content) }]));
  }

  /** A backup's files back: everything else removed first when `truncate`. */
  restore(snapshot: FileSnapshot, truncate: boolean): void {
    if (truncate) this.nodes.clear();
    for (const [p, node] of snapshot) this.nodes.set(p, { ...node, content: Buffer.from(node.content) });
    if (!this.nodes.has('/')) this.nodes.set('/', this.#node('directory'));
  }

  /** Seeds files for a test: path → text or bytes (folders made). */
  seed(files: Record<string, string | Buffer>): void {
    for (const [p, content] of Object.entries(files)) {
      const wasFull = this.diskFull;
      this.diskFull = false;
      this.write(p, typeof content === 'string' ? Buffer.from(content) : content);
      this.diskFull = wasFull;
    }
  }

  /** The text of a file, for assertions (undefined when missing). */
  read(file: string): string | undefined {
    return this.nodes.get(this.resolve(file))?.content.toString('utf8');
  }
}

export const requestId = () => randomUUID();
