import { defineContent, z } from './define.ts';
import { withFromPrices } from './from-prices.ts';

const partnersSchema = z.object({
  /** Technology partners, each with what they bring to customers. */
  partners: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        name: z.string().min(1),
        kind: z.enum(['Hardware', 'Security & CDN']),
        logo: z.string().regex(/^\//),
        description: z.string().min(20),
        benefits: z.array(z.string().min(3)).min(2),
      }),
    )
    .length(3),
  /** Why partner with us. */
  benefits: z
    .array(
      z.object({
        title: z.string().min(1),
        icon: z.enum(['handshake', 'trending-up', 'headphones', 'percent', 'megaphone', 'code']),
        description: z.string().min(10),
      }),
    )
    .length(6),
  becomePartner: z.object({ title: z.string().min(1), text: z.string().min(10) }),
});

export type Partners = z.infer<typeof partnersSchema>;

/** Partners (/partners): two hardware partners, one security/CDN partner, six benefits. */
const written: Partners = defineContent('partners', partnersSchema, {
  partners: [
    {
      id: 'amd',
      name: 'AMD',
      kind: 'Hardware',
      logo: '/logos/amd.svg',
      description: 'AMD EPYC 7763 processors power our game servers and VPS with 64 cores per socket and high boost clocks.',
      benefits: ['High single-thread performance for Minecraft', 'Large L3 cache for fewer lag spikes', 'PCIe 4.0 for fast NVMe storage'],
    },
    {
      id: 'intel',
      name: 'Intel',
      kind: 'Hardware',
      logo: '/logos/intel.svg',
      description: 'Intel Xeon servers run our budget Minecraft line, giving smaller communities solid performance at a low price.',
      benefits: ['Proven stability for 24/7 workloads', 'Affordable plans from {from:minecraft-intel} a month', 'ECC memory on every node'],
    },
    {
      id: 'cloudflare',
      name: 'Cloudflare',
      kind: 'Security & CDN',
      logo: '/logos/cloudflare.svg',
      description: 'Cloudflare’s global network protects and accelerates our websites, with edge filtering against attacks.',
      benefits: ['DDoS mitigation at the network edge', 'Global CDN for fast page loads', 'Free SSL certificates for web hosting'],
    },
  ],
  benefits: [
    { title: 'Revenue Sharing', icon: 'percent', description: 'Earn a recurring commission on every customer you refer.' },
    { title: 'Co-Marketing', icon: 'megaphone', description: 'Joint campaigns, case studies and a place on our partners page.' },
    { title: 'Priority Support', icon: 'headphones', description: 'A dedicated partner manager and a direct line to our engineers.' },
    { title: 'Growth Together', icon: 'trending-up', description: 'Volume pricing that improves as your customer base grows.' },
    { title: 'Technical Integration', icon: 'code', description: 'API access and white-label options for your own platform.' },
    { title: 'Long-Term Relationship', icon: 'handshake', description: 'Transparent terms and a partnership built to last.' },
  ],
  becomePartner: {
    title: 'Become a Partner',
    text: 'Hardware vendor, reseller, content creator or agency? Let’s talk about how we can grow together.',
  },
});

/** The partners as shown: a benefit's `{from:<line id>}` is the line's lowest price (docs/decisions.md 139). */
export const partners: Partners = {
  ...written,
  partners: written.partners.map((p) => ({ ...p, benefits: p.benefits.map(withFromPrices) })),
};
