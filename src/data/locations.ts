import { defineContent, z } from './define.ts';

/** A latency endpoint: a site path, or an https URL on another origin. */
export const pingUrl = z.string().regex(/^(\/[^\s]*|https:\/\/\S+)$/, 'must be a site path (/…) or an https URL');

const locationSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The card title: "Delhi NCR". */
  name: z.string().min(1),
  city: z.string().min(1),
  country: z.string().min(1),
  /** ISO 3166-1 alpha-2, upper case; the flag is derived from it. */
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter upper-case country code'),
  /** Typical ping from our visitors, in ms. */
  ping: z.number().int().min(0),
  /** The hardware and network lines on the card. */
  processor: z.string().min(1),
  network: z.string().min(1),
  /**
   * The origin of this location's probe agent's ping endpoint, known at build: added to the CSP's
   * connect-src (STATUS_PING_ORIGINS does the same at run time). The page times the agent at the
   * address the agent itself reports (docs/decisions.md 35, 48), and nothing without one.
   */
  pingUrl: pingUrl.optional(),
});

export type Location = z.infer<typeof locationSchema>;

/** The home page's Global Infrastructure cards; the ping's colour: docs/decisions.md 20. */
export const locations: readonly Location[] = defineContent('locations', z.array(locationSchema).min(1), [
  {
    id: 'delhi-ncr',
    name: 'Delhi NCR',
    city: 'Delhi NCR',
    country: 'India',
    countryCode: 'IN',
    ping: 42,
    processor: 'AMD EPYC 7763',
    network: '10 Gbps Network',
  },
  {
    id: 'singapore',
    name: 'Singapore',
    city: 'Singapore',
    country: 'Singapore',
    countryCode: 'SG',
    ping: 83,
    processor: 'AMD EPYC 7763',
    network: '10 Gbps Network',
  },
  {
    id: 'frankfurt',
    name: 'Frankfurt',
    city: 'Frankfurt',
    country: 'Germany',
    countryCode: 'DE',
    ping: 126,
    processor: 'AMD EPYC 7763',
    network: '10 Gbps Network',
  },
]);

/** The words of the "Your latency" line on location cards (home and /datacenters). */
export const visitorLatencyCopy = {
  label: 'Your latency',
  measuring: 'measuring…',
  lowest: 'Lowest from you',
} as const;
