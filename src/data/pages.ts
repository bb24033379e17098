import { defineContent, z } from './define.ts';
import { withFromPrices } from './from-prices.ts';

const pageSchema = z.object({
  /** The route, as linked: "/", "/products". */
  path: z.string().regex(/^\/[a-z0-9-]*(\/[a-z0-9-]+)*$/),
  /** The page's <title> (the brand is appended) and its name in search results. */
  title: z.string().min(1).max(60),
  /**
   * Meta description, OpenGraph description and search-result text. `{from:<line id>}` is the
   * line's lowest price as sold (src/data/plans.ts), so a price published from the staff console
   * is true here too (docs/decisions.md 139).
   */
  description: z.string().min(50).max(160),
  /** The page's one h1. */
  heading: z.string().min(1),
  /** Search category shown beside a result. */
  category: z.enum(['hosting', 'vps', 'support', 'company']),
});

export type PageInfo = z.infer<typeof pageSchema>;

const pageList = defineContent('pages', z.array(pageSchema), [
  {
    path: '/',
    title: 'Game Server, VPS & Web Hosting in India',
    heading: 'Premium Game Server Hosting',
    category: 'hosting',
    description: 'Minecraft servers on AMD EPYC, Discord bot hosting, web hosting and VPS with NVMe storage, DDoS protection and instant setup.',
  },
  {
    path: '/products',
    title: 'Our Products',
    heading: 'Our Products',
    category: 'hosting',
    description: 'Every Hostfront plan in one place: Minecraft game servers, VPS and VDS solutions, and Discord bot hosting, with monthly prices.',
  },
  {
    path: '/control-panel',
    title: 'Control Panel',
    heading: 'Control Panel',
    category: 'support',
    description: 'Run your game server from the browser: power, players online, usage history, the live console, files, backups and schedules.',
  },
  {
    path: '/about',
    title: 'About Us',
    heading: 'About Hostfront',
    category: 'company',
    description: 'Founded in 2020 in Mumbai, India, Hostfront runs game servers, VPS and web hosting for thousands of customers around the world.',
  },
  {
    path: '/partners',
    title: 'Partners',
    heading: 'Our Partners',
    category: 'company',
    description: 'The hardware and security partners behind Hostfront, and how to become a Hostfront partner yourself.',
  },
  {
    path: '/knowledge',
    title: 'Knowledge Base',
    heading: 'Knowledge Base',
    category: 'support',
    description: 'Answers to common questions: getting started, Java vs Bedrock, plugins and mods, backups, payments, upgrades and world transfers.',
  },
  {
    path: '/contact',
    title: 'Contact Us',
    heading: 'Contact Us',
    category: 'support',
    description: 'Reach Hostfront support by message, e-mail or phone. We answer questions about plans, billing and your servers.',
  },
  {
    path: '/network-status',
    title: 'Network Status',
    heading: 'Network Status',
    category: 'support',
    description: 'Live status of the Hostfront network: every monitored server, its latency and its measured uptime over the last 90 days.',
  },
  {
    path: '/network-status/history',
    title: 'Incident History',
    heading: 'Incident History',
    category: 'support',
    description: 'Every incident and scheduled maintenance on the Hostfront network in the last 90 days, newest first, each with its full timeline.',
  },
  {
    path: '/minecraft-amd',
    title: 'Minecraft Hosting on AMD EPYC',
    heading: 'Minecraft Hosting on AMD EPYC',
    category: 'hosting',
    description: 'Lag-free Minecraft servers on AMD EPYC processors with NVMe storage, DDoS protection and instant setup, billed in rupees.',
  },
  {
    path: '/minecraft-intel',
    title: 'Minecraft Hosting on Intel Xeon',
    heading: 'Minecraft Hosting on Intel Xeon',
    category: 'hosting',
    description:
      'Affordable Minecraft servers on Intel Xeon from {from:minecraft-intel} a month, with a RAM calculator to pick the right plan for your players.',
  },
  {
    path: '/minecraft-tools',
    title: 'Minecraft Server Tools',
    heading: 'Minecraft Server Tools',
    category: 'support',
    description:
      'Connect to your Minecraft server to see who is online, its power state and its resource usage over the last day, and start, restart or stop it.',
  },
  {
    path: '/discord-bot',
    title: 'Discord Bot Hosting',
    heading: 'Discord Bot Hosting',
    category: 'hosting',
    description: 'Host your Discord bot 24/7 with 99.9% bot uptime, Node.js and Python support, and plans from {from:discord-bot} a month.',
  },
  {
    path: '/web-hosting',
    title: 'Web Hosting',
    heading: 'Web Hosting',
    category: 'hosting',
    description: 'Fast web hosting with NVMe storage, free SSL certificates and e-mail accounts, from {from:web-hosting} a month.',
  },
  {
    path: '/vps',
    title: 'VPS & VDS Hosting',
    heading: 'VPS & VDS Hosting',
    category: 'vps',
    description: 'Every virtual server line we sell, side by side: budget, panel, premium and Ryzen VPS, and ultra premium VDS.',
  },
  {
    path: '/budget-vps',
    title: 'Budget VPS',
    heading: 'Budget VPS',
    category: 'vps',
    description: 'Affordable KVM virtual private servers with NVMe storage, full root access and DDoS protection, from {from:budget-vps} a month.',
  },
  {
    path: '/panel-vps',
    title: 'Panel VPS',
    heading: 'Panel VPS',
    category: 'vps',
    description: 'Virtual servers with a game panel preinstalled: run several game servers on one VPS, from {from:panel-vps} a month.',
  },
  {
    path: '/premium-vps',
    title: 'Premium VPS',
    heading: 'Premium VPS',
    category: 'vps',
    description: 'High-performance VPS with dedicated resources, NVMe storage and priority support, from {from:premium-vps} a month.',
  },
  {
    path: '/ultra-premium-vds',
    title: 'Ultra Premium VDS',
    heading: 'Ultra Premium VDS',
    category: 'vps',
    description:
      'Virtual dedicated servers with dedicated cores, large memory and NVMe storage for the heaviest workloads, from {from:ultra-premium-vds} a month.',
  },
  {
    path: '/ryzen-vps',
    title: 'Ryzen VPS',
    heading: 'Ryzen VPS',
    category: 'vps',
    description: 'VPS on AMD Ryzen processors with high clock speeds for game servers and applications, from {from:ryzen-vps} a month.',
  },
  {
    path: '/storage-server',
    title: 'Storage Servers',
    heading: 'Storage Servers',
    category: 'hosting',
    description: 'Storage servers with 2 TB to 10 TB for backups, media and archives, with RAID protection, from {from:storage-server} a month.',
  },
  {
    path: '/legal',
    title: 'Legal',
    heading: 'Legal',
    category: 'company',
    description: 'Hostfront terms of service, privacy policy and refund policy, including the 7-day money-back guarantee.',
  },
  {
    path: '/careers',
    title: 'Careers',
    heading: 'Careers at Hostfront',
    category: 'company',
    description: 'Join the Hostfront team in Mumbai or remotely: open positions in support, systems engineering and development.',
  },
  {
    path: '/datacenters',
    title: 'Datacenters',
    heading: 'Our Datacenters',
    category: 'hosting',
    description: 'Hostfront datacenters in Mumbai, Singapore and Frankfurt with a 10 Gbps network, AMD EPYC 7763 and NVMe SSD.',
  },
  {
    path: '/ddos',
    title: 'DDoS Protection',
    heading: 'DDoS Protection',
    category: 'hosting',
    description: 'Always-on DDoS protection with up to 1 Tbps mitigation capacity, included with every Hostfront server.',
  },
  {
    path: '/hardware',
    title: 'Our Hardware',
    heading: 'Our Hardware',
    category: 'hosting',
    description: 'The hardware behind Hostfront: AMD EPYC 7763 and Intel Xeon processors, NVMe SSD storage and a 10 Gbps network.',
  },
  {
    path: '/security',
    title: 'Security',
    heading: 'Security',
    category: 'hosting',
    description: 'How Hostfront keeps your servers and data safe: DDoS protection, isolation, backups and round-the-clock monitoring.',
  },
]);

/** Every page with its prices filled in; a description the prices made too long fails the build. */
const filledPages: readonly PageInfo[] = pageList.map((p) => {
  const description = withFromPrices(p.description);
  if (description.length > 160)
    throw new Error(`Content error in pages: ${p.path}'s description is ${description.length} characters with its prices (at most 160)`);
  return { ...p, description };
});

/** Every page of the site, by path: titles, descriptions and headings live here, once. */
export const pages: ReadonlyMap<string, PageInfo> = new Map(filledPages.map((p) => [p.path, p]));
export const allPages: readonly PageInfo[] = filledPages;

export function pageInfo(path: string): PageInfo {
  const info = pages.get(path);
  if (!info) throw new Error(`No entry for ${path} in src/data/pages.ts`);
  return info;
}
