import type { Currency } from './price.ts';

/** A line's order-link template (src/data/plans.ts, docs/decisions.md 104). */
export interface OrderLinkTemplateLike {
  template: string;
  currencyIds: Partial<Record<Currency, string>>;
  locationIds: Record<string, string>;
}

/** What one order link carries. */
export interface OrderLinkValues {
  store: string;
  line: string;
  plan: string;
  /** The plan's id in the billing portal (WHMCS pid, Paymenter slug). */
  pid: string;
  location: string;
  currency: Currency;
}

const names = ['store', 'line', 'plan', 'pid', 'location', 'locationId', 'currency', 'currencyId'] as const;

/**
 * The order link of a plan at a location in a currency: the template with its `{name}`s filled,
 * each value URL-encoded (`{store}`, the store's base address, as it is). An unknown `{name}` is
 * a content error, thrown so the build fails.
 */
export function orderLink(template: OrderLinkTemplateLike, values: OrderLinkValues): string {
  const filled: Record<(typeof names)[number], string> = {
    store: values.store.replace(/\/$/, ''),
    line: encodeURIComponent(values.line),
    plan: encodeURIComponent(values.plan),
    pid: encodeURIComponent(values.pid),
    location: encodeURIComponent(values.location),
    locationId: encodeURIComponent(template.locationIds[values.location] ?? values.location),
    currency: encodeURIComponent(values.currency),
    currencyId: encodeURIComponent(template.currencyIds[values.currency] ?? values.currency),
  };
  return template.template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    if (!(names as readonly string[]).includes(name))
      throw new Error(`Content error in plans: the order link ${template.template} names ${whole}, which is not one of {${names.join('}, {')}}`);
    return filled[name as (typeof names)[number]];
  });
}
