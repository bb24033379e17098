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
    const next = structuredClone(opened.document) as { plans: Line[] };
    next.plans.find((l) => l.id === 'budget-vps')!.plans[0]!.price = 3.49;
    const saved = await as(editor, 'PUT', '/api/staff/catalog/draft', { draftId: null, document: next });
    expect(saved.statusCode, saved.body).toBe(200);
    const draftId = saved.json<CatalogView>().draftId!;
    expect(offersOf(await page('/budget-vps')).lowPrice).toBe('4.99');
    const published = await as(editor, 'POST', '/api/staff/catalog/publish', { draftId });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().version).toMatchObject({ id: draftId, state: 'published', changes: ['Budget VPS › Budget VPS 1 price 4.99 → 3.49 USD'] });

    const plan = await page('/budget-vps');
    expect(offersOf(plan).lowPrice).toBe('3.49');
    expect(offersOf(plan).offers[0]).toMatchObject({ name: 'Budget VPS 1', price: '3.49' });
    expect(plan).toContain('$3.49');
    expect(await page('/products')).toContain('$3.49/Monthly');
    expect(await page('/search-index.json')).toContain('"Budget VPS 1","description":"$3.49/month');
    const [entry] = await auditRows(app, 'catalog.published');
    expect(entry).toMatchObject({ actor_label: 'eve@example.com', target: `catalog version ${draftId}` });
    expect(JSON.parse(String(entry!.detail))).toEqual({ 'change 1': 'Budget VPS › Budget VPS 1 price 4.99 → 3.49 USD' });

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
    expect(restored.json().version).toMatchObject({ state: 'published', basedOn: 0, changes: ['Budget VPS › Budget VPS 1 price 3.49 → 4.99 USD'] });
    expect(offersOf(await page('/budget-vps')).lowPrice).toBe('4.99');
    expect(await page('/products')).not.toContain('$3.49');
    const view = (await as(editor, 'GET', '/api/staff/catalog')).json<CatalogView>();
    expect(view.versions.map((v) => [v.state, v.author])).toEqual([
      ['published', 'eve@example.com'],
      ['draft', 'eve@example.com'],
      ['published', 'eve@example.com'],
    ]);
  });
});
