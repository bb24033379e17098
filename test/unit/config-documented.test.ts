import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../server/config/env-schema.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Variables read under server/ that are not the server's configuration, each with why. The probe
 * agent is a program of its own with its own options (README, "probe agents"); the demo Minecraft
 * server is a game server whose variables the local driver sets; the rest are the system's.
 */
const notConfiguration: Record<string, string> = {
  PATH: "the system's; root's is fixed (docs/decisions.md 62)",
  HOME: "the system's, passed to game servers",
  LANG: "the system's, passed to game servers",
  DEMO_MC_VERSION: 'set by the local driver for the demo game server (server/panel/local/demo.ts)',
};
const ownPrograms = ['server/agent/'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return entry.name.endsWith('.ts') ? [rel] : [];
  });
}

/** Every environment variable the server reads: its schema's, and any read from process.env directly. */
function readByServer(): Set<string> {
  const names = new Set(Object.keys(envSchema.shape));
  for (const file of sourceFiles('server')) {
    if (ownPrograms.some((dir) => file.startsWith(dir))) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) names.add((m[1] ?? m[2])!);
  }
  for (const name of Object.keys(notConfiguration)) names.delete(name);
  return names;
}

/** The variables `.env.example` sets or shows commented out (`NAME=` at a line's start). */
function inEnvExample(): Set<string> {
  const text = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
}

/** The variables named in the first column of README's configuration table. */
function inReadme(): Set<string> {
  const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = text.slice(text.indexOf('## Configuration'), text.indexOf('\n## ', text.indexOf('## Configuration') + 1));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Set(rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
}

const sorted = (set: Iterable<string>) => [...set].sort();
const missing = (from: Set<string>, to: Set<string>) => sorted([...from].filter((name) => !to.has(name)));

describe('every configuration variable the server reads is documented (README, Configuration; .env.example)', () => {
  const read = readByServer();

  it('finds the variables it compares', () => {
    // A scan that found nothing would pass every comparison below.
    expect(read.size).toBeGreaterThan(40);
    expect(read).toContain('SITE_BUILDS_DIR');
    expect(inReadme()).toContain('DATABASE_URL');
    expect(inEnvExample()).toContain('DATABASE_URL');
  });

  it('has each in .env.example, and nothing there the server does not read', () => {
    const example = inEnvExample();
    expect(missing(read, example), 'add these to .env.example').toEqual([]);
    expect(missing(example, read), 'the server does not read these').toEqual([]);
  });

  it("has each in README's configuration table, and nothing there the server does not read", () => {
    const readme = inReadme();
    expect(missing(read, readme), "add these to README's configuration table").toEqual([]);
    expect(missing(readme, read), 'the server does not read these').toEqual([]);
  });
});
