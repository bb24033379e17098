import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogView } from '../../contracts/catalog.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';

type Line = { id: string; currency: string; plans: { id: string; name: string; price: number }[] };
type Faq = { id: string; category: string; question: string; answer: string; links: { text: string; url: string }[] };
type Article = { id: string; question: string; answer: string };
type Help = { faqs: Faq[] };

// One folder of rebuilds for the whole file: a document built on SQLite is found built on PostgreSQL.
const buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-builds-'));
afterAll(() => fs.rmSync(buildsDir, { recursive: true, force: true }));

/** The Budget VPS line's prices as its page's structured data states them. */
function offersOf(html: string): { lowPrice: string; offers: { name: string; price: string }[] } {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const product = blocks.find((b) => b['@type'] === 'Product');
  return product.offers;
}

/**
 * The Catalog (docs/decisions.md 96-98) on both dialects, with the real site rebuilt by a real
 * `astro build`: the content files are version 0, a wrong field is a 400 naming it, an editor's
 * publish is served at once (plan page, products, search, structured data) with its readable
 * change in the audit log, a draft that cannot be built leaves the site as it was and says why,
 * and a restore brings the earlier price back. Editors reach the catalog and nothing of staff,
 * monitors or alerts.
 */
describe.each(dialects)('the catalog on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let editor: StaffUser;
  const as = (user: StaffUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const page = async (url: string) => (await app.inject({ url })).body;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url, { SITE_BUILDS_DIR: buildsDir }), { catalog: { pollMs: 60_000 } });
    await app.ready();
    editor = await staffUser(app, 'eve@example.com', 'editor');
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('lets editors edit the catalog, and nothing of staff, monitors or alerts; support not the catalog', async () => {
    const support = await staffUser(app, 'sam@example.com', 'support');
    expect((await as(editor, 'GET', '/api/staff/catalog')).statusCode).toBe(200);
    for (const url of ['/api/staff/members', '/api/staff/monitors', '/api/staff/alerts']) {
      expect((await as(editor, 'GET', url)).statusCode, url).toBe(403);
    }
    const refused = await as(support, 'GET', '/api/staff/catalog');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your role may not change the catalog.');
    expect((await app.inject({ url: '/api/staff/catalog' })).statusCode).toBe(401);
  });

  it('publishes a price to the plan page, products, search and structured data, refuses bad fields and failed builds, and restores', {
    timeout: 240_000,
  }, async () => {
    const opened = (await as(editor, 'GET', '/api/staff/catalog')).json<CatalogView>();
    expect(opened).toMatchObject({ draftId: null, publishedId: 0, liveId: 0, versions: [] });
    const lines = opened.document.plans as Line[];
    const budget = lines.find((l) => l.id === 'budget-vps')!;
    expect(budget.plans[0]).toMatchObject({ id: 'vps-1', name: 'Budget VPS 1', price: 4.99 });
    expect(offersOf(await page('/budget-vps')).lowPrice).toBe('4.99');

    // Wrong fields: a 400 with a message per field, nothing stored.
    const bad = structuredClone(opened.document) as { plans: Line[] };
    bad.plans.find((l) => l.id === 'budget-vps')!.plans[0]!.price = -3;
    bad.plans.find((l) => l.id === 'budget-vps')!.plans[1]!.name = '';
    const refused = await as(editor, 'PUT', '/api/staff/catalog/draft', { draftId: null, document: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'The catalog has a problem: Budget VPS › Budget VPS 1 › price: Too small: expected number to be >0 (and 1 more).',
    );
    const index = lines.indexOf(budget);
    expect(refused.json().error.fields).toEqual({
      [`plans.${index}.plans.0.price`]: 'Too small: expected number to be >0',
      [`plans.${index}.plans.1.name`]: 'Too small: expected string to have >=1 characters',
    });
    expect((await as(editor, 'PUT', '/api/staff/catalog/draft', { draftId: null, document: { ...opened.document, plans: 'none' } })).statusCode).toBe(400);

    // A draft, then its publish.
    const next = structuredClone(opened.document) as { plans: Line[]; help: Help; knowledge: Article[]; 'plans.taxLines': Record<string, string> };
    next.plans.find((l) => l.id === 'budget-vps')!.plans[0]!.price = 3.49;
    // In the same publish: a help answer, a knowledge article and a tax line (docs/decisions.md 137).
    const faq = next.help.faqs.find((f) => f.id === 'technical-lag')!;
    faq.answer = 'Lag? Look at the CPU chart first.';
    next.knowledge[0]!.answer = 'Edited in the console, long enough.';
    next['plans.taxLines'].USD = 'excl. sales tax';
    const saved = await as(editor, 'PUT', '/api/staff/catalog/draft', { draftId: null, document: next });
    expect(saved.statusCode, saved.body).toBe(200);
    const draftId = saved.json<CatalogView>().draftId!;
    expect(offersOf(await page('/budget-vps')).lowPrice).toBe('4.99');
    const published = await as(editor, 'POST', '/api/staff/catalog/publish', { draftId });
    expect(published.statusCode, published.body).toBe(200);
    const changes = [
      'Budget VPS › Budget VPS 1 price 4.99 → 3.49 USD',
      'Tax lines USD "" → "excl. sales tax"',
      `Help › ${faq.question} answer "${(opened.document.help as Help).faqs.find((f) => f.id === 'technical-lag')!.answer.slice(0, 59)}…" → "Lag? Look at the CPU chart first."`,
      `Knowledge base › ${next.knowledge[0]!.question} answer "${(opened.document.knowledge as Article[])[0]!.answer.slice(0, 59)}…" → "Edited in the console, long enough."`,
    ];
    expect(published.json().version).toMatchObject({ id: draftId, state: 'published', changes });

    const plan = await page('/budget-vps');
    expect(offersOf(plan).lowPrice).toBe('3.49');
    expect(offersOf(plan).offers[0]).toMatchObject({ name: 'Budget VPS 1', price: '3.49' });
    expect(plan).toContain('$3.49');
    expect(await page('/products')).toContain('$3.49/Monthly');
    expect(await page('/search-index.json')).toContain('"Budget VPS 1","description":"$3.49/month');
    // The page's meta description and its search entry say the new "from" price (docs/decisions.md 139); the tax line is beside the price.
    expect(plan).toContain(
      '<meta name="description" content="Affordable KVM virtual private servers with NVMe storage, full root access and DDoS protection, from $3.49 a month.">',
    );
    expect(await page('/search-index.json')).toContain('full root access and DDoS protection, from $3.49 a month.');
    expect(plan).toContain('excl. sales tax');
    expect(await page('/sitemap.xml')).toContain('/budget-vps</loc>');
    // The help assistant's data and the knowledge base page carry the edited answers.
    const assistant = JSON.parse(await page('/help-assistant.json')) as { faqs: Faq[]; entries: { id: string; answer: string }[] };
    expect(assistant.faqs.find((f) => f.id === 'technical-lag')!.answer).toBe(faq.answer);
    expect(assistant.entries.find((e) => e.id === `kb-${next.knowledge[0]!.id}`)!.answer).toBe(next.knowledge[0]!.answer);
    expect(await page('/knowledge')).toContain(next.knowledge[0]!.answer);
    const [entry] = await auditRows(app, 'catalog.published');
    expect(entry).toMatchObject({ actor_label: 'eve@example.com', target: `catalog version ${draftId}` });
    expect(JSON.parse(String(entry!.detail))).toEqual(Object.fromEntries(changes.map((line, i) => [`change ${i + 1}`, line])));

    // A draft that passes the schemas but cannot be built (a page needs the line by its id).
    const broken = structuredClone(next);
    broken.plans.find((l) => l.id === 'budget-vps')!.id = 'cheap-vps';
    const brokenDraft = (await as(editor, 'PUT', '/api/staff/catalog/draft', { draftId: null, document: broken })).json<CatalogView>().draftId!;
    const failed = await as(editor, 'POST', '/api/staff/catalog/publish', { draftId: brokenDraft });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().error.message).toMatch(/site is unchanged.*No plan line "budget-vps"/s);
    expect(offersOf(await page('/budget-vps')).lowPrice).toBe('3.49');
    expect((await as(editor, 'GET', '/api/staff/catalog')).json()).toMatchObject({ publishedId: draftId, liveId: draftId, draftId: brokenDraft });
    expect((await auditRows(app, 'catalog.publish_failed'))[0]).toMatchObject({ outcome: 'failed' });

    // Restoring version 0 (the content files) brings the price back, as a new version.
    const restored = await as(editor, 'POST', '/api/staff/catalog/versions/0/restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().version.changes).toHaveLength(4);
    expect(restored.json().version).toMatchObject({ state: 'published', basedOn: 0 });
    expect(restored.json().version.changes[0]).toBe('Budget VPS › Budget VPS 1 price 3.49 → 4.99 USD');
    expect(offersOf(await page('/budget-vps')).lowPrice).toBe('4.99');
    expect(await page('/budget-vps')).toContain('DDoS protection, from $4.99 a month.');
    expect(await page('/help-assistant.json')).not.toContain('Lag? Look at the CPU chart first.');
    expect(await page('/products')).not.toContain('$3.49');
    const view = (await as(editor, 'GET', '/api/staff/catalog')).json<CatalogView>();
    expect(view.versions.map((v) => [v.state, v.author])).toEqual([
      ['published', 'eve@example.com'],
      ['draft', 'eve@example.com'],
      ['published', 'eve@example.com'],
    ]);
  });

  it('checks help answers and knowledge articles field by field, and opens a version saved before the tax lines were editable', async () => {
    const opened = (await as(editor, 'GET', '/api/staff/catalog')).json<CatalogView>();
    // The tax lines are a part of the document, as the content files hold them.
    expect(opened.document['plans.taxLines']).toEqual({ INR: 'excl. 18% GST', USD: '', GBP: 'excl. VAT' });
    const bad = structuredClone(opened.document) as { help: Help; knowledge: Article[]; 'plans.taxLines': Record<string, string> };
    bad.help.faqs[2]!.answer = '';
    bad.help.faqs[3]!.links[0]!.url = 'javascript:alert(1)';
    bad.help.faqs[4]!.id = bad.help.faqs[0]!.id;
    bad.knowledge[1]!.answer = 'Too short.';
    bad.knowledge[2]!.id = bad.knowledge[0]!.id;
    bad['plans.taxLines'].GBP = 'x'.repeat(41);
    const refused = await as(editor, 'PUT', '/api/staff/catalog/draft', { draftId: null, document: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'help.faqs.2.answer': 'Too small: expected string to have >=1 characters',
      'help.faqs.3.links.0.url': 'must be a site path (/…) or an http(s) URL',
      'help.faqs.4.id': `another question has the id "${bad.help.faqs[0]!.id}"`,
      'knowledge.1.answer': 'Too small: expected string to have >=20 characters',
      'knowledge.2.id': `another article has the id "${bad.knowledge[0]!.id}"`,
      'plans.taxLines.GBP': 'Too big: expected string to have <=40 characters',
    });
    expect(refused.json().error.message).toBe(`The catalog has a problem: Tax lines › GBP: Too big: expected string to have <=40 characters (and 5 more).`);
    expect((await as(editor, 'GET', '/api/staff/catalog')).json()).toMatchObject({ draftId: null, versions: [] });

    // Articles may be added and removed (the files hold ten); a version without the tax lines
    // (saved before they were editable) is valid, and opens with the files' tax lines.
    const { 'plans.taxLines': _left, ...older } = structuredClone(opened.document) as Record<string, unknown> & { knowledge: Article[] };
    older.knowledge = [...older.knowledge.slice(1), { id: 'new-one', question: 'A new question?', answer: 'A new answer, long enough for the schema.' }];
    const saved = await as(editor, 'PUT', '/api/staff/catalog/draft', { draftId: null, document: older });
    expect(saved.statusCode, saved.body).toBe(200);
    const reopened = saved.json<CatalogView>();
    expect(reopened.document['plans.taxLines']).toEqual({ INR: 'excl. 18% GST', USD: '', GBP: 'excl. VAT' });
    expect((reopened.document.knowledge as Article[]).map((a) => a.id).at(-1)).toBe('new-one');
  });
});
