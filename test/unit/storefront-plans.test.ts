import { describe, expect, it } from 'vitest';
import { defineContent, z } from '../../src/data/define.ts';
import { features } from '../../src/data/features.ts';
import { locations } from '../../src/data/locations.ts';
import { counters } from '../../src/data/counters.ts';
import { testimonials } from '../../src/data/testimonials.ts';
import { intelPlanRam, lineSchema, planLine, planLines, products, vpsLines } from '../../src/data/plans.ts';
import { pages } from '../../src/data/pages.ts';
import { searchIndex } from '../../src/data/search-items.ts';
import { site } from '../../src/data/site.ts';
import { planLineJsonLd } from '../../src/lib/json-ld.ts';
import { filterProducts, toggleFilter } from '../../src/lib/products-filter.ts';

/** The table of spec section 2 and the prices of section 9, with DECISIONS 7's currencies. */
const expected = {
  'minecraft-amd': { route: '/minecraft-amd', currency: 'INR', button: 'Order Now', prices: [619, 1099, 1999], highlighted: [1099], recommended: [], featureCards: false },
  'minecraft-intel': { route: '/minecraft-intel', currency: 'INR', button: 'Order Now', prices: [99, 139, 179, 219, 259, 339, 549, 669], highlighted: [], recommended: [259], featureCards: true },
  'discord-bot': { route: '/discord-bot', currency: 'INR', button: 'Deploy Bot', prices: [10, 17, 34, 70, 140, 260], highlighted: [70], recommended: [], featureCards: true },
  'web-hosting': { route: '/web-hosting', currency: 'USD', button: 'Get Started', prices: [2.99, 5.99, 12.99], highlighted: [5.99], recommended: [], featureCards: true },
  'budget-vps': { route: '/budget-vps', currency: 'USD', button: 'Order Now', prices: [4.99, 9.99, 19.99], highlighted: [], recommended: [], featureCards: true },
  'panel-vps': { route: '/panel-vps', currency: 'USD', button: 'Select Plan', prices: [14.99, 24.99, 44.99], highlighted: [], recommended: [], featureCards: true },
  'premium-vps': { route: '/premium-vps', currency: 'USD', button: 'Order Now', prices: [49.99, 89.99, 149.99], highlighted: [], recommended: [], featureCards: true },
  'ultra-premium-vds': { route: '/ultra-premium-vds', currency: 'USD', button: 'Deploy Now', prices: [199.99, 299.99, 499.99], highlighted: [], recommended: [], featureCards: true },
  'ryzen-vps': { route: '/ryzen-vps', currency: 'USD', button: 'Order Now', prices: [29.99, 49.99, 89.99], highlighted: [], recommended: [], featureCards: true },
  'storage-server': { route: '/storage-server', currency: 'GBP', button: 'Select Plan', prices: [29.99, 59.99, 99.99], highlighted: [], recommended: [], featureCards: false },
} as const;

describe('plan lines match the spec', () => {
  it('has exactly the ten plan pages', () => {
    expect(planLines.map((l) => l.id).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [id, want] of Object.entries(expected)) {
    describe(id, () => {
      const line = planLine(id);
      it('has its route, currency and button label', () => {
        expect(line.route).toBe(want.route);
        expect(line.currency).toBe(want.currency);
        expect(line.buttonLabel).toBe(want.button);
        expect(pages.has(line.route)).toBe(true);
      });
      it('has the card count and prices, in order', () => {
        expect(line.plans.map((p) => p.price)).toEqual(want.prices);
      });
      it('marks the highlighted and recommended plans, and only those', () => {
        expect(line.plans.filter((p) => p.highlight).map((p) => p.price)).toEqual(want.highlighted);
        expect(line.plans.filter((p) => p.recommended).map((p) => p.price)).toEqual(want.recommended);
      });
      it('lists specs on every card and links every plan to the external store', () => {
        for (const plan of line.plans) {
          expect(plan.specs.length).toBeGreaterThanOrEqual(2);
          expect(plan.storeUrl.startsWith(`${site.store}/`)).toBe(true);
        }
        expect(new Set(line.plans.map((p) => p.storeUrl)).size).toBe(line.plans.length);
      });
      it(want.featureCards ? 'has 3 feature cards' : 'has no feature cards', () => {
        expect(features.planLines[id]?.length ?? 0).toBe(want.featureCards ? 3 : 0);
      });
    });
  }

  it('names the Intel plans and marks Pro as recommended', () => {
    expect(planLine('minecraft-intel').plans.map((p) => p.name)).toEqual(['Lite', 'Basic', 'Plus', 'Core', 'Pro', 'Ultra', 'Max', 'Prime']);
    expect(planLine('minecraft-intel').plans.find((p) => p.recommended)?.name).toBe('Pro');
    expect(intelPlanRam.map((p) => p.price)).toEqual(expected['minecraft-intel'].prices);
    for (const card of planLine('minecraft-intel').plans) {
      expect(card.specs.map((s) => s.kind)).toEqual(['cpu', 'ram', 'disk', 'ports', 'backups', 'support']);
    }
  });

  it('names the AMD plans Diamond, Obsidian (highlighted) and Crystal', () => {
    expect(planLine('minecraft-amd').plans.map((p) => p.name)).toEqual(['Diamond', 'Obsidian', 'Crystal']);
  });

  it('sizes the storage servers at 2TB, 5TB and 10TB', () => {
    expect(planLine('storage-server').plans.map((p) => p.name)).toEqual(['Storage 2TB', 'Storage 5TB', 'Storage 10TB']);
  });

  it('rejects a bad entry with a message naming the module, the entry and the field', () => {
    const good = planLines[0]!;
    const bad = { ...good, currency: 'EUR' };
    expect(() => defineContent('plans', z.array(lineSchema), [good, bad] as never)).toThrow(/Content error in plans:\n {2}- plans\.1\.currency:/);
  });
});

describe('the products page plans (spec sections 2 and 3)', () => {
  const byName = (name: string) => products.find((p) => p.name === name);

  it('has Minecraft Premium and Budget and the bot plan in INR with the spec values', () => {
    expect(byName('Minecraft Premium')).toMatchObject({ category: 'game', price: 129, currency: 'INR', specs: { ram: '2GB RAM', storage: '12GB NVMe' } });
    expect(byName('Minecraft Budget')).toMatchObject({ category: 'game', price: 99, currency: 'INR', specs: { ram: '2GB RAM', storage: '10GB NVMe' } });
    expect(byName('Bot Hosting')).toMatchObject({ category: 'other', price: 10, currency: 'INR', specs: { cores: '20% CPU', ram: '124 MB RAM', storage: '512 MB disk' } });
  });

  it('lists every VPS and VDS line under VPS Solutions (DECISIONS 6), priced from its cheapest plan', () => {
    const vps = filterProducts(products, 'vps');
    expect(vps.map((p) => p.id)).toEqual(vpsLines.map((l) => l.id));
    expect(vps.map((p) => p.id).sort()).toEqual(['budget-vps', 'panel-vps', 'premium-vps', 'ryzen-vps', 'ultra-premium-vds']);
    expect(vps.map((p) => `${p.price} ${p.currency}`)).toEqual(['4.99 USD', '14.99 USD', '29.99 USD', '49.99 USD', '199.99 USD']);
  });

  it('filters: none shows all, Game Servers the Minecraft plans, Other Services the bot plan', () => {
    expect(filterProducts(products, null)).toHaveLength(products.length);
    expect(products).toHaveLength(8);
    expect(filterProducts(products, 'game').map((p) => p.name)).toEqual(['Minecraft Premium', 'Minecraft Budget']);
    expect(filterProducts(products, 'other').map((p) => p.name)).toEqual(['Bot Hosting']);
  });

  it('toggles a filter off when clicked again', () => {
    expect(toggleFilter(null, 'game')).toBe('game');
    expect(toggleFilter('game', 'vps')).toBe('vps');
    expect(toggleFilter('vps', 'vps')).toBeNull();
  });

  it('links View Plans to the external store', () => {
    for (const p of products) expect(p.path.startsWith(`${site.store}/`)).toBe(true);
  });
});

describe('home content (spec sections 2 and 3)', () => {
  it('has the three locations with their pings', () => {
    expect(locations.map((l) => [l.name, l.country, l.ping])).toEqual([
      ['Delhi NCR', 'India', 42],
      ['Singapore', 'Singapore', 83],
      ['Frankfurt', 'Germany', 126],
    ]);
    for (const l of locations) {
      expect(l.processor).toBe('AMD EPYC 7763');
      expect(l.network).toBe('10 Gbps Network');
    }
  });

  it('has four testimonials rated 1 to 5', () => {
    expect(testimonials).toHaveLength(4);
    for (const t of testimonials) expect(t.rating).toBeGreaterThanOrEqual(1);
  });

  it('has the four counters', () => {
    expect(counters.map((c) => `${c.value}${c.suffix} ${c.label}`)).toEqual([
      '78% chats answered in seconds',
      '11 min average waiting time',
      '98% customer satisfaction',
      '91% first time resolution rate',
    ]);
  });

  it('has the feature tiles, Why Choose Us and products tiles', () => {
    expect(features.homeTiles.map((f) => f.title)).toEqual(['NVMe SSD Storage', 'DDoS Protection', 'AMD EPYC', 'Instant Setup']);
    expect(features.whyChooseUs.map((f) => f.title)).toEqual(['Premium Hardware', 'DDoS Protection', 'Instant Setup']);
    expect(features.productTiles.map((f) => f.title)).toEqual(['Instant Setup', '24/7 Support', '99.9% Uptime']);
    expect(features.productTiles[0]?.text).toMatch(/under 60 seconds/);
    expect(features.reviews).toMatchObject({ count: 638, rating: 'Excellent' });
  });
});

describe('search and structured data', () => {
  it('indexes every plan of every line, linking to its page, with unique ids', () => {
    for (const line of planLines) {
      const items = searchIndex.filter((i) => i.id.startsWith(`plan-${line.id}-`));
      expect(items).toHaveLength(line.plans.length);
      for (const item of items) expect(item.url).toBe(line.route);
    }
    expect(new Set(searchIndex.map((i) => i.id)).size).toBe(searchIndex.length);
  });

  it('builds a Product with one Offer per plan and the line currency', () => {
    const data = planLineJsonLd(planLine('storage-server'), site) as { '@type': string; offers: { priceCurrency: string; offers: { price: string; priceCurrency: string }[] } };
    expect(data['@type']).toBe('Product');
    expect(data.offers.priceCurrency).toBe('GBP');
    expect(data.offers.offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      ['29.99', 'GBP'],
      ['59.99', 'GBP'],
      ['99.99', 'GBP'],
    ]);
  });
});
