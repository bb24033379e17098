import { describe, expect, it } from 'vitest';
import { lowStockAt, stockLabel, stockStateOf } from '../../contracts/stock-rules.ts';
import { orderLinks } from '../../src/components/plans/plan-card-data.ts';
import { capacityOf, stockCatalog } from '../../src/data/plan-stock.ts';
import { planLine, taxLines } from '../../src/data/plans.ts';
import { site } from '../../src/data/site.ts';
import { planLineJsonLd } from '../../src/lib/json-ld.ts';
import { orderLink } from '../../src/lib/order-link.ts';
import { formatMonthly, formatPrice, groupDigits } from '../../src/lib/price.ts';

describe('prices as their buyers read them (docs/decisions.md 104)', () => {
  it('groups rupees the Indian way: the last three digits, then pairs', () => {
    expect(formatPrice(123456, 'INR')).toBe('₹1,23,456');
    expect(formatPrice(10000000, 'INR')).toBe('₹1,00,00,000');
    expect(formatPrice(99999, 'INR')).toBe('₹99,999');
    expect(formatPrice(1099, 'INR')).toBe('₹1,099');
    expect(formatPrice(619, 'INR')).toBe('₹619');
    expect(formatPrice(1234567.5, 'INR')).toBe('₹12,34,567.50');
    expect(formatMonthly(123456, 'INR')).toBe('₹1,23,456.00/Monthly');
  });

  it('groups dollars and pounds in threes', () => {
    expect(formatPrice(123456, 'USD')).toBe('$123,456');
    expect(formatPrice(1234567.5, 'GBP')).toBe('£1,234,567.50');
    expect(groupDigits('1234567', 'USD')).toBe('1,234,567');
    expect(groupDigits('1234567', 'INR')).toBe('12,34,567');
  });

  it('has a tax line per currency, given to structured data as a price without tax', () => {
    expect(taxLines).toEqual({ INR: 'excl. 18% GST', USD: '', GBP: 'excl. VAT' });
    const ld = planLineJsonLd(planLine('minecraft-amd'), site, taxLines.INR) as {
      offers: { offers: { priceSpecification?: { valueAddedTaxIncluded: boolean; description: string } }[] };
    };
    expect(ld.offers.offers[0]!.priceSpecification).toMatchObject({ valueAddedTaxIncluded: false, description: 'excl. 18% GST' });
    const usd = planLineJsonLd(planLine('budget-vps'), site, taxLines.USD) as { offers: { offers: { priceSpecification?: unknown }[] } };
    expect(usd.offers.offers[0]!.priceSpecification).toBeUndefined();
  });
});

describe('order links by a template per line (docs/decisions.md 104)', () => {
  const values = { store: 'https://billing.example.com/', line: 'minecraft-amd', plan: 'diamond', pid: '12', location: 'singapore', currency: 'INR' as const };

  it('fills a WHMCS cart link with the portal’s ids of the currency and the location', () => {
    const whmcs = {
      template: 'https://billing.example.com/cart.php?a=add&pid={pid}&billingcycle=monthly&currency={currencyId}&configoption[7]={locationId}',
      currencyIds: { INR: '2' },
      locationIds: { singapore: '31' },
    };
    expect(orderLink(whmcs, values)).toBe('https://billing.example.com/cart.php?a=add&pid=12&billingcycle=monthly&currency=2&configoption[7]=31');
  });

  it('fills a Paymenter product link, and {store} without a doubled slash', () => {
    const paymenter = { template: '{store}/products/{line}/{pid}?location={location}&currency={currency}', currencyIds: {}, locationIds: {} };
    expect(orderLink(paymenter, values)).toBe('https://billing.example.com/products/minecraft-amd/12?location=singapore&currency=INR');
  });

  it('encodes the values it fills and refuses a name it does not know', () => {
    expect(orderLink({ template: '{store}/x?l={location}', currencyIds: {}, locationIds: {} }, { ...values, location: 'a b&c' })).toBe(
      'https://billing.example.com/x?l=a%20b%26c',
    );
    expect(() => orderLink({ template: '{store}/{product}', currencyIds: {}, locationIds: {} }, values)).toThrow('{product}');
  });

  it('gives every plan of today’s catalogue a link per location, carrying plan, location and currency', () => {
    const line = planLine('minecraft-amd');
    const links = orderLinks(line, line.plans[0]!);
    expect(links.map((l) => l.location)).toEqual(['delhi-ncr', 'singapore', 'frankfurt']);
    expect(links[1]!.href).toBe(`${site.store}/minecraft-amd/diamond?location=singapore&currency=INR`);
  });
});

describe('what stock needs of the catalogue (docs/decisions.md 101)', () => {
  it('reads a plan’s size from its specs unless it states it', () => {
    const line = planLine('minecraft-amd');
    expect(capacityOf(line.plans[0]!)).toEqual({ memoryMb: 8192, diskMb: 51200 });
    expect(capacityOf({ ...line.plans[0]!, memoryMb: 7000 })).toEqual({ memoryMb: 7000, diskMb: 51200 });
    expect(capacityOf({ specs: [{ kind: 'disk', value: '5 TB storage (RAID 10)' }] })).toEqual({ memoryMb: null, diskMb: 5 * 1024 * 1024 });
  });

  it('publishes every plan with its size, locations and source; the game panel’s lines by capacity', () => {
    const catalog = stockCatalog();
    expect(catalog.locations.map((l) => l.id)).toEqual(['delhi-ncr', 'singapore', 'frankfurt']);
    const diamond = catalog.plans.find((p) => p.line === 'minecraft-amd' && p.plan === 'diamond');
    expect(diamond).toMatchObject({ name: 'Minecraft AMD Diamond', route: '/minecraft-amd', memoryMb: 8192, source: 'capacity' });
    expect(catalog.plans.filter((p) => p.line === 'budget-vps').every((p) => p.source === 'manual')).toBe(true);
  });

  it('says "Only N left" from lowStockAt down, and sold out at none', () => {
    expect(stockStateOf(null)).toBe('in_stock');
    expect(stockStateOf(lowStockAt + 1)).toBe('in_stock');
    expect(stockStateOf(lowStockAt)).toBe('low');
    expect(stockStateOf(0)).toBe('sold_out');
    expect(stockLabel('low', 2, 'Singapore')).toBe('Only 2 left at Singapore');
    expect(stockLabel('sold_out', 0, 'Singapore')).toBe('Sold out at Singapore');
  });
});
