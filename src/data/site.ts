import { brandName } from '../../contracts/brand.ts';
import { defineContent, href, link, z } from './define.ts';

const siteSchema = z.object({
  /** The brand as shown in the header, titles and footer. */
  name: z.string().min(1),
  /** The canonical origin of the public site (for canonical links, the sitemap, OpenGraph). */
  url: z.url(),
  tagline: z.string().min(1),
  /** Default meta description for pages that do not set their own. */
  description: z.string().min(1).max(160),
  foundedYear: z.number().int(),
  contact: z.object({
    phone: z.string().min(1),
    /** The phone number in E.164 form, for tel: links. */
    phoneHref: z.string().regex(/^\+\d+$/),
    email: z.email(),
    city: z.string().min(1),
    country: z.string().min(1),
  }),
  /**
   * The external customer portal: the header's Register (desktop and mobile); its login is where
   * the sign-in page sends customers when this site offers no sign-in of its own.
   */
  portal: z.object({ register: z.url(), login: z.url() }),
  /** The external store: every order and View Plans button goes to a page under this base. */
  store: z.url(),
  /** Header navigation; `mobileOnly` entries show only in the mobile menu. */
  nav: z.array(link.extend({ mobileOnly: z.boolean().default(false) })).min(1),
  /** Footer link columns. */
  footer: z.array(z.object({ title: z.string().min(1), links: z.array(link).min(1) })).min(1),
  /** The footer's link that reopens the cookie choices (the banner opens on it, src/lib/consent.ts). */
  cookieSettingsLabel: z.string().min(1),
  /** Certified partners logo row. */
  partnerLogos: z.array(z.object({ name: z.string().min(1), src: href })).min(1),
  /** Accepted payment methods. */
  paymentLogos: z.array(z.object({ name: z.string().min(1), src: href })).min(1),
});

export type Site = z.infer<typeof siteSchema>;

export const site: Site = defineContent('site', siteSchema, {
  name: brandName,
  url: 'https://www.hostfront.in',
  tagline: 'Game servers, bots, web and VPS hosting from Mumbai',
  description:
    'Minecraft servers on AMD EPYC and Intel Xeon, Discord bot hosting, web hosting, VPS and storage servers with NVMe, DDoS protection and real-person support.',
  foundedYear: 2020,
  contact: {
    phone: '+91 22 4890 2020',
    phoneHref: '+912248902020',
    email: 'support@hostfront.in',
    city: 'Mumbai',
    country: 'India',
  },
  portal: {
    register: 'https://billing.hostfront.in/register',
    login: 'https://billing.hostfront.in/login',
  },
  store: 'https://billing.hostfront.in/store',
  nav: [
    { label: 'Home', href: '/' },
    { label: 'Products', href: '/products' },
    { label: 'About', href: '/about' },
    { label: 'Contact', href: '/contact' },
    { label: 'Control Panel', href: '/control-panel' },
  ],
  footer: [
    {
      title: 'Hosting',
      links: [
        { label: 'Minecraft AMD', href: '/minecraft-amd' },
        { label: 'Minecraft Intel', href: '/minecraft-intel' },
        { label: 'Discord Bot Hosting', href: '/discord-bot' },
        { label: 'Web Hosting', href: '/web-hosting' },
        { label: 'Budget VPS', href: '/budget-vps' },
      ],
    },
    {
      title: 'Infrastructure',
      links: [
        { label: 'Datacenters', href: '/datacenters' },
        { label: 'DDoS Protection', href: '/ddos' },
        { label: 'Hardware', href: '/hardware' },
        { label: 'Security', href: '/security' },
        { label: 'Network Status', href: '/network-status' },
      ],
    },
    {
      title: 'Company',
      links: [
        { label: 'About Us', href: '/about' },
        { label: 'Control Panel', href: '/control-panel' },
        { label: 'Partners', href: '/partners' },
        { label: 'Knowledge Base', href: '/knowledge' },
        { label: 'Contact', href: '/contact' },
        { label: 'Legal', href: '/legal' },
      ],
    },
  ],
  cookieSettingsLabel: 'Cookie settings',
  partnerLogos: [
    { name: 'AMD', src: '/logos/amd.svg' },
    { name: 'Intel', src: '/logos/intel.svg' },
    { name: 'Cloudflare', src: '/logos/cloudflare.svg' },
    { name: 'Pterodactyl', src: '/logos/pterodactyl.svg' },
  ],
  paymentLogos: [
    { name: 'Visa', src: '/logos/visa.svg' },
    { name: 'Mastercard', src: '/logos/mastercard.svg' },
    { name: 'PayPal', src: '/logos/paypal.svg' },
    { name: 'Google Pay', src: '/logos/google-pay.svg' },
    { name: 'UPI', src: '/logos/upi.svg' },
  ],
});
