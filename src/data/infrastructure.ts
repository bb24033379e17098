import { defineContent, z } from './define.ts';

export const infoIconNames = [
  'shield',
  'shield-check',
  'zap',
  'cpu',
  'hard-drive',
  'network',
  'activity',
  'lock',
  'database',
  'eye',
  'server',
  'memory-stick',
  'globe',
  'key',
] as const;

const infoPageSchema = z.object({
  /** The route this content belongs to. */
  path: z.enum(['/ddos', '/hardware', '/security']),
  /** The lead paragraph under the page heading. */
  intro: z.string().min(20),
  /** Big numbers under the intro. */
  highlights: z
    .array(z.object({ value: z.string().min(1), label: z.string().min(1) }))
    .min(3)
    .max(4),
  /** Feature cards. */
  features: z.array(z.object({ title: z.string().min(1), icon: z.enum(infoIconNames), description: z.string().min(10) })).min(3),
  /** A titled list (how it works, the specs, the practices). */
  details: z.object({ title: z.string().min(1), items: z.array(z.object({ term: z.string().min(1), text: z.string().min(2) })).min(3) }),
  /** The call to action; its button goes to /products (docs/decisions.md 6). */
  cta: z.object({ title: z.string().min(1), text: z.string().min(10), label: z.string().min(1), href: z.literal('/products') }),
});

export type InfoPage = z.infer<typeof infoPageSchema>;
export type InfoIconName = (typeof infoIconNames)[number];

const infoPages = defineContent('infrastructure', z.array(infoPageSchema).length(3), [
  {
    path: '/ddos',
    intro:
      'Attacks happen. Your players should never notice. Every Hostfront server sits behind always-on DDoS mitigation with up to 1 Tbps of capacity, included in every plan at no extra cost.',
    highlights: [
      { value: '1 Tbps', label: 'Mitigation capacity' },
      { value: '< 1 s', label: 'Detection time' },
      { value: '24/7', label: 'Always-on filtering' },
      { value: '₹0', label: 'Extra cost' },
    ],
    features: [
      {
        title: 'Always-On Mitigation',
        icon: 'shield-check',
        description: 'Traffic is filtered continuously, not only after an attack is detected, so there is no switch-over delay.',
      },
      {
        title: 'Game-Aware Filtering',
        icon: 'activity',
        description: 'Rules tuned for Minecraft and other game protocols drop attack packets while keeping real players connected.',
      },
      {
        title: 'Layer 3, 4 and 7',
        icon: 'network',
        description: 'Volumetric floods, protocol attacks and application-layer attacks against websites are all covered.',
      },
    ],
    details: {
      title: 'How it works',
      items: [
        { term: 'Detect', text: 'Traffic patterns are analysed at the network edge in real time.' },
        { term: 'Filter', text: 'Malicious packets are dropped before they reach your server, up to 1 Tbps.' },
        { term: 'Deliver', text: 'Clean traffic is forwarded to your server with no added latency you can notice.' },
      ],
    },
    cta: {
      title: 'Protected from day one',
      text: 'Every plan includes DDoS protection. Pick yours and deploy in under 60 seconds.',
      label: 'View Protected Plans',
      href: '/products',
    },
  },
  {
    path: '/hardware',
    intro:
      'Fast servers start with fast hardware. We run enterprise AMD EPYC and Intel Xeon processors, NVMe SSD storage and a 10 Gbps network, and we never oversell our nodes.',
    highlights: [
      { value: 'AMD EPYC 7763', label: '64 cores per CPU' },
      { value: 'NVMe SSD', label: 'Up to 7 GB/s reads' },
      { value: '10 Gbps', label: 'Network per node' },
    ],
    features: [
      {
        title: 'AMD EPYC 7763',
        icon: 'cpu',
        description: 'Up to 3.5 GHz boost and 256 MB of L3 cache: ideal for single-threaded Minecraft and busy VPS workloads.',
      },
      { title: 'NVMe SSD Storage', icon: 'hard-drive', description: 'Enterprise NVMe drives in RAID for fast world loading, quick backups and resilience.' },
      { title: 'DDR4 ECC Memory', icon: 'memory-stick', description: 'Error-correcting memory keeps long-running servers stable, day and night.' },
      { title: '10 Gbps Network', icon: 'network', description: 'Redundant uplinks to major carriers for low latency and plenty of headroom.' },
    ],
    details: {
      title: 'Node specifications',
      items: [
        { term: 'Processor', text: 'AMD EPYC 7763 (64 cores, 128 threads) or Intel Xeon' },
        { term: 'Memory', text: 'DDR4 ECC registered memory' },
        { term: 'Storage', text: 'Enterprise NVMe SSD in RAID 1 or RAID 10' },
        { term: 'Network', text: '10 Gbps uplink with DDoS protection up to 1 Tbps' },
      ],
    },
    cta: { title: 'Feel the difference', text: 'Put your server on hardware built for performance.', label: 'Browse Plans', href: '/products' },
  },
  {
    path: '/security',
    intro: 'Your servers and data are protected at every layer: network, hardware, platform and people. Here is how we keep them safe.',
    highlights: [
      { value: '1 Tbps', label: 'DDoS mitigation' },
      { value: '24/7', label: 'Monitoring' },
      { value: 'Daily', label: 'Automatic backups' },
    ],
    features: [
      { title: 'DDoS Protection', icon: 'shield', description: 'Always-on mitigation up to 1 Tbps filters attacks before they reach your server.' },
      { title: 'Isolation', icon: 'lock', description: 'Every server runs in its own container or virtual machine, with strict resource limits.' },
      { title: 'Backups', icon: 'database', description: 'Automatic backups on separate storage, plus manual backups from the panel.' },
      { title: 'Access Control', icon: 'key', description: 'Per-server access keys, secure session cookies and an audit log of power actions.' },
    ],
    details: {
      title: 'Our practices',
      items: [
        { term: 'Patching', text: 'Hosts are patched on a regular schedule, critical fixes within 24 hours.' },
        { term: 'Encryption', text: 'HTTPS everywhere; panel credentials are encrypted at rest.' },
        { term: 'Monitoring', text: 'Our team watches the network and every node around the clock.' },
        { term: 'Privacy', text: 'We never sell data. See our Privacy Policy for details.' },
      ],
    },
    cta: { title: 'Host with confidence', text: 'Security is included with every plan, not sold as an add-on.', label: 'Explore Plans', href: '/products' },
  },
]);

/** The content of /ddos, /hardware or /security. */
export function infoPage(path: InfoPage['path']): InfoPage {
  const page = infoPages.find((p) => p.path === path);
  if (!page) throw new Error(`No infrastructure content for ${path}`);
  return page;
}
