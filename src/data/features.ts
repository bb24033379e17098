import { iconNames } from '../lib/icon-names.ts';
import { defineContent, z } from './define.ts';

const featureSchema = z.object({
  icon: z.enum(iconNames),
  title: z.string().min(1),
  text: z.string().min(10),
});

export type Feature = z.infer<typeof featureSchema>;

const claimSchema = z.object({ icon: z.enum(iconNames), label: z.string().min(1) });
export type Claim = z.infer<typeof claimSchema>;

const featuresSchema = z.object({
  /** The review badge in the home hero. */
  reviews: z.object({ count: z.number().int().positive(), rating: z.string().min(1), stars: z.number().int().min(1).max(5) }),
  /** The claims under the hero buttons. */
  heroClaims: z.array(claimSchema).min(3),
  /** Home: the four feature tiles. */
  homeTiles: z.array(featureSchema).length(4),
  /** Home: Why Choose Us. */
  whyChooseUs: z.array(featureSchema).length(3),
  /** Products page: three feature tiles. */
  productTiles: z.array(featureSchema).length(3),
  /** The three feature cards of each plan page that has them, by plan line id. */
  planLines: z.record(z.string(), z.array(featureSchema).length(3)),
  /** Home: the Let's get started block. */
  guarantee: z.object({ title: z.string().min(1), text: z.string().min(1), note: z.string().min(1) }),
});

export const features = defineContent('features', featuresSchema, {
  reviews: { count: 638, rating: 'Excellent', stars: 5 },
  heroClaims: [
    { icon: 'activity', label: '99.9% uptime' },
    { icon: 'support', label: 'Real-person support' },
    { icon: 'zap', label: 'Setup in under 60 seconds' },
    { icon: 'shield', label: 'DDoS protection up to 1 Tbps' },
    { icon: 'disk', label: 'NVMe storage' },
    { icon: 'network', label: '10 Gbps network' },
  ],
  homeTiles: [
    { icon: 'disk', title: 'NVMe SSD Storage', text: 'Every server runs on NVMe SSDs: worlds, plugins and databases load up to 7x faster than on SATA.' },
    { icon: 'shield', title: 'DDoS Protection', text: 'Always-on filtering with up to 1 Tbps mitigation keeps your server online during attacks.' },
    { icon: 'cpu', title: 'AMD EPYC', text: 'AMD EPYC 7763 processors with high clock speeds for smooth ticks and fast chunk generation.' },
    {
      icon: 'zap',
      title: 'Instant Setup',
      text: 'Pay and play: your server is ready in under 60 seconds, with its console, files, backups and schedules in the Game Panel.',
    },
  ],
  whyChooseUs: [
    {
      icon: 'award',
      title: 'Premium Hardware',
      text: 'AMD EPYC 7763 and Ryzen processors, DDR4/DDR5 memory and NVMe SSDs on a 10 Gbps network with 99.9% uptime.',
    },
    {
      icon: 'shield',
      title: 'DDoS Protection',
      text: 'Multi-layer protection with up to 1 Tbps mitigation, tuned for game traffic and included in every plan at no extra cost.',
    },
    {
      icon: 'rocket',
      title: 'Instant Setup',
      text: 'Your server is deployed automatically in under 60 seconds, and our team is there if you need a hand.',
    },
  ],
  productTiles: [
    { icon: 'zap', title: 'Instant Setup', text: 'Deploy in under 60 seconds: your server is created the moment your payment clears.' },
    { icon: 'support', title: 'Real Support', text: 'Real people on live chat in our hours, and every message answered by e-mail.' },
    { icon: 'activity', title: '99.9% Uptime', text: 'Redundant power and network keep your services online, backed by our uptime guarantee.' },
  ],
  planLines: {
    'minecraft-intel': [
      {
        icon: 'puzzle',
        title: 'Mods and Modpacks',
        text: "Upload Paper, Forge or Fabric jars and a modpack's files with the panel's file manager, and edit their configs in the browser.",
      },
      {
        icon: 'backups',
        title: 'Backups and Schedules',
        text: "Back up your world by name whenever you like, or on a timetable with the panel's Schedules (every day at 04:00: warn the players, back up, restart). Download or restore any backup from the panel.",
      },
      { icon: 'shield', title: 'DDoS Protection', text: 'Game-aware filtering with up to 1 Tbps mitigation keeps your players connected.' },
    ],
    'discord-bot': [
      { icon: 'activity', title: '99.9% Bot Uptime', text: 'Your bot stays online around the clock and restarts automatically if it crashes.' },
      { icon: 'code', title: 'Any Language', text: 'Node.js, Python, Java and more, with the version you choose and packages installed for you.' },
      { icon: 'terminal', title: 'Web Console', text: 'Watch logs live, run commands and edit files from your browser.' },
    ],
    'web-hosting': [
      { icon: 'lock', title: 'Free SSL', text: "Every site gets a Let's Encrypt certificate, issued and renewed automatically." },
      { icon: 'disk', title: 'NVMe Storage', text: 'Pages and databases served from NVMe SSDs for fast loading times.' },
      { icon: 'mail', title: 'E-mail Accounts', text: 'Professional e-mail on your own domain with webmail, IMAP and spam filtering.' },
    ],
    'budget-vps': [
      { icon: 'terminal', title: 'Full Root Access', text: 'Install any Linux distribution and software you like, with full control over your server.' },
      { icon: 'disk', title: 'NVMe Storage', text: 'NVMe SSDs on every plan for fast boots, builds and databases.' },
      { icon: 'shield', title: 'DDoS Protection', text: 'Up to 1 Tbps mitigation included at no extra cost.' },
    ],
    'panel-vps': [
      { icon: 'layers', title: 'Game Panel Included', text: 'Pterodactyl comes installed and configured: create game servers in a few clicks.' },
      { icon: 'gamepad', title: 'Many Games', text: 'Minecraft, Rust, ARK, Valheim, CS2 and more, several at once on one VPS.' },
      { icon: 'shield', title: 'DDoS Protection', text: 'Game-aware filtering with up to 1 Tbps mitigation for every server you host.' },
    ],
    'premium-vps': [
      { icon: 'cpu', title: 'Dedicated vCPU', text: 'Reserved CPU threads with no noisy neighbours, for consistent performance.' },
      { icon: 'backups', title: 'Daily Backups', text: 'Automatic daily backups kept for seven days, restorable in one click.' },
      { icon: 'support', title: 'Priority Support', text: 'Your tickets go to the front of the queue, answered by senior engineers.' },
    ],
    'ultra-premium-vds': [
      { icon: 'gauge', title: 'Dedicated Cores', text: 'Physical AMD EPYC 7763 cores reserved for you alone.' },
      { icon: 'network', title: '10 Gbps Network', text: 'A 10 Gbps port with low-latency routes to India, Asia and Europe.' },
      { icon: 'support', title: 'Managed Onboarding', text: 'Our engineers help you migrate and tune your workload at no extra cost.' },
    ],
    'ryzen-vps': [
      { icon: 'zap', title: 'High Clock Speed', text: 'Ryzen 9 7950X cores boosting to 5.7 GHz for single-thread heavy workloads.' },
      { icon: 'ram', title: 'DDR5 Memory', text: 'Fast DDR5 memory on every plan for quick compiles and game ticks.' },
      { icon: 'disk', title: 'NVMe Gen4', text: 'PCIe Gen4 NVMe SSDs for very fast reads and writes.' },
    ],
  },
  guarantee: {
    title: '7-day money-back guarantee',
    text: 'Try any plan risk-free. If you are not happy within 7 days, we refund you.',
    note: 'Terms apply; see our refund policy.',
  },
});
