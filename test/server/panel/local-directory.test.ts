import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../server/accounts/customer-identity.ts';
import { openDatabase } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/schema.ts';
import { createLocalDirectory } from '../../../server/panel/accounts/local-directory.ts';
import type { ServerDirectory } from '../../../server/panel/accounts/server-directory.ts';
import { loadServersFile } from '../../../server/panel/local/servers-file.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { ownedServersFile } from '../../helpers/owned-servers.ts';

/** The local driver's directory (docs/decisions.md 80-81): the servers file's owners, our shares, and only verified addresses. */

const customer = (patch: Partial<Customer>): Customer => ({ id: crypto.randomUUID(), email: null, emailVerified: false, name: null, subject: null, ...patch });

describe.each(dialects)('the local directory on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let directory: ServerDirectory;
  let file: ReturnType<typeof ownedServersFile>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    db = openDatabase(database.url).db as Kysely<Database>;
    file = ownedServersFile({ 'test-mc': { owner: 'Owner@Example.test' } });
    directory = createLocalDirectory({ db, servers: loadServersFile(file.file), accountKey: 'k'.repeat(43), publicHost: 'play.example.test', now: Date.now });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
    file.remove();
  });

  it('never links an unverified address, as owner or as the person a server was shared with', async () => {
    const unverified = customer({ email: 'owner@example.test', emailVerified: false, subject: 'portal-1' });
    expect(await directory.serversOf(unverified)).toEqual({ owned: [], shared: [] });
    expect(await directory.access(unverified, 'test-mc')).toBeUndefined();
    const owner = customer({ email: 'owner@example.test', emailVerified: true });
    expect((await directory.access(owner, 'test-mc'))?.role).toBe('owner');
    await directory.invite('test-mc', 'friend@example.test', ['files'], owner);
    expect(await directory.access(customer({ email: 'friend@example.test', emailVerified: false }), 'test-mc')).toBeUndefined();
    expect([...((await directory.access(customer({ email: 'friend@example.test', emailVerified: true }), 'test-mc'))?.grants ?? [])]).toEqual(['files']);
  });

  it('knows owners and invited addresses for sign-in links, and nobody else', async () => {
    expect(await directory.knows('OWNER@example.test')).toBe(true);
    expect(await directory.knows('friend@example.test')).toBe(true);
    expect(await directory.knows('stranger@example.test')).toBe(false);
  });

  it('refuses a second invitation of the same address and the owner’s own', async () => {
    const owner = customer({ email: 'owner@example.test', emailVerified: true });
    await expect(directory.invite('test-mc', 'friend@example.test', ['console'], owner)).rejects.toMatchObject({ statusCode: 409 });
    await expect(directory.invite('test-mc', 'owner@example.test', ['console'], owner)).rejects.toMatchObject({ statusCode: 400 });
  });
});
