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
    { id: 'web', name: 'Web Hosting', icon: 'globe', description: 'Websites, domains, SSL and e-mail' },
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
      links: [
        { text: 'Minecraft Tools', url: '/minecraft-tools' },
        { text: 'Knowledge Base', url: '/knowledge' },
      ],
    },
    {
      id: 'security-ddos',
      category: 'security',
      question: 'How does DDoS protection work?',
      answer:
        'Every server is behind always-on DDoS mitigation with up to 1 Tbps of capacity. Attack traffic is filtered at the network edge, so legitimate players stay connected. It is included with every plan.',
      links: [{ text: 'Knowledge Base', url: '/knowledge' }],
    },
  ],
  fallbackLinks: [{ text: 'Contact Support', url: '/contact' }],
});

/** A searchable entry of the help assistant: a help FAQ or a knowledge base item. */
export interface HelpEntry {
  id: string;
  question: string;
  answer: string;
  links: HelpLink[];
  /** Where the entry comes from, shown as a small label. */
  source: 'faq' | 'knowledge';
}

/** Everything the help assistant's search covers (docs/decisions.md 8): its FAQs and the knowledge base. */
export function helpEntries(): HelpEntry[] {
  return [
    ...help.faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, links: f.links, source: 'faq' as const })),
    ...knowledgeBase.map((k) => ({
      id: `kb-${k.id}`,
      question: k.question,
      answer: k.answer,
      links: [{ text: 'Read in the Knowledge Base', url: `/knowledge#${k.id}` }],
      source: 'knowledge' as const,
    })),
  ];
}
