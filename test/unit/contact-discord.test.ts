import { describe, expect, it } from 'vitest';
import { buildDiscordPayload, discordLimits, escapeMarkdown, payloadTextLength } from '../../server/contact/channels/discord-payload.ts';
import { backoffDelay } from '../../server/outbox/outbox-options.ts';
import { retryAfterMs } from '../../server/outbox/webhook-sender.ts';
import type { ContactMessage } from '../../server/contact/contact-repository.ts';

const message = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  name: 'Asha Rao',
  email: 'asha@example.com',
  subject: 'Plan question',
  message: 'Which plan fits 20 players?',
  ip: '127.0.0.1',
  userAgent: null,
  createdAt: Date.UTC(2026, 10, 21, 12, 0, 0),
  ...overrides,
});

describe('Discord webhook payload', () => {
  it('is one embed with title, colour, fields, the message, timestamp and footer, pinging no one', () => {
    const payload = buildDiscordPayload(message(), 'Hostfront');
    expect(payload).toEqual({
      embeds: [
        {
          title: 'New contact message',
          description: 'Which plan fits 20 players?',
          color: 0x4f46e5,
          fields: [
            { name: 'Name', value: 'Asha Rao', inline: true },
            { name: 'Email', value: 'asha@example.com', inline: true },
            { name: 'Subject', value: 'Plan question', inline: false },
          ],
          timestamp: '2026-11-21T12:00:00.000Z',
          footer: { text: 'Hostfront contact form · message 6f1c2d3e-0000-4000-8000-000000000001' },
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('escapes markdown so a visitor cannot format, link or mention', () => {
    expect(escapeMarkdown('**bold** [x](https://a.example) <@1> `code` a_b')).toBe('\\*\\*bold\\*\\* \\[x\\]\\(https://a.example\\) \\<@1\\> \\`code\\` a\\_b');
    const payload = buildDiscordPayload(message({ name: '*Star*', subject: '# Big' }), 'Hostfront');
    expect(payload.embeds[0]!.fields![0]!.value).toBe('\\*Star\\*');
    expect(payload.embeds[0]!.fields![2]!.value).toBe('\\# Big');
  });

  it('splits a long message across embeds without splitting an escape or a surrogate pair', () => {
    const text = `${'word '.repeat(900)}😀${'x'.repeat(300)}`;
    const payload = buildDiscordPayload(message({ message: text }), 'Hostfront');
    expect(payload.embeds.length).toBe(2);
    expect(payload.embeds[1]!.title).toBe('Message (continued)');
    expect(payloadTextLength(payload)).toBeLessThanOrEqual(discordLimits.total);
    expect(payload.embeds.map((e) => e.description).join('')).toBe(text);
  });

  it('keeps every limit for the longest fields the form takes', () => {
    const payload = buildDiscordPayload(
      message({ name: '_'.repeat(100), email: `${'a-'.repeat(120)}@example.com`, subject: '*'.repeat(200), message: '>'.repeat(5000) }),
      'Hostfront',
    );
    expect(payloadTextLength(payload)).toBeLessThanOrEqual(discordLimits.total);
    for (const embed of payload.embeds) {
      expect(embed.description.length).toBeLessThanOrEqual(discordLimits.description);
      for (const f of embed.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(discordLimits.fieldValue);
    }
    expect(payload.embeds.at(-1)!.description).toMatch(/trimmed: [\d,]+ more characters/);
  });
});

describe('429 handling and backoff', () => {
  it('reads retry_after (seconds) from the body first, then the Retry-After header', () => {
    expect(retryAfterMs({ retry_after: 1.5 }, new Headers({ 'retry-after': '9' }))).toBe(1500);
    expect(retryAfterMs(null, new Headers({ 'retry-after': '9' }))).toBe(9000);
    expect(retryAfterMs({}, new Headers({ 'x-ratelimit-reset-after': '0.25' }))).toBe(250);
    const now = Date.UTC(2026, 0, 1);
    expect(retryAfterMs(null, new Headers({ 'retry-after': new Date(now + 30_000).toUTCString() }), now)).toBe(30_000);
    expect(retryAfterMs(null, new Headers())).toBeUndefined();
  });

  it('doubles the wait per failure up to the cap, with jitter in the upper half', () => {
    const backoff = { baseMs: 1000, maxMs: 60_000 };
    expect(backoffDelay(1, backoff, () => 0)).toBe(500);
    expect(backoffDelay(1, backoff, () => 1)).toBe(1000);
    expect(backoffDelay(4, backoff, () => 1)).toBe(8000);
    expect(backoffDelay(30, backoff, () => 0.5)).toBe(45_000);
  });
});
