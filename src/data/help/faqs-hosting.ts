import type { HelpFaqInput } from './schema.ts';

/** The help assistant's questions on VPS and web hosting (Discord bots, domains, SSL and e-mail). */
export const hostingFaqs: HelpFaqInput[] = [
  {
    id: 'vps-root',
    category: 'vps',
    question: 'Do I get full root access on a VPS?',
    answer:
      'Yes. Budget, Premium and Ryzen VPS are KVM virtual servers with full root access, NVMe storage, a 10 Gbps network and DDoS protection up to 1 Tbps. Install whatever you need on them.',
    keywords: ['root', 'ssh', 'admin', 'kvm', 'virtual server'],
    links: [
      { text: 'Budget VPS', url: '/budget-vps' },
      { text: 'Premium VPS', url: '/premium-vps' },
    ],
  },
  {
    id: 'vps-game-panel',
    category: 'vps',
    question: 'Can I run several game servers on one VPS?',
    answer:
      'Yes: the Panel VPS comes with the Pterodactyl game panel installed and ready, so you create and manage several game servers from one dashboard, with full root access too.',
    keywords: ['pterodactyl', 'multiple servers', 'game panel', 'network'],
    links: [{ text: 'Panel VPS', url: '/panel-vps' }],
  },
  {
    id: 'vps-which',
    category: 'vps',
    question: 'Which VPS should I choose?',
    answer:
      'Budget VPS for side projects and test environments; Ryzen VPS (Ryzen 9 7950X, up to 5.7 GHz) for game servers and builds that want single-thread speed; Premium VPS for production apps and databases with dedicated vCPU threads; Ultra Premium VDS when you need physical AMD EPYC cores reserved for you.',
    keywords: ['compare', 'difference', 'vds', 'dedicated', 'ryzen', 'premium', 'budget'],
    links: [
      { text: 'All VPS plans', url: '/vps' },
      { text: 'Ultra Premium VDS', url: '/ultra-premium-vds' },
    ],
  },
  {
    id: 'web-ssl-email',
    category: 'web',
    question: 'Does web hosting include SSL and e-mail?',
    answer:
      'Yes. Every web hosting plan has free SSL certificates, e-mail accounts, one-click installs (WordPress too) and NVMe storage. Starter keeps weekly backups, Business and Pro daily backups and a free domain for the first year.',
    keywords: ['https', 'certificate', 'mail', 'wordpress', 'domain', 'website'],
    links: [{ text: 'Web Hosting', url: '/web-hosting' }],
  },
  {
    id: 'discord-bot',
    category: 'web',
    question: 'How do I host my Discord bot?',
    answer:
      'Pick a Discord bot plan (from ₹10 a month): your bot runs 24/7 on Node.js, Python or Java with 99.9% bot uptime, automatic restarts when it crashes and a web console. Upload its code, start it, and watch its output in the console. Larger plans run up to 10 bots.',
    keywords: ['discord', 'bot', 'discord.js', 'discord.py', 'node', 'python', 'java', '24/7 bot'],
    links: [{ text: 'Discord Bot Hosting', url: '/discord-bot' }],
  },
];
