import type { Site } from '../data/site.ts';

/** schema.org Organization for every page. */
export function organizationJsonLd(site: Site): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: site.url,
    logo: new URL('/favicon.svg', site.url).href,
    foundingDate: String(site.foundedYear),
    email: site.contact.email,
    telephone: site.contact.phoneHref,
    address: { '@type': 'PostalAddress', addressLocality: site.contact.city, addressCountry: site.contact.country },
  };
}

/**
 * schema.org Product for a plan page: one Offer per plan, each with price and priceCurrency, and
 * the currency's tax line (docs/decisions.md 104) as a price specification that excludes tax.
 */
export function planLineJsonLd(
  line: { name: string; summary: string; route: string; currency: string; plans: readonly { name: string; price: number; storeUrl: string }[] },
  site: Pick<Site, 'name' | 'url'>,
  /** The currency's tax line from the catalog ("excl. 18% GST"), or '' for none. */
  taxLine: string,
): object {
  const prices = line.plans.map((p) => p.price);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${site.name} ${line.name}`,
    description: line.summary,
    url: new URL(line.route, site.url).href,
    brand: { '@type': 'Brand', name: site.name },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: line.currency,
      lowPrice: Math.min(...prices).toFixed(2),
      highPrice: Math.max(...prices).toFixed(2),
      offerCount: line.plans.length,
      offers: line.plans.map((plan) => ({
        '@type': 'Offer',
        name: plan.name,
        price: plan.price.toFixed(2),
        priceCurrency: line.currency,
        url: plan.storeUrl,
        availability: 'https://schema.org/InStock',
        ...(taxLine
          ? {
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price: plan.price.toFixed(2),
                priceCurrency: line.currency,
                valueAddedTaxIncluded: false,
                description: taxLine,
              },
            }
          : {}),
      })),
    },
  };
}
