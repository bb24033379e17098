import { iconNames } from '../lib/icon-names.ts';
import { currencies, type Currency } from '../lib/price.ts';
import { defineContent, z } from './define.ts';
import { checkLocationIds, checkSoldAt, soldAtMessages } from './sold-at.ts';
import { site } from './site.ts';

/**
 * Every plan line the provider sells (docs/decisions.md 7 and 15): one entry
 * per plan page, with its currency, button label and cards. A price changes here, once.
 */

/** The labels of the order buttons; each line has one (docs/decisions.md 15). */
const buttonLabels = ['Order Now', 'Deploy Bot', 'Get Started', 'Select Plan', 'Deploy Now'] as const;

/** What a spec line on a card describes; picks its icon. */
const specKinds = [
  'cpu',
  'ram',
  'disk',
  'ports',
  'backups',
  'bandwidth',
  'network',
  'protection',
  'support',
  'websites',
  'email',
  'servers',
  'database',
] as const;
export type SpecKind = (typeof specKinds)[number];

const specLine = z.object({
  /** What the line describes (CPU, RAM, disk, ports, backups…). */
  kind: z.enum(specKinds),
  /** The text on the card: "4 vCores @ 3.5 GHz", "8 GB DDR4 RAM". */
  value: z.string().min(1),
});

const planSchema = z.object({
  /** Unique within its line; part of the store link. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The card title. */
  name: z.string().min(1),
  /** Monthly price in the line's currency. */
  price: z.number().positive(),
  /** The specs listed on the card. */
  specs: z.array(specLine).min(2),
  /** Extra selling points under the specs. */
  features: z.array(z.string().min(1)).default([]),
  /** Visually emphasised, with a Most Popular badge (docs/decisions.md 15). */
  highlight: z.boolean().default(false),
  /** Carries the Recommended badge (Intel Pro). */
  recommended: z.boolean().default(false),
  /**
   * What a server of this plan takes on a node, in MiB, for stock (docs/decisions.md 101).
   * Unset: read from the RAM and disk specs ("8 GB DDR4 RAM", "50 GB NVMe SSD").
   */
  memoryMb: z.number().int().positive().optional(),
  diskMb: z.number().int().positive().optional(),
  /** The location ids (src/data/locations.ts) this plan is sold at. Unset: the line's. */
  locations: z
    .array(z.string().regex(/^[a-z0-9-]+$/, 'must be a location id (src/data/locations.ts)'))
    .min(1, soldAtMessages.none)
    .optional(),
  /** The plan's id in the billing portal (a WHMCS pid, a Paymenter product slug): `{pid}` in the line's order link. Unset: the plan's id. */
  billingId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .optional(),
  /** Kept in the catalog but not sold: left off every page (docs/decisions.md 96). */
  hidden: z.boolean().default(false),
});

/**
 * How a plan's order link is built (docs/decisions.md 104): a template with `{store}`, `{line}`,
 * `{plan}`, `{pid}`, `{location}`, `{locationId}`, `{currency}` and `{currencyId}`, each
 * URL-encoded. WHMCS: `https://billing.example.com/cart.php?a=add&pid={pid}&currency={currencyId}&configoption[7]={locationId}`;
 * Paymenter: `https://billing.example.com/products/{line}/{pid}?location={location}&currency={currency}`.
 */
const orderLinkSchema = z.object({
  template: z.string().regex(/^(\{store\}|https?:\/\/)\S*$/, 'must start with {store} or an http(s) URL, without spaces'),
  /** The billing portal's own id of each currency (WHMCS numbers its currencies): `{currencyId}`; unset: the code. */
  currencyIds: z.partialRecord(z.enum(currencies), z.string().min(1)).default({}),
  /** The billing portal's value of each location (a configurable option's id): `{locationId}`; unset: the location's id. */
  locationIds: z.record(z.string(), z.string().min(1)).default({}),
});
export type OrderLinkTemplate = z.infer<typeof orderLinkSchema>;

/** Today's store links, with the location and currency added: what a line without its own template uses. */
export const defaultOrderLink: OrderLinkTemplate = {
  template: '{store}/{line}/{plan}?location={location}&currency={currency}',
  currencyIds: {},
  locationIds: {},
};

export const lineSchema = z.object({
  /** The line's id; also its store folder. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Short name: "Budget VPS". */
  name: z.string().min(1),
  /** Its page. */
  route: z.string().regex(/^\/[a-z0-9-]+$/),
  /** Which products filter and overview it belongs to. */
  group: z.enum(['minecraft', 'bot', 'web', 'vps', 'storage']),
  currency: z.enum(currencies),
  /** The order button on every card of the page. */
  buttonLabel: z.enum(buttonLabels),
  icon: z.enum(iconNames),
  /** One sentence for overviews (the /vps page, products cards, search). */
  summary: z.string().min(20).max(160),
  /** Shown under the page heading. */
  intro: z.string().min(20),
  /** Short claims shown as chips under the intro. */
  highlights: z.array(z.string().min(1)).min(2).max(4),
  plans: z.array(planSchema).min(1),
  /** The location ids its plans are sold at unless a plan says otherwise. Unset: every location. */
  locations: z
    .array(z.string().regex(/^[a-z0-9-]+$/, 'must be a location id (src/data/locations.ts)'))
    .min(1, soldAtMessages.none)
    .optional(),
  /**
   * Where its stock comes from (docs/decisions.md 101): `capacity`, the game panel's free room
   * (the engine's nodes, or this machine); `manual`, in stock unless staff set otherwise.
   * Unset: `capacity` for the Minecraft and bot lines (the game panel provisions them), else `manual`.
   */
  stockSource: z.enum(['capacity', 'manual']).optional(),
  /** The order link of its plans; unset: `defaultOrderLink`. */
  orderLink: orderLinkSchema.optional(),
});

export type PlanSpec = z.infer<typeof specLine>;
export type Plan = z.infer<typeof planSchema> & { storeUrl: string };
export type PlanLine = Omit<z.infer<typeof lineSchema>, 'plans'> & { plans: Plan[] };

const vpsFeatures = ['Full root access', 'DDoS protection up to 1 Tbps', '10 Gbps network'];

const lineList = defineContent(
  'plans',
  z.array(lineSchema).superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      if (seen.has(line.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate line id "${line.id}"` });
      seen.add(line.id);
      if (line.plans.every((plan) => plan.hidden)) ctx.addIssue({ code: 'custom', path: [i, 'plans'], message: 'keep at least one plan shown' });
      checkSoldAt(line.locations, [i, 'locations'], ctx);
      checkLocationIds(line.orderLink?.locationIds, [i, 'orderLink', 'locationIds'], ctx);
      const ids = new Set<string>();
      line.plans.forEach((plan, j) => {
        checkSoldAt(plan.locations, [i, 'plans', j, 'locations'], ctx);
        if (ids.has(plan.id)) ctx.addIssue({ code: 'custom', path: [i, 'plans', j, 'id'], message: `duplicate plan id "${plan.id}" in ${line.id}` });
        ids.add(plan.id);
      });
    });
  }),
  [
    {
      id: 'minecraft-amd',
      name: 'Minecraft AMD',
      route: '/minecraft-amd',
      group: 'minecraft',
      currency: 'INR',
      buttonLabel: 'Order Now',
      icon: 'gamepad',
      summary: 'Lag-free Minecraft servers on AMD EPYC 7763 with NVMe storage and DDoS protection.',
      intro:
        'Our fastest Minecraft servers: AMD EPYC 7763 cores with high single-thread speed, NVMe SSD storage and always-on DDoS protection. Online in under 60 seconds.',
      highlights: ['AMD EPYC 7763', 'NVMe SSD', 'DDoS protection up to 1 Tbps', 'Setup in under 60 s'],
      plans: [
        {
          id: 'diamond',
          name: 'Diamond',
          price: 619,
          specs: [
            { kind: 'cpu', value: '2 vCores AMD EPYC 7763' },
            { kind: 'ram', value: '8 GB DDR4 RAM' },
            { kind: 'disk', value: '50 GB NVMe SSD' },
            { kind: 'ports', value: '2 extra ports' },
            { kind: 'backups', value: '3 backups' },
          ],
          features: ['Unlimited player slots', 'Java & Bedrock', 'Free subdomain'],
        },
        {
          id: 'obsidian',
          name: 'Obsidian',
          price: 1099,
          highlight: true,
          specs: [
            { kind: 'cpu', value: '4 vCores AMD EPYC 7763' },
            { kind: 'ram', value: '16 GB DDR4 RAM' },
            { kind: 'disk', value: '100 GB NVMe SSD' },
            { kind: 'ports', value: '4 extra ports' },
            { kind: 'backups', value: '5 backups' },
          ],
          features: ['Unlimited player slots', 'Java & Bedrock', 'Free subdomain', 'Priority support'],
        },
        {
          id: 'crystal',
          name: 'Crystal',
          price: 1999,
          specs: [
            { kind: 'cpu', value: '8 vCores AMD EPYC 7763' },
            { kind: 'ram', value: '32 GB DDR4 RAM' },
            { kind: 'disk', value: '200 GB NVMe SSD' },
            { kind: 'ports', value: '8 extra ports' },
            { kind: 'backups', value: '10 backups' },
          ],
          features: ['Unlimited player slots', 'Java & Bedrock', 'Free subdomain', 'Priority support', 'Dedicated IP on request'],
        },
      ],
    },
    {
      id: 'minecraft-intel',
      name: 'Minecraft Intel',
      route: '/minecraft-intel',
      group: 'minecraft',
      currency: 'INR',
      buttonLabel: 'Order Now',
      icon: 'gamepad',
      summary: 'Affordable Minecraft servers on Intel Xeon, from small survival worlds to busy networks.',
      intro:
        'Budget-friendly Minecraft hosting on Intel Xeon processors with NVMe storage. Eight plans from small survival worlds to busy networks, all with DDoS protection and instant setup.',
      highlights: ['Intel Xeon', 'NVMe SSD', 'DDoS protection', 'Setup in under 60 s'],
      plans: [
        {
          id: 'lite',
          name: 'Lite',
          price: 99,
          specs: [
            { kind: 'cpu', value: '1 vCore Intel Xeon' },
            { kind: 'ram', value: '2 GB RAM' },
            { kind: 'disk', value: '10 GB NVMe SSD' },
            { kind: 'ports', value: 'No extra ports' },
            { kind: 'backups', value: '1 backup' },
            { kind: 'support', value: 'Ticket support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
        {
          id: 'basic',
          name: 'Basic',
          price: 139,
          specs: [
            { kind: 'cpu', value: '1 vCore Intel Xeon' },
            { kind: 'ram', value: '3 GB RAM' },
            { kind: 'disk', value: '15 GB NVMe SSD' },
            { kind: 'ports', value: '1 extra port' },
            { kind: 'backups', value: '1 backup' },
            { kind: 'support', value: 'Ticket support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
        {
          id: 'plus',
          name: 'Plus',
          price: 179,
          specs: [
            { kind: 'cpu', value: '2 vCores Intel Xeon' },
            { kind: 'ram', value: '4 GB RAM' },
            { kind: 'disk', value: '20 GB NVMe SSD' },
            { kind: 'ports', value: '1 extra port' },
            { kind: 'backups', value: '2 backups' },
            { kind: 'support', value: 'Ticket support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
        {
          id: 'core',
          name: 'Core',
          price: 219,
          specs: [
            { kind: 'cpu', value: '2 vCores Intel Xeon' },
            { kind: 'ram', value: '5 GB RAM' },
            { kind: 'disk', value: '25 GB NVMe SSD' },
            { kind: 'ports', value: '2 extra ports' },
            { kind: 'backups', value: '2 backups' },
            { kind: 'support', value: 'Live chat support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
        {
          id: 'pro',
          name: 'Pro',
          price: 259,
          recommended: true,
          specs: [
            { kind: 'cpu', value: '3 vCores Intel Xeon' },
            { kind: 'ram', value: '6 GB RAM' },
            { kind: 'disk', value: '30 GB NVMe SSD' },
            { kind: 'ports', value: '2 extra ports' },
            { kind: 'backups', value: '3 backups' },
            { kind: 'support', value: 'Live chat support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
        {
          id: 'ultra',
          name: 'Ultra',
          price: 339,
          specs: [
            { kind: 'cpu', value: '3 vCores Intel Xeon' },
            { kind: 'ram', value: '8 GB RAM' },
            { kind: 'disk', value: '40 GB NVMe SSD' },
            { kind: 'ports', value: '3 extra ports' },
            { kind: 'backups', value: '3 backups' },
            { kind: 'support', value: 'Live chat support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
        {
          id: 'max',
          name: 'Max',
          price: 549,
          specs: [
            { kind: 'cpu', value: '4 vCores Intel Xeon' },
            { kind: 'ram', value: '12 GB RAM' },
            { kind: 'disk', value: '60 GB NVMe SSD' },
            { kind: 'ports', value: '4 extra ports' },
            { kind: 'backups', value: '5 backups' },
            { kind: 'support', value: 'Priority support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
        {
          id: 'prime',
          name: 'Prime',
          price: 669,
          specs: [
            { kind: 'cpu', value: '6 vCores Intel Xeon' },
            { kind: 'ram', value: '16 GB RAM' },
            { kind: 'disk', value: '80 GB NVMe SSD' },
            { kind: 'ports', value: '5 extra ports' },
            { kind: 'backups', value: '5 backups' },
            { kind: 'support', value: 'Priority support' },
          ],
          features: ['DDoS protection', 'Instant setup'],
        },
      ],
    },
    {
      id: 'discord-bot',
      name: 'Discord Bot Hosting',
      route: '/discord-bot',
      group: 'bot',
      currency: 'INR',
      buttonLabel: 'Deploy Bot',
      icon: 'bot',
      summary: 'Keep your Discord bot online around the clock with 99.9% bot uptime, from ₹10 a month.',
      intro: 'Run your Discord bot 24/7 on Node.js, Python or Java with 99.9% bot uptime, automatic restarts and a web console.',
      highlights: ['99.9% bot uptime', 'Node.js, Python & Java', 'Automatic restarts'],
      plans: [
        {
          id: 'starter',
          name: 'Starter',
          price: 10,
          specs: [
            { kind: 'cpu', value: '20% CPU' },
            { kind: 'ram', value: '124 MB RAM' },
            { kind: 'disk', value: '512 MB disk' },
          ],
          features: ['1 bot', 'Web console'],
        },
        {
          id: 'basic',
          name: 'Basic',
          price: 17,
          specs: [
            { kind: 'cpu', value: '30% CPU' },
            { kind: 'ram', value: '256 MB RAM' },
            { kind: 'disk', value: '1 GB disk' },
          ],
          features: ['1 bot', 'Web console'],
        },
        {
          id: 'standard',
          name: 'Standard',
          price: 34,
          specs: [
            { kind: 'cpu', value: '50% CPU' },
            { kind: 'ram', value: '512 MB RAM' },
            { kind: 'disk', value: '2 GB disk' },
            { kind: 'backups', value: '1 backup' },
          ],
          features: ['2 bots', 'Web console'],
        },
        {
          id: 'pro',
          name: 'Pro',
          price: 70,
          highlight: true,
          specs: [
            { kind: 'cpu', value: '100% CPU' },
            { kind: 'ram', value: '1 GB RAM' },
            { kind: 'disk', value: '5 GB disk' },
            { kind: 'backups', value: '2 backups' },
            { kind: 'database', value: '1 MySQL database' },
          ],
          features: ['3 bots', 'Web console', 'Priority support'],
        },
        {
          id: 'advanced',
          name: 'Advanced',
          price: 140,
          specs: [
            { kind: 'cpu', value: '150% CPU' },
            { kind: 'ram', value: '2 GB RAM' },
            { kind: 'disk', value: '10 GB disk' },
            { kind: 'backups', value: '3 backups' },
            { kind: 'database', value: '2 MySQL databases' },
          ],
          features: ['5 bots', 'Web console', 'Priority support'],
        },
        {
          id: 'ultimate',
          name: 'Ultimate',
          price: 260,
          specs: [
            { kind: 'cpu', value: '200% CPU' },
            { kind: 'ram', value: '4 GB RAM' },
            { kind: 'disk', value: '20 GB disk' },
            { kind: 'backups', value: '5 backups' },
            { kind: 'database', value: '5 MySQL databases' },
          ],
          features: ['10 bots', 'Web console', 'Priority support'],
        },
      ],
    },
    {
      id: 'web-hosting',
      name: 'Web Hosting',
      route: '/web-hosting',
      group: 'web',
      currency: 'USD',
      buttonLabel: 'Get Started',
      icon: 'globe',
      summary: 'Fast web hosting with NVMe storage, free SSL certificates and e-mail accounts.',
      intro: 'Host your websites on NVMe storage with free SSL certificates, e-mail accounts, one-click installs and daily backups.',
      highlights: ['Free SSL', 'NVMe SSD', 'One-click WordPress'],
      plans: [
        {
          id: 'starter',
          name: 'Starter',
          price: 2.99,
          specs: [
            { kind: 'websites', value: '1 website' },
            { kind: 'disk', value: '10 GB NVMe SSD' },
            { kind: 'email', value: '5 e-mail accounts' },
            { kind: 'database', value: '2 databases' },
            { kind: 'bandwidth', value: '100 GB bandwidth' },
          ],
          features: ['Free SSL certificate', 'Weekly backups'],
        },
        {
          id: 'business',
          name: 'Business',
          price: 5.99,
          highlight: true,
          specs: [
            { kind: 'websites', value: '10 websites' },
            { kind: 'disk', value: '50 GB NVMe SSD' },
            { kind: 'email', value: '50 e-mail accounts' },
            { kind: 'database', value: '20 databases' },
            { kind: 'bandwidth', value: 'Unmetered bandwidth' },
          ],
          features: ['Free SSL certificates', 'Daily backups', 'Free domain for a year'],
        },
        {
          id: 'pro',
          name: 'Pro',
          price: 12.99,
          specs: [
            { kind: 'websites', value: 'Unlimited websites' },
            { kind: 'disk', value: '150 GB NVMe SSD' },
            { kind: 'email', value: 'Unlimited e-mail accounts' },
            { kind: 'database', value: 'Unlimited databases' },
            { kind: 'bandwidth', value: 'Unmetered bandwidth' },
          ],
          features: ['Free SSL certificates', 'Daily backups', 'Free domain for a year', 'Priority support'],
        },
      ],
    },
    {
      id: 'budget-vps',
      name: 'Budget VPS',
      route: '/budget-vps',
      group: 'vps',
      currency: 'USD',
      buttonLabel: 'Order Now',
      icon: 'server',
      summary: 'Affordable KVM virtual servers with NVMe storage and full root access.',
      intro: 'KVM virtual private servers for side projects, small sites and test environments, with NVMe storage and full root access.',
      highlights: ['KVM virtualisation', 'Full root access', 'NVMe SSD'],
      plans: [
        {
          id: 'vps-1',
          name: 'Budget VPS 1',
          price: 4.99,
          specs: [
            { kind: 'cpu', value: '1 vCPU' },
            { kind: 'ram', value: '2 GB RAM' },
            { kind: 'disk', value: '30 GB NVMe SSD' },
            { kind: 'bandwidth', value: '1 TB bandwidth' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'vps-2',
          name: 'Budget VPS 2',
          price: 9.99,
          specs: [
            { kind: 'cpu', value: '2 vCPU' },
            { kind: 'ram', value: '4 GB RAM' },
            { kind: 'disk', value: '60 GB NVMe SSD' },
            { kind: 'bandwidth', value: '2 TB bandwidth' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'vps-3',
          name: 'Budget VPS 3',
          price: 19.99,
          specs: [
            { kind: 'cpu', value: '4 vCPU' },
            { kind: 'ram', value: '8 GB RAM' },
            { kind: 'disk', value: '120 GB NVMe SSD' },
            { kind: 'bandwidth', value: '4 TB bandwidth' },
          ],
          features: vpsFeatures,
        },
      ],
    },
    {
      id: 'panel-vps',
      name: 'Panel VPS',
      route: '/panel-vps',
      group: 'vps',
      currency: 'USD',
      buttonLabel: 'Select Plan',
      icon: 'layers',
      summary: 'Virtual servers with a game panel preinstalled to run several game servers on one VPS.',
      intro: 'A VPS with the Pterodactyl game panel installed and ready: create and manage several game servers from one dashboard.',
      highlights: ['Pterodactyl preinstalled', 'Several game servers', 'NVMe SSD'],
      plans: [
        {
          id: 'panel-1',
          name: 'Panel VPS 1',
          price: 14.99,
          specs: [
            { kind: 'cpu', value: '2 vCPU' },
            { kind: 'ram', value: '4 GB RAM' },
            { kind: 'disk', value: '50 GB NVMe SSD' },
            { kind: 'servers', value: 'Up to 3 game servers' },
          ],
          features: ['Game panel preinstalled', 'DDoS protection', 'Full root access'],
        },
        {
          id: 'panel-2',
          name: 'Panel VPS 2',
          price: 24.99,
          specs: [
            { kind: 'cpu', value: '4 vCPU' },
            { kind: 'ram', value: '8 GB RAM' },
            { kind: 'disk', value: '100 GB NVMe SSD' },
            { kind: 'servers', value: 'Up to 6 game servers' },
          ],
          features: ['Game panel preinstalled', 'DDoS protection', 'Full root access'],
        },
        {
          id: 'panel-3',
          name: 'Panel VPS 3',
          price: 44.99,
          specs: [
            { kind: 'cpu', value: '6 vCPU' },
            { kind: 'ram', value: '16 GB RAM' },
            { kind: 'disk', value: '200 GB NVMe SSD' },
            { kind: 'servers', value: 'Unlimited game servers' },
          ],
          features: ['Game panel preinstalled', 'DDoS protection', 'Full root access', 'Priority support'],
        },
      ],
    },
    {
      id: 'ryzen-vps',
      name: 'Ryzen VPS',
      route: '/ryzen-vps',
      group: 'vps',
      currency: 'USD',
      buttonLabel: 'Order Now',
      icon: 'cpu',
      summary: 'VPS on AMD Ryzen 9 with high clock speeds for game servers and applications.',
      intro: 'AMD Ryzen 9 7950X cores boosting to 5.7 GHz: the single-thread speed game servers and build pipelines love, on NVMe storage.',
      highlights: ['Ryzen 9 7950X', 'Up to 5.7 GHz', 'DDR5 memory'],
      plans: [
        {
          id: 'ryzen-1',
          name: 'Ryzen VPS 1',
          price: 29.99,
          specs: [
            { kind: 'cpu', value: '2 vCPU Ryzen 9 7950X' },
            { kind: 'ram', value: '8 GB DDR5 RAM' },
            { kind: 'disk', value: '100 GB NVMe SSD' },
            { kind: 'bandwidth', value: '3 TB bandwidth' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'ryzen-2',
          name: 'Ryzen VPS 2',
          price: 49.99,
          specs: [
            { kind: 'cpu', value: '4 vCPU Ryzen 9 7950X' },
            { kind: 'ram', value: '16 GB DDR5 RAM' },
            { kind: 'disk', value: '200 GB NVMe SSD' },
            { kind: 'bandwidth', value: '6 TB bandwidth' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'ryzen-3',
          name: 'Ryzen VPS 3',
          price: 89.99,
          specs: [
            { kind: 'cpu', value: '8 vCPU Ryzen 9 7950X' },
            { kind: 'ram', value: '32 GB DDR5 RAM' },
            { kind: 'disk', value: '400 GB NVMe SSD' },
            { kind: 'bandwidth', value: '10 TB bandwidth' },
          ],
          features: vpsFeatures,
        },
      ],
    },
    {
      id: 'premium-vps',
      name: 'Premium VPS',
      route: '/premium-vps',
      group: 'vps',
      currency: 'USD',
      buttonLabel: 'Order Now',
      icon: 'rocket',
      summary: 'High-performance VPS with dedicated resources, NVMe storage and priority support.',
      intro: 'Dedicated vCPU threads, generous memory and NVMe storage for production applications, databases and busy game servers.',
      highlights: ['Dedicated vCPU', 'Priority support', 'Daily backups'],
      plans: [
        {
          id: 'premium-1',
          name: 'Premium VPS 1',
          price: 49.99,
          specs: [
            { kind: 'cpu', value: '4 dedicated vCPU' },
            { kind: 'ram', value: '16 GB RAM' },
            { kind: 'disk', value: '200 GB NVMe SSD' },
            { kind: 'bandwidth', value: '5 TB bandwidth' },
            { kind: 'backups', value: 'Daily backups' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'premium-2',
          name: 'Premium VPS 2',
          price: 89.99,
          specs: [
            { kind: 'cpu', value: '8 dedicated vCPU' },
            { kind: 'ram', value: '32 GB RAM' },
            { kind: 'disk', value: '400 GB NVMe SSD' },
            { kind: 'bandwidth', value: '10 TB bandwidth' },
            { kind: 'backups', value: 'Daily backups' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'premium-3',
          name: 'Premium VPS 3',
          price: 149.99,
          specs: [
            { kind: 'cpu', value: '12 dedicated vCPU' },
            { kind: 'ram', value: '64 GB RAM' },
            { kind: 'disk', value: '800 GB NVMe SSD' },
            { kind: 'bandwidth', value: 'Unmetered bandwidth' },
            { kind: 'backups', value: 'Daily backups' },
          ],
          features: vpsFeatures,
        },
      ],
    },
    {
      id: 'ultra-premium-vds',
      name: 'Ultra Premium VDS',
      route: '/ultra-premium-vds',
      group: 'vps',
      currency: 'USD',
      buttonLabel: 'Deploy Now',
      icon: 'gauge',
      summary: 'Virtual dedicated servers with dedicated AMD EPYC cores for the heaviest workloads.',
      intro: 'Virtual dedicated servers: physical AMD EPYC 7763 cores reserved for you, large memory and NVMe storage, without the wait for bare metal.',
      highlights: ['Dedicated EPYC cores', 'Up to 256 GB RAM', '10 Gbps network'],
      plans: [
        {
          id: 'vds-1',
          name: 'VDS 1',
          price: 199.99,
          specs: [
            { kind: 'cpu', value: '8 dedicated cores AMD EPYC 7763' },
            { kind: 'ram', value: '64 GB RAM' },
            { kind: 'disk', value: '1 TB NVMe SSD' },
            { kind: 'network', value: '10 Gbps port' },
            { kind: 'backups', value: 'Daily backups' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'vds-2',
          name: 'VDS 2',
          price: 299.99,
          specs: [
            { kind: 'cpu', value: '16 dedicated cores AMD EPYC 7763' },
            { kind: 'ram', value: '128 GB RAM' },
            { kind: 'disk', value: '2 TB NVMe SSD' },
            { kind: 'network', value: '10 Gbps port' },
            { kind: 'backups', value: 'Daily backups' },
          ],
          features: vpsFeatures,
        },
        {
          id: 'vds-3',
          name: 'VDS 3',
          price: 499.99,
          specs: [
            { kind: 'cpu', value: '32 dedicated cores AMD EPYC 7763' },
            { kind: 'ram', value: '256 GB RAM' },
            { kind: 'disk', value: '4 TB NVMe SSD' },
            { kind: 'network', value: '10 Gbps port' },
            { kind: 'backups', value: 'Daily backups' },
          ],
          features: vpsFeatures,
        },
      ],
    },
    {
      id: 'storage-server',
      name: 'Storage Servers',
      route: '/storage-server',
      group: 'storage',
      currency: 'GBP',
      buttonLabel: 'Select Plan',
      icon: 'database',
      summary: 'Storage servers with 2 TB to 10 TB for backups, media and archives, with RAID protection.',
      intro: 'Large, RAID-protected storage for off-site backups, media libraries and archives, reachable over SFTP, rsync, NFS and S3-compatible tools.',
      highlights: ['RAID protected', 'SFTP, rsync & NFS', '10 Gbps network'],
      plans: [
        {
          id: 'storage-2tb',
          name: 'Storage 2TB',
          price: 29.99,
          specs: [
            { kind: 'disk', value: '2 TB storage (RAID 10)' },
            { kind: 'cpu', value: '2 vCPU' },
            { kind: 'ram', value: '4 GB RAM' },
            { kind: 'bandwidth', value: '10 TB bandwidth' },
          ],
          features: ['SFTP, rsync & NFS', 'Snapshot backups'],
        },
        {
          id: 'storage-5tb',
          name: 'Storage 5TB',
          price: 59.99,
          specs: [
            { kind: 'disk', value: '5 TB storage (RAID 10)' },
            { kind: 'cpu', value: '4 vCPU' },
            { kind: 'ram', value: '8 GB RAM' },
            { kind: 'bandwidth', value: '20 TB bandwidth' },
          ],
          features: ['SFTP, rsync & NFS', 'Snapshot backups'],
        },
        {
          id: 'storage-10tb',
          name: 'Storage 10TB',
          price: 99.99,
          specs: [
            { kind: 'disk', value: '10 TB storage (RAID 10)' },
            { kind: 'cpu', value: '4 vCPU' },
            { kind: 'ram', value: '16 GB RAM' },
            { kind: 'bandwidth', value: 'Unmetered bandwidth' },
          ],
          features: ['SFTP, rsync & NFS', 'Snapshot backups', 'Priority support'],
        },
      ],
    },
  ],
);

/**
 * The tax line beside a price in each currency (docs/decisions.md 104): shown on plan cards and
 * given to structured data. Empty: nothing is said (prices shown as they are paid).
 */
export const taxLines: Readonly<Record<Currency, string>> = defineContent(
  'plans.taxLines',
  z.object({ INR: z.string().max(40).default('excl. 18% GST'), USD: z.string().max(40).default(''), GBP: z.string().max(40).default('excl. VAT') }),
  // Written out, so the staff console's Catalog shows each currency's line as it is (docs/decisions.md 137).
  { INR: 'excl. 18% GST', USD: '', GBP: 'excl. VAT' },
);

/** The store page of one plan. */
export function storeUrl(...segments: string[]): string {
  return `${site.store.replace(/\/$/, '')}/${segments.join('/')}`;
}

/** Every plan line, in menu order, each plan with its store link. */
export const planLines: readonly PlanLine[] = lineList.map((line) => ({
  ...line,
  plans: line.plans.filter((plan) => !plan.hidden).map((plan) => ({ ...plan, storeUrl: storeUrl(line.id, plan.id) })),
}));

export function planLine(id: string): PlanLine {
  const line = planLines.find((l) => l.id === id);
  if (!line) throw new Error(`No plan line "${id}" in src/data/plans.ts`);
  return line;
}

/** A plan's RAM in GB, read from its RAM spec ("32 GB DDR4 RAM"); a plan without one fails the build. */
function ramGbOf(line: PlanLine, plan: PlanLine['plans'][number]): number {
  const ram = plan.specs.find((s) => s.kind === 'ram');
  const gb = ram && /^(\d+(?:\.\d+)?) GB\b/.exec(ram.value);
  if (!gb) throw new Error(`Content error in plans: ${line.id}.${plan.id} has no RAM spec in GB, so the RAM calculator cannot weigh it`);
  return Number(gb[1]);
}

/**
 * Every Minecraft plan sold, with its RAM, for the RAM calculator's suggestion (docs/decisions.md
 * 23): the Intel line first (the calculator's page, so it wins a tie), then AMD, which sells the
 * largest.
 */
export const minecraftPlanRam: readonly {
  id: string;
  name: string;
  lineId: string;
  lineName: string;
  route: string;
  ramGb: number;
  price: number;
  currency: Currency;
}[] = ['minecraft-intel', 'minecraft-amd'].flatMap((id) => {
  const line = planLine(id);
  return line.plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    lineId: line.id,
    lineName: line.name,
    route: line.route,
    ramGb: ramGbOf(line, plan),
    price: plan.price,
    currency: line.currency,
  }));
});

/** The cheapest monthly price of a line ("from" prices). */
export function fromPrice(line: PlanLine): number {
  return Math.min(...line.plans.map((p) => p.price));
}

/** The VPS and VDS lines (the /vps overview and the products page's VPS Solutions filter). */
export const vpsLines: readonly PlanLine[] = planLines.filter((l) => l.group === 'vps');

// ——— The products page (docs/decisions.md 17) ———

/** Products filter categories: Game Servers, VPS Solutions, Other Services. */
export const productCategories = ['game', 'vps', 'other'] as const;
export type ProductCategory = (typeof productCategories)[number];

const productSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  category: z.enum(productCategories),
  icon: z.enum(iconNames),
  description: z.string().min(1),
  price: z.number().positive(),
  currency: z.enum(currencies).default('INR'),
  /** Whether the price is the cheapest of several plans ("From …"). */
  fromPrice: z.boolean().default(false),
  /** The specs listed on the card, as on a plan's card. */
  specs: z.array(specLine).min(2),
  features: z.array(z.string().min(1)).default([]),
  /** View Plans: the store page (an absolute URL). */
  path: z.url(),
  recommended: z.boolean().default(false),
  /** Popular Plugins list (Minecraft plans). */
  plugins: z.array(z.string().min(1)).default([]),
  /** Included Tools list. */
  tools: z.array(z.string().min(1)).default([]),
});

export type Product = z.infer<typeof productSchema>;

const fixedProducts = defineContent('plans.products', z.array(productSchema), [
  {
    id: 'minecraft-premium',
    name: 'Minecraft Premium',
    category: 'game',
    icon: 'gamepad',
    description: 'Premium Minecraft hosting on AMD EPYC for smooth survival worlds and modded packs.',
    price: 129,
    specs: [
      { kind: 'cpu', value: '2 vCores AMD EPYC' },
      { kind: 'ram', value: '2GB RAM' },
      { kind: 'disk', value: '12GB NVMe' },
      { kind: 'bandwidth', value: 'Unmetered bandwidth' },
      { kind: 'protection', value: 'DDoS protection' },
      { kind: 'support', value: 'Chat and e-mail support' },
    ],
    features: ['Instant setup', 'Free subdomain', 'Java & Bedrock'],
    path: storeUrl('minecraft', 'premium'),
    recommended: true,
    plugins: ['EssentialsX', 'LuckPerms', 'WorldEdit', 'Geyser'],
    tools: ['Control panel', 'File manager', 'Backups', 'Live console'],
  },
  {
    id: 'minecraft-budget',
    name: 'Minecraft Budget',
    category: 'game',
    icon: 'boxes',
    description: 'Affordable Minecraft hosting on Intel Xeon for small groups of friends.',
    price: 99,
    specs: [
      { kind: 'cpu', value: '1 vCore Intel Xeon' },
      { kind: 'ram', value: '2GB RAM' },
      { kind: 'disk', value: '10GB NVMe' },
      { kind: 'bandwidth', value: 'Unmetered bandwidth' },
      { kind: 'protection', value: 'DDoS protection' },
      { kind: 'support', value: 'Chat and e-mail support' },
    ],
    features: ['Instant setup', 'Free subdomain'],
    path: storeUrl('minecraft', 'budget'),
    plugins: ['EssentialsX', 'LuckPerms', 'Vault'],
    tools: ['Control panel', 'File manager', 'Live console'],
  },
  {
    id: 'bot-hosting',
    name: 'Bot Hosting',
    category: 'other',
    icon: 'bot',
    description: 'Keep your Discord bot online 24/7 with 99.9% bot uptime.',
    price: 10,
    specs: [
      { kind: 'cpu', value: '20% CPU' },
      { kind: 'ram', value: '124 MB RAM' },
      { kind: 'disk', value: '512 MB disk' },
      { kind: 'protection', value: 'DDoS protection' },
      { kind: 'support', value: 'Chat and e-mail support' },
    ],
    features: ['Node.js, Python & Java', 'Automatic restarts'],
    path: storeUrl('discord-bot', 'starter'),
    tools: ['Web console', 'File manager', 'Git deploy'],
  },
]);

/** A VPS/VDS line as a products card: its cheapest plan's price and specs. */
function lineProduct(line: PlanLine): Product {
  const cheapest = line.plans.reduce((a, b) => (b.price < a.price ? b : a));
  const spec = (kind: SpecKind) => cheapest.specs.filter((s) => s.kind === kind).slice(0, 1);
  return {
    id: line.id,
    name: line.name,
    category: 'vps',
    icon: line.icon,
    description: line.summary,
    price: cheapest.price,
    currency: line.currency,
    fromPrice: true,
    specs: [
      ...spec('cpu'),
      ...spec('ram'),
      ...spec('disk'),
      ...(spec('bandwidth').length ? spec('bandwidth') : spec('network')),
      { kind: 'protection', value: 'DDoS protection' },
      { kind: 'support', value: 'Chat and e-mail support' },
    ],
    features: [],
    path: storeUrl(line.id),
    recommended: false,
    plugins: [],
    tools: [],
  };
}

/** Every plan on the products page: the Minecraft plans, then the VPS and VDS lines, then the bot plan. */
export const products: readonly Product[] = [
  ...fixedProducts.filter((p) => p.category === 'game'),
  ...vpsLines.map(lineProduct),
  ...fixedProducts.filter((p) => p.category !== 'game'),
];
