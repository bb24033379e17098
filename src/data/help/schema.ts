import { href, z } from '../define.ts';

const iconNames = ['gamepad', 'server', 'globe', 'credit-card', 'shield', 'wrench', 'life-buoy'] as const;

const helpLink = z.object({ text: z.string().min(1), url: href });

/** One question of the help assistant, with its answer and links. */
const helpFaq = z.object({
  id: z.string().min(1),
  category: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
  /** Other words people use for this question (synonyms, product names); the search weighs them like the question. */
  keywords: z.array(z.string().min(1)).default([]),
  links: z.array(helpLink).min(1),
});

/** The help assistant's content: its categories, questions and the links offered when none fits (src/data/help.ts). */
export const helpSchema = z
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
    faqs: z.array(helpFaq),
    /** Offered when a category has no FAQs, and with every answer and no-match message. */
    fallbackLinks: z.array(helpLink).min(1),
  })
  .superRefine((h, ctx) => {
    // Each message at the FAQ's own field, so the staff console shows it beside it (docs/decisions.md 137).
    const seen = new Set<string>();
    h.faqs.forEach((f, i) => {
      if (!h.categories.some((c) => c.id === f.category))
        ctx.addIssue({ code: 'custom', path: ['faqs', i, 'category'], message: 'not one of the help categories' });
      if (seen.has(f.id)) ctx.addIssue({ code: 'custom', path: ['faqs', i, 'id'], message: `another question has the id "${f.id}"` });
      seen.add(f.id);
    });
  });

export type HelpContent = z.infer<typeof helpSchema>;
export type HelpCategory = HelpContent['categories'][number];
export type HelpFaq = HelpContent['faqs'][number];
export type HelpLink = HelpContent['fallbackLinks'][number];
export type HelpIconName = (typeof iconNames)[number];
/** A question as a content module writes it (keywords may be left out). */
export type HelpFaqInput = z.input<typeof helpFaq>;
