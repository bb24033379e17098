import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogView } from '../../contracts/catalog.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';

type Plan = { id: string; locations?: string[] };
type Line = { id: string; currency: string; locations?: string[]; orderLink?: object; plans: Plan[] };
type Category = { id: string; name: string; icon: string; description: string };
type Help = { categories: Category[]; faqs: { id: string; category: string }[] };
type Doc = { plans: Line[]; help: Help } & Record<string, unknown>;

const siteLocations = 'delhi-ncr, singapore, frankfurt';

/**
 * The Catalog's newer editors on both dialects (docs/decisions.md 159-160): where a plan is sold
 * and the help assistant's categories are parts of the document, checked by the content schemas,
 * a wrong choice a 400 naming its field, never a 5xx, and a right one saved as a draft.
 */
describe.each(dialects)('the catalog editors on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let editor: StaffUser;
  const saveDraft = (document: object) =>
    app.inject({ method: 'PUT', url: '/api/staff/catalog/draft', headers: { cookie: editor.cookie }, payload: { draftId: null, document } });
  const opened = async () => (await app.inject({ url: '/api/staff/catalog', headers: { cookie: editor.cookie } })).json<CatalogView>().document as Doc;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url), { catalog: { pollMs: 60_000 }, announcements: { pollMs: 60_000 } });
    await app.ready();
    editor = await staffUser(app, 'eve@example.com', 'editor');
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('names a plan sold nowhere, at an unknown location or twice at its field, and saves a right choice', async () => {
    const document = await opened();
    const index = document.plans.findIndex((l) => l.id === 'minecraft-amd');
    const bad = structuredClone(document);
    bad.plans[index]!.plans[0]!.locations = [];
    bad.plans[index]!.plans[1]!.locations = ['singapore', 'atlantis'];
    bad.plans[index]!.plans[2]!.locations = ['frankfurt', 'frankfurt'];
    bad.plans[index]!.locations = ['Not an id'];
    const refused = await saveDraft(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      [`plans.${index}.plans.0.locations`]: 'choose at least one location',
      [`plans.${index}.plans.1.locations.1`]: `"atlantis" is not one of the site's locations (${siteLocations})`,
      [`plans.${index}.plans.2.locations.1`]: '"frankfurt" is chosen twice',
      [`plans.${index}.locations.0`]: `"Not an id" is not one of the site's locations (${siteLocations})`,
    });

    const good = structuredClone(document);
    good.plans[index]!.plans[0]!.locations = ['delhi-ncr', 'singapore'];
    const saved = await saveDraft(good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json<CatalogView>().document as Doc).plans[index]!.plans[0]!.locations).toEqual(['delhi-ncr', 'singapore']);
  });

  it("checks a line's currency and its order link's ids for the portal, and saves right ones", async () => {
    const document = await opened();
    const index = document.plans.findIndex((l) => l.id === 'budget-vps');
    const bad = structuredClone(document);
    bad.plans[index]!.currency = 'EUR';
    const badCurrency = await saveDraft(bad);
    expect(badCurrency.statusCode).toBe(400);
    expect(Object.keys(badCurrency.json().error.fields)).toEqual([`plans.${index}.currency`]);
    bad.plans[index]!.currency = 'USD';
    bad.plans[index]!.orderLink = { template: 'https://billing.example.com/cart.php?a=add&pid={pid}', currencyIds: {}, locationIds: { atlantis: '7' } };
    const refused = await saveDraft(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      [`plans.${index}.orderLink.locationIds.atlantis`]: `"atlantis" is not one of the site's locations (${siteLocations})`,
    });
    const good = structuredClone(document);
    good.plans[index]!.currency = 'GBP';
    good.plans[index]!.orderLink = {
      template: 'https://billing.example.com/cart.php?a=add&pid={pid}&currency={currencyId}&configoption[7]={locationId}',
      currencyIds: { GBP: '3' },
      locationIds: { frankfurt: '12' },
    };
    const saved = await saveDraft(good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json<CatalogView>().document as Doc).plans[index]).toMatchObject({
      currency: 'GBP',
      orderLink: { currencyIds: { GBP: '3' }, locationIds: { frankfurt: '12' } },
    });
  });

  it("checks the help assistant's categories, and will not lose a removed category's questions", async () => {
    const document = await opened();
    const bad = structuredClone(document);
    bad.help.categories[0]!.name = ' ';
    bad.help.categories[1]!.icon = 'rocket';
    const refused = await saveDraft(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'help.categories.0.name': 'is required',
      'help.categories.1.icon': 'must be one of gamepad, server, globe, credit-card, shield, wrench, life-buoy',
    });
    const twice = structuredClone(document);
    twice.help.categories[2]!.id = 'billing';
    const duplicate = await saveDraft(twice);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.fields).toMatchObject({ 'help.categories.3.id': 'another category has the id "billing"' });

    // Removing a category that still has questions: each question says to move or remove it.
    const removed = structuredClone(document);
    const security = removed.help.categories.findIndex((c) => c.id === 'security');
    removed.help.categories.splice(security, 1);
    const orphaned = removed.help.faqs.flatMap((f, i) => (f.category === 'security' ? [i] : []));
    expect(orphaned.length).toBeGreaterThan(0);
    const kept = await saveDraft(removed);
    expect(kept.statusCode).toBe(400);
    expect(kept.json().error.fields).toEqual(
      Object.fromEntries(
        orphaned.map((i) => [`help.faqs.${i}.category`, '"security" is not one of the help categories: move the question to another category or remove it']),
      ),
    );
    expect((await saveDraft({ ...document, help: { ...document.help, categories: [] } })).json().error.fields).toMatchObject({
      'help.categories': 'keep at least one category',
    });

    // Renamed, reordered, a new one, and the removed one's questions moved: saved.
    const good = structuredClone(document);
    good.help.categories = good.help.categories.filter((c) => c.id !== 'security').reverse();
    good.help.categories[0]!.name = 'Talk to us';
    good.help.categories.push({ id: 'domains', name: 'Domains', icon: 'globe', description: 'Names, DNS and transfers' });
    for (const faq of good.help.faqs) if (faq.category === 'security') faq.category = 'technical';
    const saved = await saveDraft(good);
    expect(saved.statusCode, saved.body).toBe(200);
    const categories = (saved.json<CatalogView>().document as Doc).help.categories;
    expect(categories.map((c) => c.id)).toEqual(['support', 'technical', 'billing', 'web', 'vps', 'minecraft', 'domains']);
    expect(categories[0]!.name).toBe('Talk to us');
  });
});
