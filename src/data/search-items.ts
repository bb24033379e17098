import { allPages } from './pages.ts';
import { defineContent, z } from './define.ts';
import { planLines } from './plans.ts';
import { formatPrice } from '../lib/price.ts';

const searchItemSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  category: z.enum(['hosting', 'vps', 'support', 'company']),
  url: z.string().regex(/^\//),
  /** Words that find the item without being shown: a plan's line, every spec and feature. */
  keywords: z.string().optional(),
});

export type SearchItem = z.infer<typeof searchItemSchema>;

/** The three fixed suggestions, always first (docs/decisions.md 8). */
const specItems = defineContent('search-items', z.array(searchItemSchema), [
  {
    id: 'minecraft-hosting',
    title: 'Minecraft Hosting',
    description: 'High-performance Minecraft servers on AMD EPYC',
    category: 'hosting',
    url: '/minecraft-amd',
  },
  { id: 'vps-hosting', title: 'VPS Hosting', description: 'Virtual private servers with full root access', category: 'vps', url: '/vps' },
  { id: 'knowledge-base', title: 'Knowledge Base', description: 'Guides and answers to common questions', category: 'support', url: '/knowledge' },
]);

/** Every plan of every line: "Minecraft AMD – Diamond", its price and main specs, linking to its page. */
const planItems: SearchItem[] = planLines.flatMap((line) =>
  line.plans.map((plan) => ({
    id: `plan-${line.id}-${plan.id}`,
    title: plan.name.startsWith(line.name) ? plan.name : `${line.name} – ${plan.name}`,
    description: `${formatPrice(plan.price, line.currency)}/month: ${plan.specs
      .slice(0, 3)
      .map((s) => s.value)
      .join(', ')}`,
    category: line.group === 'vps' ? 'vps' : 'hosting',
    url: line.route,
    keywords: [line.name, line.group, ...plan.specs.map((s) => s.value), ...plan.features].join(' '),
  })),
);

/** Everything the header search finds: the fixed suggestions, then every page, then every plan (docs/decisions.md 19). */
export const searchIndex: readonly SearchItem[] = [
  ...specItems,
  ...allPages.map((p) => ({
    id: `page${p.path === '/' ? '-home' : p.path.replaceAll('/', '-')}`,
    title: p.title,
    description: p.description,
    category: p.category,
    url: p.path,
  })),
  ...planItems,
];
