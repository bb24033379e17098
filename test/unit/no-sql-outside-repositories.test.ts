import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions.md 141, docs/architecture.md ("One shape for every capability"): every query is
// in a repository; services, jobs and helpers call repository functions and own only the
// transaction around them.

const root = path.resolve(import.meta.dirname, '../..');

/** A Kysely query or raw SQL: what only repositories, migrations and server/db/ may hold. */
const query = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql(<[^>]*>)?`/;
const mayQuery = (file: string) => /-repository\.ts$/.test(file) || file.startsWith('server/db/');

/** The files under server/ of `dir` that hold a query but may not, with the first such line. */
function queriesOutsideRepositories(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const file = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !mayQuery(file)) {
        const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
        const at = lines.findIndex((line) => query.test(line));
        if (at >= 0) found.push(`${file}:${at + 1}: ${lines[at]!.trim()}`);
      }
    }
  };
  walk('server');
  return found.sort();
}

describe('SQL only in repositories (docs/decisions.md 141)', () => {
  it('finds no query in server/ outside a repository, a migration or server/db/', () => {
    expect(queriesOutsideRepositories(root), 'move these queries into the capability’s repository').toEqual([]);
  });

  it('finds a query in a service, and none in a repository, a migration or a transaction alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-sql-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('server/things/things-service.ts', "export const one = (db) =>\n  db.selectFrom('thing').selectAll().execute();\n");
      write('server/things/things-lock.ts', 'export const lock = (trx) => sql`select pg_advisory_xact_lock(1)`.execute(trx);\n');
      write('server/things/things-repository.ts', "export const all = (db) => db.selectFrom('thing').selectAll().execute();\n");
      write('server/db/migrations/0001-things.ts', "export const up = (db) => db.schema.createTable('thing').execute();\n");
      write('server/things/things-jobs.ts', 'export const run = (db) => db.transaction().execute(async (trx) => all(trx));\n');
      expect(queriesOutsideRepositories(dir)).toEqual([
        'server/things/things-lock.ts:1: export const lock = (trx) => sql`select pg_advisory_xact_lock(1)`.execute(trx);',
        "server/things/things-service.ts:2: db.selectFrom('thing').selectAll().execute();",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
