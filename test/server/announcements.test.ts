import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnnouncementsView } from '../../contracts/announcements.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';

const hour = 3_600_000;
const start = Date.parse('2026-11-28T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const bannerOf = (html: string) => /<section class="site-banner[^"]*"[^>]*data-banner="([^"]+)"[\s\S]*?<\/section>/.exec(html);

/**
 * Announcements (docs/decisions.md 133-135) on both dialects: the console's API refuses wrong
 * fields with a message per field and stores nothing; editors and admins edit, support and
 * visitors cannot; a banner is in the page's HTML from its start to its end by the app's clock
 * (moved here), on its page group only, with an ETag of its own; a visitor's dismissal keeps
 * it away; the open major incident is a banner when the console says so; every change is in
 * the audit log in words.
 */
describe.each(dialects)('announcements on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let editor: StaffUser;
  let now = start;
  const as = (user: StaffUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const page = async (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
  const valid = (over: object = {}) => ({
    text: 'Black Friday: 30% off every VPS plan',
    linkLabel: 'See the plans',
    linkUrl: '/vps',
    tone: 'info',
    pages: 'plans',
    startsAt: iso(start + hour),
    endsAt: iso(start + 2 * hour),
    ...over,
  });

  beforeEach(async () => {
    now = start;
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url), { now: () => now, announcements: { pollMs: 60_000 }, catalog: { pollMs: 60_000 } });
    await app.ready();
    editor = await staffUser(app, 'eve@example.com', 'editor');
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('refuses wrong fields with a message for each, and stores nothing', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ text: '  ' }, { text: 'is required' }],
      [{ text: 'a'.repeat(201) }, { text: 'must be at most 200 characters' }],
      [{ text: 'two\nlines' }, { text: 'must be one line' }],
      [{ tone: 'loud' }, { tone: 'must be info or warning' }],
      [{ pages: 'blog' }, { pages: 'must be one of all, home, plans, status, panel, help' }],
      [{ linkUrl: 'javascript:alert(1)' }, { linkUrl: 'must be a path of this site (/products) or an https:// address' }],
      [{ linkUrl: '//evil.example/x' }, { linkUrl: 'must be a path of this site (/products) or an https:// address' }],
      [{ startsAt: 'tomorrow' }, { startsAt: 'must be a date and time such as 2026-01-31T12:00:00Z' }],
      [{ endsAt: iso(start + hour) }, { endsAt: 'must be after the start' }],
      [{ startsAt: iso(start - 3 * hour), endsAt: iso(start - hour) }, { endsAt: 'must be in the future' }],
      [{ endsAt: iso(start + 400 * 24 * hour) }, { endsAt: 'must be at most 366 days after the start' }],
      [{ linkUrl: '' }, { linkUrl: 'is required when the link has a text' }],
      [{ linkLabel: '' }, { linkLabel: 'is required when the link has an address' }],
    ];
    for (const [over, fields] of cases) {
      const refused = await as(editor, 'POST', '/api/staff/announcements', valid(over));
      expect(refused.statusCode, JSON.stringify(over)).toBe(400);
      expect(refused.json().error.fields, JSON.stringify(over)).toMatchObject(fields);
    }
    const view = (await as(editor, 'GET', '/api/staff/announcements')).json<AnnouncementsView>();
    expect(view.announcements).toEqual([]);
    expect((await as(editor, 'PUT', '/api/staff/announcements/999', valid())).statusCode).toBe(404);
    expect((await as(editor, 'DELETE', '/api/staff/announcements/999')).statusCode).toBe(404);
  });

  it('lets admins and editors edit announcements; support and visitors cannot', async () => {
    const admin = await staffUser(app, 'ada@example.com', 'admin');
    const support = await staffUser(app, 'sam@example.com', 'support');
    expect((await as(admin, 'POST', '/api/staff/announcements', valid())).statusCode).toBe(200);
    expect((await as(editor, 'POST', '/api/staff/announcements', valid({ text: 'Second' }))).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/staff/announcements'],
      ['POST', '/api/staff/announcements'],
      ['PUT', '/api/staff/announcements/1'],
      ['DELETE', '/api/staff/announcements/1'],
      ['PUT', '/api/staff/announcements/settings'],
    ] as const) {
      const body = method === 'PUT' && url.endsWith('settings') ? { incidentBanner: false } : method === 'GET' || method === 'DELETE' ? undefined : valid();
      expect((await as(support, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await as(editor, 'GET', '/api/staff/announcements')).json<AnnouncementsView>().announcements).toHaveLength(2);
  });

  it('shows a banner on its pages from its start to its end by the app clock, with an ETag of its own', async () => {
    const built = await page('/budget-vps');
    expect(bannerOf(built.body)).toBeNull();
    const created = (await as(editor, 'POST', '/api/staff/announcements', valid())).json<AnnouncementsView>();
    const id = created.announcements[0]!.id;
    expect(created.announcements[0]).toMatchObject({ state: 'scheduled', pages: 'plans', createdBy: 'eve@example.com' });
    expect(bannerOf((await page('/budget-vps')).body)).toBeNull();

    now = start + hour;
    const shown = await page('/budget-vps');
    expect(bannerOf(shown.body)?.[1]).toBe(`a${id}`);
    expect(shown.body).toContain('Black Friday: 30% off every VPS plan <a href="/vps">See the plans</a>');
    // First in <main>, so it is in the page from the first byte and moves nothing.
    expect(shown.body).toMatch(/<main [^>]*data-page-group="plans"[^>]*><section class="site-banner site-banner-info"/);
    expect(shown.headers.etag).not.toBe(built.headers.etag);
    // A cached copy of the page as built is not taken for it.
    expect((await page('/budget-vps', { 'if-none-match': String(built.headers.etag) })).statusCode).toBe(200);
    expect((await page('/budget-vps', { 'if-none-match': String(shown.headers.etag) })).statusCode).toBe(304);
    // Its compressed copies carry it too.
    const br = await app.inject({ url: '/budget-vps', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(bannerOf(zlib.brotliDecompressSync(br.rawPayload).toString())?.[1]).toBe(`a${id}`);
    const gzip = await app.inject({ url: '/products', headers: { 'accept-encoding': 'gzip' } });
    expect(bannerOf(zlib.gunzipSync(gzip.rawPayload).toString())?.[1]).toBe(`a${id}`);
    // Plans only: not the home page, not /about, not the network status.
    for (const other of ['/', '/about', '/network-status']) expect(bannerOf((await page(other)).body), other).toBeNull();
    // (The console's session has gone idle over the hour the clock moved: the service answers as its route would.)
    expect((await app.announcements.service.view()).announcements[0]!.state).toBe('showing');

    // Text is text: markup typed in the console is shown, never run.
    editor = await staffUser(app, 'eddie@example.com', 'editor');
    const edited = await as(editor, 'PUT', `/api/staff/announcements/${id}`, valid({ text: 'Sale <script>alert(1)</script> & more', startsAt: iso(start) }));
    expect(edited.statusCode).toBe(200);
    expect((await page('/budget-vps')).body).toContain('Sale &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');

    now = start + 2 * hour;
    const gone = await page('/budget-vps');
    expect(bannerOf(gone.body)).toBeNull();
    expect(gone.headers.etag).toBe(built.headers.etag);
    expect((await app.announcements.service.view()).announcements[0]!.state).toBe('ended');
  });

  it('shows every page of the site the banner for all pages, and keeps a dismissed one away for that visitor', async () => {
    await as(editor, 'POST', '/api/staff/announcements', valid({ pages: 'all', startsAt: iso(start) }));
    const later = (
      await as(editor, 'POST', '/api/staff/announcements', valid({ text: 'Plans only', pages: 'plans', startsAt: iso(start + 1000) }))
    ).json<AnnouncementsView>();
    const [plansOnly, everywhere] = later.announcements;
    now = start + hour;
    expect(bannerOf((await page('/about')).body)?.[1]).toBe(`a${everywhere!.id}`);
    // The latest start wins where both show.
    expect(bannerOf((await page('/vps')).body)?.[1]).toBe(`a${plansOnly!.id}`);

    const dismissed = await app.inject({
      method: 'POST',
      url: '/api/announcements/dismiss',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
      payload: `banner=a${plansOnly!.id}&back=%2Fvps`,
    });
    expect(dismissed.statusCode).toBe(303);
    expect(dismissed.headers.location).toBe('/vps');
    const cookie = String(dismissed.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe(`hf_dismissed=a${plansOnly!.id}`);
    expect(String(dismissed.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    // Dismissed: the next banner for the page shows instead; with both dismissed, the page as built.
    expect(bannerOf((await page('/vps', { cookie })).body)?.[1]).toBe(`a${everywhere!.id}`);
    const both = await app.inject({
      method: 'POST',
      url: '/api/announcements/dismiss',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: `banner=a${everywhere!.id}&back=https%3A%2F%2Fevil.example%2F`,
    });
    expect(both.headers.location).toBe('/');
    const cookies = String(both.headers['set-cookie']).split(';')[0]!;
    expect(cookies).toBe(`hf_dismissed=a${plansOnly!.id}.a${everywhere!.id}`);
    expect(bannerOf((await page('/vps', { cookie: cookies })).body)).toBeNull();
    // Another visitor still sees it.
    expect(bannerOf((await page('/vps')).body)?.[1]).toBe(`a${plansOnly!.id}`);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/announcements/dismiss',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'banner=%3Cscript%3E',
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('shows the open major incident as a banner on every page but the board, while the console says so', async () => {
    const admin = await staffUser(app, 'ada@example.com', 'admin');
    const minor = await as(admin, 'POST', '/api/staff/incidents', {
      title: 'Slow panel',
      impact: 'minor',
      monitorIds: [],
      state: 'investigating',
      message: 'Looking.',
    });
    expect(minor.statusCode).toBe(201);
    await app.announcements.live.refresh();
    expect(bannerOf((await page('/')).body)).toBeNull();
    const major = await as(admin, 'POST', '/api/staff/incidents', {
      title: 'Frankfurt is down',
      impact: 'major',
      monitorIds: [],
      state: 'investigating',
      message: 'Looking.',
    });
    expect(major.statusCode).toBe(201);
    await app.announcements.live.refresh();
    const home = (await page('/')).body;
    expect(bannerOf(home)?.[1]).toBe(`i${major.json().id}`);
    expect(home).toContain('Major incident: Frankfurt is down. <a href="/network-status">See the network status</a>');
    expect(bannerOf((await page('/network-status')).body)).toBeNull();
    expect((await as(editor, 'GET', '/api/staff/announcements')).json<AnnouncementsView>()).toMatchObject({
      incidentBanner: true,
      incidentShown: { title: 'Frankfurt is down' },
    });

    expect((await as(editor, 'PUT', '/api/staff/announcements/settings', { incidentBanner: false })).json<AnnouncementsView>().incidentShown).toBeNull();
    expect(bannerOf((await page('/')).body)).toBeNull();
    await as(editor, 'PUT', '/api/staff/announcements/settings', { incidentBanner: true });
    expect(bannerOf((await page('/')).body)?.[1]).toBe(`i${major.json().id}`);
    await as(admin, 'POST', `/api/staff/incidents/${major.json().id}/resolve`, { message: 'Back.' });
    await app.announcements.live.refresh();
    expect(bannerOf((await page('/')).body)).toBeNull();
    expect((await auditRows(app, 'announcement.incident_banner_off'))[0]).toMatchObject({ actor_label: 'eve@example.com' });
  });

  it('writes each change to the audit log in words', async () => {
    const id = (await as(editor, 'POST', '/api/staff/announcements', valid())).json<AnnouncementsView>().announcements[0]!.id;
    await as(editor, 'PUT', `/api/staff/announcements/${id}`, valid({ endsAt: iso(start + 3 * hour), pages: 'all' }));
    await as(editor, 'DELETE', `/api/staff/announcements/${id}`);
    const [created] = await auditRows(app, 'announcement.created');
    expect(created).toMatchObject({ actor_label: 'eve@example.com', target: '“Black Friday: 30% off every VPS plan”' });
    expect(JSON.parse(String(created!.detail))).toMatchObject({
      pages: 'Products and plan pages',
      from: '2026-11-28 13:00 UTC',
      until: '2026-11-28 14:00 UTC',
      link: 'See the plans → /vps',
    });
    const [updated] = await auditRows(app, 'announcement.updated');
    expect(JSON.parse(String(updated!.detail)).changes).toBe('pages Products and plan pages → Every page; ends 2026-11-28 14:00 UTC → 2026-11-28 15:00 UTC');
    expect((await auditRows(app, 'announcement.deleted'))[0]).toMatchObject({ target: '“Black Friday: 30% off every VPS plan”' });
    expect((await as(editor, 'GET', '/api/staff/announcements')).json<AnnouncementsView>().announcements).toEqual([]);
  });
});
