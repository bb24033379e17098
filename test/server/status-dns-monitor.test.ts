import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { failureWords } from '../../server/status/failure-words.ts';
import { probe } from '../../server/status/probes.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { type Dnsmasq, dnsmasqPath, startDnsmasq } from '../helpers/dnsmasq.ts';
import { freePort } from '../helpers/free-port.ts';
import { machineHas } from '../helpers/machine-needs.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { until } from '../helpers/until.ts';

// The DNS record monitor (server/status/monitor-types/dns.ts, docs/decisions.md 114) against a
// real name server: Debian's dnsmasq on a loopback port, answering from its command line.
const records = [
  // The zone is dnsmasq's own: a name it does not know gets NXDOMAIN rather than a refusal.
  '--local=/example.test/',
  '--host-record=play.example.test,192.0.2.10,2001:db8::10',
  '--cname=www.example.test,play.example.test',
  '--mx-host=example.test,mail.example.test,10',
  // One argument, no shell: the text as it is (quotes would be part of it).
  '--txt-record=example.test,v=spf1 -all',
];

describe.skipIf(!machineHas('dnsmasq (Debian package dnsmasq-base)', dnsmasqPath !== undefined))('the DNS record monitor', () => {
  let dns: Dnsmasq;
  beforeAll(async () => {
    dns = await startDnsmasq(records);
  });
  afterAll(async () => {
    await dns.close();
  });

  const check = (target: string, settings: Record<string, unknown>, timeoutMs = 2000) =>
    probe({ type: 'dns', target, settings: { resolver: dns.address, ...settings }, timeoutMs });

  it('is up when an answer of the record type is the expected one, whatever the case and the trailing dot', async () => {
    for (const [target, recordType, expected] of [
      ['play.example.test', 'A', '192.0.2.10'],
      ['play.example.test', 'AAAA', '2001:DB8:0::10'],
      ['www.example.test', 'CNAME', 'Play.Example.Test.'],
      ['example.test', 'MX', 'mail.example.test'],
      ['example.test', 'MX', '10 mail.example.test'],
      ['example.test', 'TXT', 'v=spf1 -all'],
    ] as const) {
      const result = await check(target, { recordType, expected });
      expect(result, `${recordType} ${target}`).toMatchObject({ ok: true });
      expect(result.latency).toBeGreaterThanOrEqual(1);
    }
  });

  it('is down with what it got when the answer differs, and says so in the board’s words', async () => {
    const wrong = await check('play.example.test', { recordType: 'A', expected: '192.0.2.99' });
    expect(wrong).toMatchObject({ ok: false, latency: 0 });
    expect(wrong.error).toBe('DNS A play.example.test answered 192.0.2.10, not the expected 192.0.2.99');
    expect(failureWords(wrong.error)).toBe('Unexpected answer');
    const mx = await check('example.test', { recordType: 'MX', expected: '20 mail.example.test' });
    expect(mx.error).toBe('DNS MX example.test answered 10 mail.example.test, not the expected 20 mail.example.test');
  });

  it('is down when the name does not exist, when the server does not answer, and for settings its schema refuses', async () => {
    const missing = await check('nothing.example.test', { recordType: 'A', expected: '192.0.2.10' });
    expect(missing.ok).toBe(false);
    expect(failureWords(missing.error)).toBe('DNS: name not found');
    // A loopback port where nothing listens: refused at once, or unanswered within the timeout.
    const silent = await probe({
      type: 'dns',
      target: 'play.example.test',
      settings: { resolver: `127.0.0.1:${await freePort()}`, expected: '192.0.2.10' },
      timeoutMs: 500,
    });
    expect(silent.ok).toBe(false);
    expect(['Connection refused', 'Timed out']).toContain(failureWords(silent.error));
    const bad = await check('play.example.test', { recordType: 'SRV', expected: 'x' });
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('recordType') });
  });
});

describe.skipIf(!machineHas('dnsmasq (Debian package dnsmasq-base)', dnsmasqPath !== undefined)).each(dialects)(
  'a DNS record monitor set in the console (%s)',
  (dialect) => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let dns: Dnsmasq;
    let admin: StaffUser;
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

    beforeEach(async () => {
      database = await createTestDatabase(dialect, { migrated: true });
      dns = await startDnsmasq(records);
      // The name server is on loopback: admins' targets may reach it with their own switch (docs/decisions.md 49).
      app = await buildApp(testConfig(database.url, { STAFF_TARGETS_ALLOW_PRIVATE: 'true' }));
      await app.ready();
      admin = await staffUser(app, 'admin@example.com', 'admin');
    });
    afterEach(async () => {
      await app.close();
      await dns.close();
      await database.drop();
    });

    it('offers the type with its settings, refuses bad settings by field, and the board shows it up, then down when the answer differs', async () => {
      const types = (await as('GET', '/api/staff/monitors/types')).json().types as {
        type: string;
        label: string;
        fields: { key: string; input: string; choices: string[] | null }[];
      }[];
      const dnsType = types.find((t) => t.type === 'dns');
      expect(dnsType?.label).toBe('DNS record');
      expect(dnsType?.fields.map((f) => [f.key, f.input, f.choices])).toEqual([
        ['recordType', 'choice', ['A', 'AAAA', 'CNAME', 'MX', 'TXT']],
        ['expected', 'text', null],
        ['resolver', 'text', null],
      ]);

      const monitor = { id: 'dns-play', name: 'Play DNS', type: 'dns', target: 'play.example.test', intervalSeconds: 0.2, failuresBeforeDown: 1 };
      const refused = await as('POST', '/api/staff/monitors', { ...monitor, settings: { recordType: 'SRV', resolver: 'ns.example.test' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({
        'settings.recordType': 'must be A, AAAA, CNAME, MX or TXT',
        'settings.expected': expect.any(String),
        'settings.resolver': 'must be an IP address, with :port when not 53',
      });
      const badName = await as('POST', '/api/staff/monitors', { ...monitor, target: 'not a name', settings: { expected: '192.0.2.10' } });
      expect(badName.json().error.fields).toEqual({ target: 'must be a host name such as play.example.com (got "not a name")' });
      expect((await as('GET', '/api/staff/monitors')).json().monitors).toEqual([]);

      const created = await as('POST', '/api/staff/monitors', { ...monitor, settings: { expected: '192.0.2.10', resolver: dns.address } });
      expect(created.statusCode).toBe(201);
      // The type's defaults filled in and kept.
      expect(created.json().settings).toEqual({ recordType: 'A', expected: '192.0.2.10', resolver: dns.address });

      const board = async () =>
        ((await app.inject('/api/status')).json().servers as { id: string; status: string; failure?: string }[]).find((s) => s.id === 'dns-play');
      await until(board, (s) => s?.status === 'operational', 'the DNS monitor up on the board', 10_000);

      const edited = await as('PUT', '/api/staff/monitors/dns-play', {
        ...monitor,
        id: undefined,
        settings: { recordType: 'AAAA', expected: '2001:db8::99', resolver: dns.address },
      });
      expect(edited.statusCode).toBe(200);
      await until(board, (s) => s?.status === 'down', 'the DNS monitor down on the board', 10_000);
    });

    it('refuses a private name server without the admins’ switch, with the checker’s message', async () => {
      await app.close();
      app = await buildApp(testConfig(database.url));
      await app.ready();
      admin = await staffUser(app, 'admin2@example.com', 'admin');
      const refused = await as('POST', '/api/staff/monitors', {
        id: 'dns-inside',
        name: 'Inside',
        type: 'dns',
        target: 'play.example.test',
        settings: { expected: '192.0.2.10', resolver: dns.address },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('address_not_allowed');
      expect(refused.json().error.fields.target).toMatch(/127\.0\.0\.1/);
    });
  },
);
