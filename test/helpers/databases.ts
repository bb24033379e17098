import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  dialect: 'sqlite' | 'postgres';
  /** A DATABASE_URL for a new, empty database. */
  url: string;
  /** Drops the database (PostgreSQL) or deletes the file (SQLite). */
  drop(): Promise<void>;
}

/** The dialects every database test runs against, as Kysely's own test suite does. */
export const dialects = ['sqlite', 'postgres'] as const;

/** The server scripts/test-postgres.sh starts (scripts/test.sh sets TEST_DATABASE_URL to it). */
function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
}

/** A fresh, empty database of the given dialect. */
export async function createTestDatabase(dialect: (typeof dialects)[number]): Promise<TestDatabase> {
  const name = `hf_${randomBytes(6).toString('hex')}`;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-db-'));
    return {
      dialect,
      url: `sqlite:${path.join(dir, `${name}.db`)}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = adminUrl();
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
