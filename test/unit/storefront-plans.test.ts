import { describe, expect, it } from 'vitest';
import { defineContent, z } from '../../src/data/define.ts';
import { fromPrice, lineSchema, minecraftPlanRam, planLine, planLines, products, taxLines, vpsLines } from '../../src/data/plans.ts';
import { smallestPlanFor } from '../../src/lib/ram-calculator.ts';
import { pages } from '../../src/data/pages.ts';
import { searchIndex } from '../../src/data/search-items.ts';
import { site } from '../../src/data/site.ts';
import { planLineJsonLd } from '../../src/lib/json-ld.ts';
import { filterProducts, productFilters, toggleFilter } from '../../src/lib/products-filter.ts';

// Prices, names and counts are content: src/data/plans.ts holds them and its schema guards
// them when the site builds. These tests check what is built from them.

/** Each line's currency follows from what it sells (docs/decisions.md 7). */
const currencyOfGroup = { minecraft: 'INR', bot: 'INR', storage: 'GBP', web: 'USD', vps: 'USD' } as const;

describe('plan lines', () => {
  it('each have a page of their own', () => {
    for (const line of planLines) expect(pages.has(line.route), line.route).toBe(true);
    expect(new Set(planLines.map((l) => l.route)).size).toBe(planLines.length);
  });

  it('are sold in the currency of their kind (docs/decisions.md 7)', () => {
    for (const line of planLines) expect(line.currency, line.id).toBe(currencyOfGroup[line.group]);
  });

  it('link every plan to its own page in the external store', () => {
    for (const line of planLines) {
      for (const plan of line.plans) expect(plan.storeUrl.startsWith(`${site.store}/`), plan.storeUrl).toBe(true);
    }
    const all = planLines.flatMap((l) => l.plans.map((p) => p.storeUrl));
    expect(new Set(all).size).toBe(all.length);
  });

  it("weigh each Intel plan for the RAM calculator by its card's RAM line", () => {
    const cards = planLine('minecraft-intel').plans;
    const weighed = minecraftPlanRam.filter((p) => p.lineId === 'minecraft-intel');
    expect(weighed.map((p) => [p.id, p.name, p.price])).toEqual(cards.map((c) => [c.id, c.name, c.price]));
    for (const [i, card] of cards.entries()) {
      expect(card.specs.map((s) => s.kind)).toEqual(['cpu', 'ram', 'disk', 'ports', 'backups', 'support']);
      expect(card.specs[1]!.value).toBe(`${weighed[i]!.ramGb} GB RAM`);
    }
  });

  it('give the RAM calculator every Minecraft plan sold, so it knows the largest (AMD, 32 GB)', () => {
    const sold = [...planLine('minecraft-intel').plans, ...planLine('minecraft-amd').plans];
    expect(minecraftPlanRam.map((p) => p.name)).toEqual(sold.map((p) => p.name));
    expect(Math.max(...minecraftPlanRam.map((p) => p.ramGb))).toBe(32);
    expect(smallestPlanFor(18, minecraftPlanRam)).toMatchObject({ lineId: 'minecraft-amd', ramGb: 32 });
    // A tie goes to the Intel line, the calculator's own page.
    expect(smallestPlanFor(16, minecraftPlanRam)).toMatchObject({ lineId: 'minecraft-intel', ramGb: 16 });
    expect(smallestPlanFor(33, minecraftPlanRam)).toBeUndefined();
  });

  it('reject a bad entry with a message naming the module, the entry and the field', () => {
    const good = planLines[0]!;
    const bad = { ...good, currency: 'EUR' };
    expect(() => defineContent('plans', z.array(lineSchema), [good, bad] as never)).toThrow(/Content error in plans:\n {2}- plans\.1\.currency:/);
  });
});

describe('the products page plans (docs/decisions.md 17)', () => {
  it('show every plan with no filter, and each plan under exactly one filter', () => {
    expect(filterProducts(products, null)).toEqual([...products]);
    const shown = productFilters.flatMap((f) => filterProducts(products, f.id).map((p) => p.id));
    expect([...shown].sort()).toEqual(products.map((p) => p.id).sort());
    for (const f of productFilters) {
      const picked = filterProducts(products, f.id);
      expect(picked.length, f.label).toBeGreaterThan(0);
      for (const p of picked) expect(p.category).toBe(f.id);
    }
  });

  it('list every VPS and VDS line under VPS Solutions, from its cheapest plan in its currency (docs/decisions.md 6)', () => {
    const vps = filterProducts(products, 'vps');
    expect(vps.map((p) => p.id)).toEqual(vpsLines.map((l) => l.id));
    for (const [i, line] of vpsLines.entries()) {
      expect(vps[i]).toMatchObject({ price: fromPrice(line), currency: line.currency, fromPrice: true, name: line.name });
    }
  });

  it('toggle a filter off when clicked again, and replace it with another', () => {
    expect(toggleFilter(null, 'game')).toBe('game');
    expect(toggleFilter('game', 'vps')).toBe('vps');
    expect(toggleFilter('vps', 'vps')).toBeNull();
  });

  it('link View Plans to the external store', () => {
    for (const p of products) expect(p.path.startsWith(`${site.store}/`), p.id).toBe(true);
  });
});

describe('search and structured data', () => {
  it('index every plan of every line, linking to its page, with unique ids', () => {
    for (const line of planLines) {
      const items = searchIndex.filter((i) => i.id.startsWith(`plan-${line.id}-`));
      expect(items).toHaveLength(line.plans.length);
      for (const item of items) expect(item.url).toBe(line.route);
    }
    expect(new Set(searchIndex.map((i) => i.id)).size).toBe(searchIndex.length);
  });

  it('describe each line as a Product with one Offer per plan, in the line currency', () => {
    for (const line of planLines) {
      const data = planLineJsonLd(line, site, taxLines[line.currency]) as {
        '@type': string;
        offers: { priceCurrency: string; offers: { name: string; price: string; priceCurrency: string }[] };
      };
      expect(data['@type']).toBe('Product');
      expect(data.offers.priceCurrency).toBe(line.currency);
      expect(data.offers.offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual(line.plans.map((p) => [p.name, p.price.toFixed(2), line.currency]));
    }
  });
});
