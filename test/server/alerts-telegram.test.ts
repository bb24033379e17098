import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { recordMonitorChange } from '../../server/status/monitor-changes.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { startTelegramBotApi, type TelegramBotApi } from '../helpers/telegram-bot-api.ts';
import { testConfig } from '../helpers/test-config.ts';
import { quietMonitorsFile } from './subscription-fixtures.ts';

// The Telegram channel (server/alerts/channel-kinds/telegram.ts, docs/decisions.md 114) against a
// receiver built to the Bot API's documented sendMessage (test/helpers/telegram-bot-api.ts).
const token = '123456789:AAHk-telegram-secret-token_0123456789';
const chat = '-1001234567890';
const json = { 'content-type': 'application/json' };

describe.each(dialects)('alerts to a Telegram chat (%s)', (dialect) => {
  let database: TestDatabase;
  let api: TelegramBotApi;
  let app: FastifyInstance;
  let admin: StaffUser;
  let logs = '';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, origin: 'http://localhost:4321', ...(body === undefined ? {} : json) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    api = await startTelegramBotApi({ token, chats: [chat] });
    logs = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    app = await buildApp(
      testConfig(database.url, {
        MONITORS_FILE: quietMonitorsFile(),
        PUBLIC_URL: 'http://localhost:4321',
        STAFF_TARGETS_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'debug',
      }),
      {
        alerts: {
          outbox: { pollIntervalMs: 50, sendTimeoutMs: 2_000, backoff: { baseMs: 20, maxMs: 200 } },
          fanOutEveryMs: 3_600_000,
          rulesEveryMs: 3_600_000,
        },
        logStream,
      },
    );
    await app.ready();
    admin = await staffUser(app, 'admin@example.com', 'admin');
  });
  afterEach(async () => {
    await app.close();
    await api.close();
    await database.drop();
  });

  const channel = { id: 'tg', name: 'Ops Telegram', kind: 'telegram', target: chat, token };

  it('offers the kind, checks a channel by field, and sends a test and a down alert as sendMessage in HTML, the token never shown nor logged', async () => {
    const kinds = (await call('GET', '/api/staff/alerts/kinds')).json().kinds as {
      kind: string;
      label: string;
      token: { required: boolean } | null;
      fields: { key: string }[];
    }[];
    expect(kinds.find((k) => k.kind === 'telegram')).toMatchObject({ label: 'Telegram', token: { required: true }, fields: [{ key: 'apiBase' }] });

    for (const [body, field, message] of [
      [{ ...channel, token: undefined, settings: { apiBase: api.base } }, 'token', 'is required'],
      [{ ...channel, token: 'not-a-token', settings: { apiBase: api.base } }, 'token', 'must be a bot token such as 123456:ABC-DEF1234…'],
      [{ ...channel, target: 'ops room', settings: { apiBase: api.base } }, 'target', 'must be a chat id such as -1001234567890, or @channelname'],
      [{ ...channel, settings: { apiBase: 'ftp://example.com' } }, 'settings.apiBase', expect.any(String)],
    ] as const) {
      const refused = await call('POST', '/api/staff/alerts/channels', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fields[field]).toEqual(message);
    }

    const added = await call('POST', '/api/staff/alerts/channels', { ...channel, settings: { apiBase: api.base } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'telegram', targetHint: '-10…', hasToken: true, settings: { apiBase: api.base } });

    const tested = await call('POST', '/api/staff/alerts/channels/tg/test');
    expect(tested.json()).toEqual({ ok: true, statusCode: 200, error: null });
    const test = api.sent().at(-1)!;
    expect(test).toMatchObject({ chat_id: chat, parse_mode: 'HTML' });
    expect(test.text).toContain('<b>Test alert from Hostfront</b>');
    expect(api.requests.at(-1)!.url).toBe(`/bot${token}/sendMessage`);

    // A monitor goes down: its alert reaches the chat with the acknowledge link.
    await recordMonitorChange(app.db, {
      monitorId: 'edge',
      from: 'operational',
      to: 'down',
      at: Date.now(),
      maintenance: false,
      detail: 'connect ECONNREFUSED <script>&',
    });
    await app.jobs.runNow('alerts fan-out');
    await app.alerts.outbox.idle();
    const alert = api.sent().at(-1)!;
    expect(alert.text).toMatch(/^<b>Down: Edge - 01<\/b>\n/);
    expect(alert.text).toContain('<b>Error</b>: connect ECONNREFUSED &lt;script&gt;&amp;');
    expect(alert.text).toMatch(/<a href="http:\/\/localhost:4321\/staff\/acknowledge#alert=\d+&amp;channel=tg&amp;token=[^"]+">Acknowledge<\/a>/);
    expect(alert.text).toContain('<a href="http://localhost:4321/staff#alerts">Open the console</a>');

    // The token is the channel's password: never in the console's answers, the stored errors or the logs.
    const listed = await call('GET', '/api/staff/alerts/channels');
    const alerts = await call('GET', '/api/staff/alerts');
    for (const text of [listed.body, alerts.body, logs]) expect(text).not.toContain('telegram-secret');
  });

  it('says what the Bot API answered when it refuses the token, and the token stays out of the logs', async () => {
    const added = await call('POST', '/api/staff/alerts/channels', {
      ...channel,
      token: '123456789:AAHk-another-token-000000000000000',
      settings: { apiBase: api.base },
    });
    expect(added.statusCode, added.body).toBe(201);
    const tested = await call('POST', '/api/staff/alerts/channels/tg/test');
    expect(tested.json()).toEqual({ ok: false, statusCode: 401, error: 'HTTP 401: {"ok":false,"error_code":401,"description":"Unauthorized"}' });
    expect(api.sent()).toEqual([]);
    expect(logs).not.toContain('another-token');
  });
});
