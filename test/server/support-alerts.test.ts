import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { supportJobNames } from '../../server/support/support-jobs.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { staffUser } from '../helpers/staff.ts';
import { Visitor } from '../helpers/support.ts';
import { testConfig } from '../helpers/test-config.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { quietMonitorsFile } from './subscription-fixtures.ts';

/** The support desk tells the team of a chat nobody answered: the alert channels that take support notices, and the team mail. */
describe.each(dialects)('unanswered chats and the alert channels (%s)', (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let inbox: SmtpInbox;
  let app: FastifyInstance;
  let offset = 0;

  beforeEach(async () => {
    offset = 0;
    database = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
    inbox = await startSmtpInbox();
    app = await buildApp(
      testConfig(database.url, {
        MONITORS_FILE: quietMonitorsFile(),
        PUBLIC_URL: 'http://localhost:4321',
        STAFF_TARGETS_ALLOW_PRIVATE: 'true',
        SMTP_URL: inbox.url,
        CONTACT_EMAIL_TO: 'team@example.com',
      }),
      {
        now: () => Date.now() + offset,
        alerts: { outbox: { pollIntervalMs: 50, backoff: { baseMs: 20, maxMs: 200 } }, fanOutEveryMs: 3_600_000, rulesEveryMs: 3_600_000 },
        support: { jobEveryMs: 3_600_000, outbox: { pollIntervalMs: 50, backoff: { baseMs: 10, maxMs: 50 } } },
      },
    );
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
    await inbox.close();
    await database.drop();
  });

  async function addChannel(supportNotices: boolean): Promise<void> {
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const added = await app.inject({
      method: 'POST',
      url: '/api/staff/alerts/channels',
      headers: { cookie: admin.cookie, origin: 'http://localhost:4321' },
      payload: { id: 'desk', name: 'Desk', kind: 'webhook', target: `http://127.0.0.1:${receiver.port}/desk`, supportNotices },
    });
    expect(added.statusCode, added.body).toBe(201);
  }

  async function unansweredChat(): Promise<string> {
    const started = await new Visitor(app).start({ text: 'Is anybody there?', name: 'Linus' });
    offset += 5 * 60_000 + 1;
    await app.jobs.runNow(supportJobNames.unanswered);
    return started.id;
  }

  it('reaches a channel that takes support notices and the team mail both (docs/decisions.md 85)', async () => {
    await addChannel(true);
    const id = await unansweredChat();
    await app.alerts.outbox.idle();
    await receiver.waitFor((r) => r.requests.length === 1);
    expect(receiver.requests[0]).toMatchObject({
      url: '/desk',
      body: { type: 'alert.notice', headline: 'Unanswered for 5 min: Linus', consoleUrl: `http://localhost:4321/staff#conversations/${id}` },
    });
    // The operator set CONTACT_EMAIL_TO for this: a channel added later does not silence it.
    await inbox.waitFor((i) => i.to('team@example.com').length === 1);
    expect(inbox.to('team@example.com')[0]!.headers.get('subject')).toContain('Unanswered for 5 min: Linus');
  });

  it('reaches the team mail alone when no channel takes support notices', async () => {
    await addChannel(false);
    await unansweredChat();
    await inbox.waitFor((i) => i.to('team@example.com').length === 1);
    expect(inbox.to('team@example.com')[0]!.headers.get('subject')).toContain('Unanswered for 5 min: Linus');
    await app.alerts.outbox.idle();
    expect(receiver.requests).toEqual([]);
  });
});
