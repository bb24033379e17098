import { defineContent, href, z } from './define.ts';
import { knowledgeBase } from './knowledge.ts';

const iconNames = ['gamepad', 'server', 'globe', 'credit-card', 'shield', 'wrench', 'life-buoy'] as const;

const helpLink = z.object({ text: z.string().min(1), url: href });

const helpSchema = z
  .object({
    /** The help categories: id, name, icon, description. */
    categories: z
      .array(
        z.object({
          id: z.enum(['minecraft', 'vps', 'web', 'billing', 'security', 'technical', 'support']),
          name: z.string().min(1),
          /** A lucide icon, by the name the assistant maps to a component. */
          icon: z.enum(iconNames),
          description: z.string().min(1),
        }),
      )
      .length(7),
    /** FAQ entries: id, category, question, answer, links (text, url). */
    faqs: z.array(
      z.object({
        id: z.string().min(1),
        category: z.string().min(1),
        question: z.string().min(1),
        answer: z.string().min(1),
        /** Other words people use for this question (synonyms, product names); the search weighs them like the question. */
        keywords: z.array(z.string().min(1)).default([]),
        links: z.array(helpLink).min(1),
      }),
    ),
    /** Offered when a category has no FAQs, and with every answer and no-match message. */
    fallbackLinks: z.array(helpLink).min(1),
  })
  .refine((h) => h.faqs.every((f) => h.categories.some((c) => c.id === f.category)), 'every FAQ must belong to a category');

export type HelpContent = z.infer<typeof helpSchema>;
export type HelpCategory = HelpContent['categories'][number];
export type HelpFaq = HelpContent['faqs'][number];
export type HelpLink = HelpContent['fallbackLinks'][number];
export type HelpIconName = (typeof iconNames)[number];

/** The help assistant's content (docs/decisions.md 25). */
export const help: HelpContent = defineContent('help', helpSchema, {
  categories: [
    { id: 'minecraft', name: 'Minecraft', icon: 'gamepad', description: 'Server setup, plugins, mods and performance' },
    { id: 'vps', name: 'VPS', icon: 'server', description: 'Virtual servers, root access and operating systems' },
    { id: 'web', name: 'Web Hosting', icon: 'globe', description: 'Websites, Discord bots, domains, SSL and e-mail' },
    { id: 'billing', name: 'Billing', icon: 'credit-card', description: 'Payments, invoices, upgrades and refunds' },
    { id: 'security', name: 'Security', icon: 'shield', description: 'DDoS protection, backups and account safety' },
    { id: 'technical', name: 'Technical', icon: 'wrench', description: 'Connectivity, performance and troubleshooting' },
    { id: 'support', name: 'Support', icon: 'life-buoy', description: 'Talk to our team, 24/7' },
  ],
  faqs: [
    {
      id: 'minecraft-create',
      category: 'minecraft',
      question: 'How do I create a Minecraft server?',
      answer:
        'Choose a Minecraft plan (AMD EPYC or Intel Xeon) and complete your order: the server is set up in under 60 seconds. Then connect to it in the control panel with your server ID and access key.',
      keywords: ['buy', 'order', 'new server', 'setup'],
      links: [
        { text: 'Minecraft AMD plans', url: '/minecraft-amd' },
        { text: 'Open the Control Panel', url: '/control-panel' },
      ],
    },
    {
      id: 'minecraft-manage',
      category: 'minecraft',
      question: 'How do I start, stop or restart my Minecraft server?',
      answer:
        'Open Minecraft Tools, connect with your server ID and access key, and use the Start, Restart and Stop buttons. You also see CPU, memory and disk usage live.',
      keywords: ['power', 'reboot', 'turn on', 'turn off'],
      links: [
        { text: 'Minecraft Tools', url: '/minecraft-tools' },
        { text: 'Knowledge Base', url: '/knowledge' },
      ],
    },
    {
      id: 'minecraft-ram',
      category: 'minecraft',
      question: 'How much RAM do I need for my players?',
      answer:
        'Our RAM calculator sizes it: 2 GB to start, plus 2 GB for every 5 players. So 10 players need about 6 GB and 20 players about 10 GB on a vanilla server; an optimised server (Paper, Purpur) adds 1 GB, a modded one 2 GB plus 0.5 GB per mod, and Bedrock needs 1 GB less. Every Minecraft plan has unlimited player slots: the RAM is what limits how many play smoothly, and you can upgrade at any time.',
      keywords: ['memory', 'gb', 'players', 'player count', 'slots', 'size', 'which plan', 'how big', 'calculator'],
      links: [
        { text: 'RAM calculator', url: '/minecraft-intel' },
        { text: 'Minecraft AMD plans', url: '/minecraft-amd' },
      ],
    },
    {
      id: 'minecraft-plugins',
      category: 'minecraft',
      question: 'How do I install plugins, mods or a modpack?',
      answer:
        'Upload the plugin or mod files (up to 100 MiB each) into the plugins or mods folder with the file manager of the Game Panel, edit their configs there, then restart the server. Plugins need Paper or Spigot, mods need Forge or Fabric. Modpacks need more memory: size your plan with the RAM calculator.',
      keywords: ['plugin', 'mod', 'modpack', 'forge', 'fabric', 'paper', 'spigot', 'install', 'upload', 'addon'],
      links: [
        { text: 'Open the Control Panel', url: '/control-panel' },
        { text: 'RAM calculator', url: '/minecraft-intel' },
      ],
    },
    {
      id: 'minecraft-move',
      category: 'minecraft',
      question: 'How do I move my server or world from another host?',
      answer:
        'Download the world folder (and your plugins and configs) from your old host, then upload them with the file manager of the Game Panel (up to 100 MiB a file) and set level-name in server.properties, which you can edit there too. Make a backup first, so you can go back. If you prefer, our support team moves it for you free of charge.',
      keywords: ['migrate', 'migration', 'transfer', 'switch host', 'import world', 'move'],
      links: [
        { text: 'Open the Control Panel', url: '/control-panel' },
        { text: 'Knowledge Base', url: '/knowledge#world-transfer' },
      ],
    },
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
    {
      id: 'billing-refund',
      category: 'billing',
      question: 'Can I get a refund?',
      answer:
        'Yes, within 7 days of your first payment for a service: our 7-day money-back guarantee refunds it in full, back to the original payment method within 5-7 business days. Domains, SSL certificates, custom configurations and services used for more than 7 days cannot be refunded. Ask our support team with your invoice number.',
      keywords: ['refund', 'money back', 'cancel', 'cancellation', 'return', 'reimburse', 'guarantee'],
      links: [
        { text: 'Refund Policy', url: '/legal#refund' },
        { text: 'Contact Support', url: '/contact' },
      ],
    },
    {
      id: 'billing-payment',
      category: 'billing',
      question: 'How do I pay, and in which currency?',
      answer:
        'We accept Visa, Mastercard, PayPal, Google Pay and UPI. Plans are billed monthly, in the currency shown on each plan (Minecraft and Discord bot plans in Indian rupees, VPS and web hosting in US dollars, storage servers in pounds).',
      keywords: ['payment', 'card', 'paypal', 'upi', 'invoice', 'currency', 'price', 'billing', 'monthly'],
      links: [{ text: 'All products', url: '/products' }],
    },
    {
      id: 'billing-upgrade',
      category: 'billing',
      question: 'How do I upgrade or downgrade my plan?',
      answer:
        'Upgrade at any time from the customer portal: the difference is prorated and your files stay in place. A downgrade takes effect at the start of your next billing period.',
      keywords: ['upgrade', 'downgrade', 'change plan', 'more ram', 'bigger plan', 'prorated'],
      links: [{ text: 'Knowledge Base', url: '/knowledge#upgrades' }],
    },
    {
      id: 'security-ddos',
      category: 'security',
      question: 'How does DDoS protection work?',
      answer:
        'Every server is behind always-on DDoS mitigation with up to 1 Tbps of capacity. Attack traffic is filtered at the network edge, so legitimate players stay connected. It is included with every plan.',
      keywords: ['ddos', 'attack', 'flood', 'booter', 'mitigation', 'protection'],
      links: [
        { text: 'DDoS protection', url: '/ddos' },
        { text: 'Knowledge Base', url: '/knowledge' },
      ],
    },
    {
      id: 'security-backups',
      category: 'security',
      question: 'How do I back up and restore my server?',
      answer:
        "In the Game Panel's Backups tool, make a backup at any time, download it, lock it so it is never replaced, or restore it: a restore stops the server, puts back the backup's files and starts it again. Your plan sets how many backups you keep. To back up on a timetable, add a schedule in the Schedules tool.",
      keywords: ['backup', 'restore', 'snapshot', 'lost world', 'rollback', 'schedule'],
      links: [
        { text: 'Open the Control Panel', url: '/control-panel' },
        { text: 'Knowledge Base', url: '/knowledge#backups' },
      ],
    },
    {
      id: 'security-access-key',
      category: 'security',
      question: 'How do I keep my server safe?',
      answer:
        "Keep your server's access key to yourself: whoever has it controls the server in the Game Panel. Every power action, console command, file change and backup is recorded with when it happened. Our security page explains how we protect the network and the machines.",
      keywords: ['hacked', 'password', 'access key', 'griefing', 'safety', 'secure'],
      links: [{ text: 'Security', url: '/security' }],
    },
    {
      id: 'technical-lag',
      category: 'technical',
      question: 'Why is my server lagging?',
      answer:
        'First see where the lag comes from. In the Game Panel, watch the CPU and memory charts: memory at the limit or CPU at 100% means the server needs an optimised build (Paper), fewer heavy plugins or mods, or a bigger plan (upgrades keep your files). Read the console for errors and "Can\'t keep up" lines. If only some players lag, compare your latency to each location on our home page and check the Network Status page for an incident. Still lagging? Talk to a person and we look at it with you.',
      keywords: ['lag', 'lagging', 'laggy', 'slow', 'tps', 'ping', 'latency', 'stutter', 'performance', 'freeze', 'rubberband'],
      links: [
        { text: 'Open the Control Panel', url: '/control-panel' },
        { text: 'Network Status', url: '/network-status' },
      ],
    },
    {
      id: 'technical-wont-start',
      category: 'technical',
      question: 'My server will not start or keeps crashing. What do I do?',
      answer:
        "Open the console in the Game Panel and read its last lines: they say why it stopped (a broken plugin or mod, a bad config, not enough memory). Search the console's last 5,000 lines or download them, remove or fix what it names with the file manager, and start again. If you changed something just before, restore a backup.",
      keywords: ['crash', 'crashing', 'offline', 'not starting', 'error', 'broken', 'down', 'stopped'],
      links: [{ text: 'Open the Control Panel', url: '/control-panel' }],
    },
    {
      id: 'technical-outage',
      category: 'technical',
      question: 'Is there an outage right now?',
      answer:
        'The Network Status page shows every location and service live, open incidents and planned maintenance, and the last 90 days. Subscribe there by e-mail or webhook to hear about incidents as they happen.',
      keywords: ['outage', 'down', 'status', 'maintenance', 'incident', 'uptime'],
      links: [{ text: 'Network Status', url: '/network-status' }],
    },
    {
      id: 'support-person',
      category: 'support',
      question: 'How do I talk to a person?',
      answer:
        'Press "Talk to a person" below: when someone of our team is available you chat live; when nobody is, leave your e-mail address and we answer there, with a link to carry on the conversation. You can also write to us from the Contact page.',
      keywords: ['human', 'agent', 'staff', 'live chat', 'contact', 'help', 'support', 'ticket'],
      links: [{ text: 'Contact Support', url: '/contact' }],
    },
    {
      id: 'support-follow-up',
      category: 'support',
      question: 'How do I follow up on a conversation with your team?',
      answer:
        'Every reply you have not read yet is e-mailed to you (when you left your address), with a link that opens the conversation in your browser, on any device; answer there. In the same browser the help assistant also keeps your conversation open. When it is resolved, you can ask for the whole transcript by e-mail.',
      keywords: ['reply', 'answer', 'transcript', 'e-mail', 'email', 'conversation', 'ticket status', 'follow up'],
      links: [{ text: 'Contact Support', url: '/contact' }],
    },
  ],
  fallbackLinks: [{ text: 'Contact Support', url: '/contact' }],
});

/** A searchable entry of the help assistant: a help FAQ or a knowledge base item. */
export interface HelpEntry {
  id: string;
  question: string;
  answer: string;
  /** Other words for the question, searched like it (FAQs only). */
  keywords: string[];
  links: HelpLink[];
  /** Where the entry comes from, shown as a small label. */
  source: 'faq' | 'knowledge';
}

/** Everything the help assistant's search covers (docs/decisions.md 8): its FAQs and the knowledge base. */
export function helpEntries(): HelpEntry[] {
  return [
    ...help.faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, keywords: f.keywords, links: f.links, source: 'faq' as const })),
    ...knowledgeBase.map((k) => ({
      id: `kb-${k.id}`,
      question: k.question,
      answer: k.answer,
      keywords: [],
      links: [{ text: 'Read in the Knowledge Base', url: `/knowledge#${k.id}` }],
      source: 'knowledge' as const,
    })),
  ];
}
