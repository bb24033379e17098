import { defineContent } from './define.ts';
import { accountFaqs } from './help/faqs-account.ts';
import { hostingFaqs } from './help/faqs-hosting.ts';
import { minecraftFaqs } from './help/faqs-minecraft.ts';
import { supportFaqs } from './help/faqs-support.ts';
import { type HelpContent, type HelpLink, helpSchema } from './help/schema.ts';
import { knowledgeBase } from './knowledge.ts';

export type { HelpCategory, HelpContent, HelpFaq, HelpIconName, HelpLink } from './help/schema.ts';

/** The help assistant's content (docs/decisions.md 25). */
export const help: HelpContent = defineContent('help', helpSchema, {
  categories: [
    { id: 'minecraft', name: 'Minecraft', icon: 'gamepad', description: 'Server setup, plugins, mods and performance' },
    { id: 'vps', name: 'VPS', icon: 'server', description: 'Virtual servers, root access and operating systems' },
    { id: 'web', name: 'Web Hosting', icon: 'globe', description: 'Websites, Discord bots, domains, SSL and e-mail' },
    { id: 'billing', name: 'Billing', icon: 'credit-card', description: 'Payments, invoices, upgrades and refunds' },
    { id: 'security', name: 'Security', icon: 'shield', description: 'DDoS protection, backups and account safety' },
    { id: 'technical', name: 'Technical', icon: 'wrench', description: 'Connectivity, performance and troubleshooting' },
    { id: 'support', name: 'Support', icon: 'life-buoy', description: 'Talk to our team' },
  ],
  faqs: [...minecraftFaqs, ...hostingFaqs, ...accountFaqs, ...supportFaqs],
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
