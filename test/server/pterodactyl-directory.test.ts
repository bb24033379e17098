import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../server/accounts/customer-identity.ts';
import type { Database } from '../../server/db/schema.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { ServerDirectory } from '../../server/panel/accounts/server-directory.ts';
import { silentLog } from '../../server/panel/pterodactyl/panel-client.ts';
import { createPterodactylDirectory } from '../../server/panel/pterodactyl/pterodactyl-directory.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

/**
 * The Pterodactyl / Pelican directory against the fake panel's application API and subusers
 * (docs/pterodactyl.md): the account's billing `sub` finds the panel user by external_id, else a
 * verified address does, exactly (the panel's filters match parts of values), an unverified
 * address never links, and sharing is the panel's subusers with its permission names.
 */

const customer = (patch: Partial<Customer>): Customer => ({ id: crypto.randomUUID(), email: null, emailVerified: false, name: null, subject: null, ...patch });

describe.each(dialects)('the Pterodactyl directory on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let panel: FakePterodactyl;
  let directory: ServerDirectory;
  let clock = Date.parse('2026-11-28T12:00:00Z');
  // More servers than one page of the application API holds (100), so the subusers' list pages.
  const fillers = Array.from({ length: 103 }, (_, n) => {
    const id = `f${String(n).padStart(7, '0')}`;
    return { identifier: id, uuid: `${id}-1111-4a1b-9c3d-2b7e6f8a9d10`, name: `Filler ${n}` };
  });
  const second = { identifier: 'bead1234', uuid: 'bead1234-5e4f-4a1b-9c3d-2b7e6f8a9d10', name: 'Creative', limits: { memory: 2048, disk: 10240, cpu: 100 } };

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    db = openDatabase(database.url).db as Kysely<Database>;
    panel = await startFakePterodactyl({
      servers: [
        {
          identifier: 'c0ffee42',
          uuid: 'c0ffee42-5e4f-4a1b-9c3d-2b7e6f8a9d10',
          name: 'Survival SMP',
          allocation: { ip: '203.0.113.7', ip_alias: 'mc.example.net', port: 25565 },
        },
        second,
        ...fillers,
      ],
    });
    const alice = panel.accounts.addUser({ email: 'alice@example.com', externalId: '42' });
    panel.accounts.addUser({ email: 'mallory@example.com', externalId: '142' });
    const bob = panel.accounts.addUser({ email: 'bob@example.com' });
    panel.accounts.addUser({ email: 'jimbob@example.com' });
    panel.accounts.owners.set('c0ffee42', alice.id);
    panel.accounts.owners.set('bead1234', bob.id);
    panel.accounts.locations.set('c0ffee42', { id: 3, short: 'india-01', long: 'India - 01' });
    panel.accounts.eggs.set('c0ffee42', 'Paper');
    directory = createPterodactylDirectory({
      panelUrl: panel.url,
      applicationKey: panel.keys.application,
      clientKey: panel.keys.admin,
      db,
      log: silentLog,
      now: () => clock,
    });
  });

  afterAll(async () => {
    directory.close();
    await db.destroy();
    await panel.close();
    await database.drop();
  });

  it('finds the panel user by the billing sub as external_id, exactly', async () => {
    const alice = customer({ subject: '42' });
    const { owned, shared } = await directory.serversOf(alice);
    expect(owned).toEqual([{ id: 'c0ffee42', game: 'Paper', location: 'India - 01', address: 'mc.example.net:25565' }]);
    expect(shared).toEqual([]);
    // "4" is part of both external ids: the panel's filter matches both, and neither is "4".
    expect((await directory.serversOf(customer({ subject: '4' }))).owned).toEqual([]);
    expect(await directory.access(customer({ subject: '142' }), 'c0ffee42')).toBeUndefined();
    expect((await directory.access(alice, 'c0ffee42'))?.role).toBe('owner');
  });

  it('links by e-mail only when it is verified, and only the exact address', async () => {
    expect((await directory.serversOf(customer({ email: 'bob@example.com', emailVerified: false }))).owned).toEqual([]);
    expect(await directory.access(customer({ email: 'bob@example.com', emailVerified: false }), 'bead1234')).toBeUndefined();
    const bob = customer({ email: 'BOB@example.com', emailVerified: true });
    expect((await directory.serversOf(bob)).owned.map((s) => s.id)).toEqual(['bead1234']);
    // jimbob's address contains bob's: the panel's filter would find bob for "bob@example.com" and jimbob alike.
    expect((await directory.serversOf(customer({ email: 'jimbob@example.com', emailVerified: true }))).owned).toEqual([]);
    expect(await directory.access(customer({ email: 'ob@example.com', emailVerified: true }), 'bead1234')).toBeUndefined();
  });

  it('shares as the panel subusers with its permission names, and removing one ends the access', async () => {
    const owner = customer({ subject: '42' });
    const friend = customer({ email: 'friend@example.com', emailVerified: true });
    expect(await directory.access(friend, 'c0ffee42')).toBeUndefined();
    const share = await directory.invite('c0ffee42', 'friend@example.com', ['console'], owner);
    expect(panel.accounts.subusers.get('c0ffee42')).toEqual([expect.objectContaining({ permissions: ['control.console', 'websocket.connect'] })]);
    const access = await directory.access(friend, 'c0ffee42');
    expect(access?.role).toBe('shared');
    expect([...(access?.grants ?? [])]).toEqual(['console']);
    expect((await directory.serversOf(friend)).shared).toEqual([expect.objectContaining({ id: 'c0ffee42', grants: ['console'] })]);
    // The same address again is refused in the panel's words.
    await expect(directory.invite('c0ffee42', 'friend@example.com', ['files'], owner)).rejects.toMatchObject({ statusCode: 409 });

    const { after } = await directory.change('c0ffee42', share.id, ['console', 'files']);
    expect(after.grants).toEqual(['console', 'files']);
    expect([...((await directory.access(friend, 'c0ffee42'))?.grants ?? [])]).toEqual(['console', 'files']);

    await directory.remove('c0ffee42', share.id);
    expect(await directory.access(friend, 'c0ffee42')).toBeUndefined();
    expect((await directory.serversOf(friend)).shared).toEqual([]);
    expect(panel.accounts.subusers.get('c0ffee42')).toEqual([]);
  });

  it('lists the servers whose subusers the owner made in the panel itself, with what its permission names give, in one list with shares made here', async () => {
    const owner = customer({ subject: '42' });
    const carolUser = panel.accounts.addUser({ email: 'carol@example.com' });
    const carol = customer({ email: 'carol@example.com', emailVerified: true });
    const madeAt = '2026-11-01T10:00:00+00:00';
    // Made in the panel by their owners: a console with start only (no stop or restart), and every file permission on a server on the list's second page.
    panel.accounts.subusers.set('bead1234', [
      { userId: carolUser.id, permissions: ['websocket.connect', 'control.console', 'control.start'], createdAt: madeAt },
    ]);
    const last = fillers.at(-1)!.identifier;
    const filePermissions = ['file.read', 'file.read-content', 'file.create', 'file.update', 'file.delete', 'file.archive', 'file.sftp'];
    panel.accounts.subusers.set(last, [{ userId: carolUser.id, permissions: filePermissions, createdAt: madeAt }]);
    // Shared here as well, and made a subuser of the same server in the panel: listed once.
    await directory.invite('c0ffee42', 'carol@example.com', ['console', 'power'], owner);

    const before = panel.requests.length;
    const { owned, shared } = await directory.serversOf(carol);
    expect(owned).toEqual([]);
    expect(shared.map((s) => [s.id, s.grants])).toEqual([
      ['c0ffee42', ['console', 'power']],
      ['bead1234', ['console']],
      [last, ['files']],
    ]);
    expect(shared[1]).toMatchObject({ game: 'Paper', location: 'Fake Location', address: '127.0.0.1:25565' });
    const listing = panel.requests.slice(before).filter((r) => r.path.startsWith('/api/application/servers?') && r.path.includes('page='));
    expect(listing.map((r) => new URL(r.path, panel.url).searchParams.get('page'))).toEqual(['1', '2']);
    expect(new URL(listing[0]!.path, panel.url).searchParams.get('per_page')).toBe('100');
    expect(new URL(listing[0]!.path, panel.url).searchParams.get('include')).toContain('subusers');
    // The panel is the truth for access: the grants it gives are those its names give.
    expect([...((await directory.access(carol, 'bead1234'))?.grants ?? [])]).toEqual(['console']);

    // Kept 30 seconds for every customer: the next list reads no page.
    const again = panel.requests.length;
    await directory.serversOf(carol);
    expect(panel.requests.slice(again).filter((r) => r.path.includes('page='))).toEqual([]);
    // Removed in the panel: refused at once, and gone from the list once it is read again.
    panel.accounts.subusers.set('bead1234', []);
    expect(await directory.access(carol, 'bead1234')).toBeUndefined();
    clock += 30_000;
    expect((await directory.serversOf(carol)).shared.map((s) => s.id)).toEqual(['c0ffee42', last]);
  });

  it('costs one application call per access check once the user is known, and never sends a key but its own to each API', async () => {
    const alice = customer({ subject: '42' });
    await directory.access(alice, 'c0ffee42');
    const before = panel.requests.length;
    await directory.access(alice, 'c0ffee42');
    const calls = panel.requests.slice(before);
    expect(calls.map((r) => r.path.split('?')[0])).toEqual(['/api/application/servers']);
    for (const request of panel.requests) {
      const key = request.path.startsWith('/api/application/') ? panel.keys.application : panel.keys.admin;
      expect(request.headers.authorization).toBe(`Bearer ${key}`);
    }
  });
});
