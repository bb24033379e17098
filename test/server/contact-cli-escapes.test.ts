import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeContactMessage } from '../../server/contact/contact-service.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { spawnCli } from '../helpers/operator-cli.ts';

const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** The real `npm run contact` process: its stdout, or its stderr as the error. */
async function contactCli(args: string[], databaseUrl: string): Promise<string> {
  const { code, stdout, stderr } = await spawnCli('contact', args, { DATABASE_URL: databaseUrl });
  if (code !== 0) throw new Error(stderr);
  return stdout;
}

describe('npm run contact shows what visitors wrote with control characters escaped', () => {
  let database: TestDatabase;
  let id = '';
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    const { db, dialect } = openDatabase(database.url);
    await migrateToLatest(db, dialect);
    const stored = await storeContactMessage(
      db,
      {
        name: 'Eve\x1b[2J\x1b[H',
        email: 'eve@example.com',
        subject: 'Hi\x1b]0;owned\x07 \u202eevil',
        message: 'First line\nSecond\rOVERWRITTEN\x1b[1A\x1b[2K\nThird \x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\',
      },
      { ip: '198.51.100.4', userAgent: 'curl\x1b[31m/8' },
      [],
      86_400_000,
    );
    id = stored.id;
    await db.destroy();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('list', async () => {
    const out = await contactCli(['list'], database.url);
    expect(out).not.toMatch(controls);
    expect(out).toContain('Eve\\e[2J\\e[H');
  });

  it('show', async () => {
    const out = await contactCli(['show', id], database.url);
    expect(out).not.toMatch(controls);
    expect(out).toContain('Subject:  Hi\\e]0;owned\\x07 \\u202eevil');
    expect(out).toContain('(curl\\e[31m/8)');
    // The message keeps its lines; a carriage return inside one is shown, not obeyed.
    expect(out).toContain('First line\nSecond\\rOVERWRITTEN\\e[1A\\e[2K\nThird \\e]8;;https://evil.example\\e\\\\link');
  });
});
