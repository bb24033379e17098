import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { customerCookieFrom, signedInCustomer, signInByEmailLink, type SignedInCustomer } from '../../helpers/customers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { ownedServersFile } from '../../helpers/owned-servers.ts';
import { linkIn, startSmtpInbox } from '../../helpers/smtp-inbox.ts';
import { staffUser } from '../../helpers/staff.ts';
import { testConfig } from '../../helpers/test-config.ts';
import type { AuditEntry } from '../../../contracts/audit.ts';
import { detailText, entryActionText, targetText } from '../../../src/components/staff/audit-text.ts';

type Inbox = Awaited<ReturnType<typeof startSmtpInbox>>;

/**
 * An owner's invitation (docs/decisions.md 81, 93), both dialects, a real SMTP server: the invited
 * address gets a mail saying who shared which server with what rights and a link through the
 * sign-in page to that server; their first sign-in that shows the server is the acceptance in the
 * audit log, once; a refused mail is said, not hidden.
 */
describe.each(dialects)('sharing a server by invitation mail on %s', (dialect) => {
  let inbox: Inbox;
  let database: TestDatabase;
  let app: FastifyInstance;
  let servers: ReturnType<typeof ownedServersFile>;
  let alice: SignedInCustomer;
  const publicUrl = 'http://localhost:4321';

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    database = await createTestDatabase(dialect);
    servers = ownedServersFile({ 'test-mc': { owner: 'alice@example.test', location: 'India - 01' } });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: servers.file, SMTP_URL: inbox.url, PUBLIC_URL: publicUrl }));
    alice = await signedInCustomer(app, 'alice@example.test');
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    servers.remove();
    await inbox.close();
  });

  const invite = (email: string, grants: string[]) =>
    app.inject({ method: 'POST', url: '/api/panel/my-servers/test-mc/shares', headers: { cookie: alice.cookie }, payload: { email, grants } });

  const shareEntries = async () =>
    (
      await app.db
        .selectFrom('audit_log')
        .select(['action', 'detail', 'actor_label'])
        .where('target', '=', 'test-mc')
        .where('action', 'like', 'panel.share.%')
        .orderBy('id')
        .execute()
    ).map((entry) => ({ action: entry.action, by: entry.actor_label, detail: JSON.parse(String(entry.detail)) as Record<string, string> }));

  it('mails who shared which server with what rights, and the link signs in and opens that server', async () => {
    const made = await invite('Dave@Example.test', ['console', 'files']);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ email: 'dave@example.test', grants: ['console', 'files'], mailed: 'sent' });

    const mail = inbox.to('dave@example.test')[0]!;
    expect(mail.headers.get('subject')).toBe('alice@example.test shared the server Fixture Survival with you');
    expect(mail.text).toContain('alice@example.test shared the game server "Fixture Survival" (ID test-mc) with you');
    expect(mail.text.replace(/\r\n/g, '\n')).toContain('- Console (see it and send commands)\n- Files\n');
    expect(mail.text).not.toContain('Power');
    const link = linkIn(mail.text, `${publicUrl}/account/signin?`);
    expect(link).toBe(`${publicUrl}/account/signin?returnTo=%2Fcontrol-panel%3Fserver%3Dtest-mc`);
    expect(new URL(link!).searchParams.get('returnTo')).toBe('/control-panel?server=test-mc');

    // The invited address may ask for a sign-in link, and its first sign-in shows the server.
    const { response } = await signInByEmailLink(app, inbox, 'dave@example.test');
    expect(response.statusCode, response.body).toBe(200);
    const dave = customerCookieFrom(app, response);
    for (let look = 0; look < 2; look++) {
      const list = (await app.inject({ url: '/api/panel/my-servers', headers: { cookie: dave } })).json();
      expect(list.shared).toEqual([expect.objectContaining({ id: 'test-mc', name: 'Fixture Survival', grants: ['console', 'files'] })]);
    }
    expect(await shareEntries()).toEqual([
      { action: 'panel.share.invite', by: 'alice@example.test', detail: { email: 'dave@example.test', grants: 'console, files', mail: 'invitation mailed' } },
      { action: 'panel.share.accept', by: 'dave@example.test', detail: { email: 'dave@example.test' } },
    ]);
    // Opening it later is no second acceptance.
    const opened = await app.inject({ method: 'POST', url: '/api/panel/my-servers/test-mc/open', headers: { cookie: dave } });
    expect(opened.statusCode).toBe(200);
    expect((await shareEntries()).filter((e) => e.action === 'panel.share.accept')).toHaveLength(1);
  });

  it('the staff console reads the invitation, its acceptance, a change and the removal in words', async () => {
    const shares = (await app.inject({ url: '/api/panel/my-servers/test-mc/shares', headers: { cookie: alice.cookie } })).json().shares as Array<{
      id: string;
      email: string;
    }>;
    const dave = shares.find((share) => share.email === 'dave@example.test')!;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/panel/my-servers/test-mc/shares/${dave.id}`,
      headers: { cookie: alice.cookie },
      payload: { grants: ['console'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await app.inject({ method: 'DELETE', url: `/api/panel/my-servers/test-mc/shares/${dave.id}`, headers: { cookie: alice.cookie } });
    expect(removed.statusCode).toBe(204);

    const admin = await staffUser(app, 'ada@example.com', 'admin');
    const page = await app.inject({ url: '/api/staff/audit?action=panel.share.&limit=50', headers: { cookie: admin.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    const lines = (page.json().entries as AuditEntry[])
      .filter((entry) => entry.detail?.email === 'dave@example.test')
      .reverse()
      .map((entry) => [entry.actor.label, entryActionText(entry), targetText(entry), detailText(entry)].join(' | '));
    expect(lines).toEqual([
      'alice@example.test | Shared a server with someone | test-mc | email: dave@example.test · grants: console, files · mail: invitation mailed',
      'dave@example.test | Accepted a server shared with them (saw it signed in for the first time) | test-mc | email: dave@example.test',
      'alice@example.test | Changed what someone may do on a shared server | test-mc | email: dave@example.test · before: console, files · after: console',
      'alice@example.test | Stopped sharing a server with someone | test-mc | email: dave@example.test · grants: console',
    ]);
  });

  it('says so when the mail server refuses the invitation, and keeps the share', async () => {
    inbox.refuse('erin@example.test', 550);
    const made = await invite('erin@example.test', ['power']);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ email: 'erin@example.test', mailed: 'failed' });
    expect(inbox.to('erin@example.test')).toEqual([]);
    const shares = (await app.inject({ url: '/api/panel/my-servers/test-mc/shares', headers: { cookie: alice.cookie } })).json().shares;
    expect(shares.map((s: { email: string }) => s.email)).toContain('erin@example.test');
    expect((await shareEntries()).at(-1)).toMatchObject({ action: 'panel.share.invite', detail: { mail: 'the mail server refused the invitation mail' } });
  });
});
