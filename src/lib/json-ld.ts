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
