import { href, z } from '../define.ts';

/** The icons a help category may have: the assistant maps each name to a lucide component. */
export const helpIconNames = ['gamepad', 'server', 'globe', 'credit-card', 'shield', 'wrench', 'life-buoy'] as const;
const iconNames = helpIconNames;

/** How many categories the assistant's first view lists at the most. */
export const maxHelpCategories = 10;

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
    /**
     * The help categories, in the order the assistant lists them: id, name, icon, description.
     * Edited in the staff console's Catalog (docs/decisions.md 160); the assistant's first view
     * is a list, so from 1 to `maxHelpCategories` fit it.
     */
    categories: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes'),
          name: z.string().trim().min(1, 'is required').max(40),
          /** A lucide icon, by the name the assistant maps to a component. */
          icon: z.enum(iconNames, `must be one of ${iconNames.join(', ')}`),
          description: z.string().trim().min(1, 'is required').max(80),
        }),
      )
      .min(1, 'keep at least one category')
      .max(maxHelpCategories, `at most ${maxHelpCategories} categories`),
    /** FAQ entries: id, category, question, answer, links (text, url). */
    faqs: z.array(helpFaq),
    /** Offered when a category has no FAQs, and with every answer and no-match message. */
    fallbackLinks: z.array(helpLink).min(1),
  })
  .superRefine((h, ctx) => {
    // Each message at the FAQ's own field, so the staff console shows it beside it (docs/decisions.md 137).
    const categories = new Set<string>();
    h.categories.forEach((c, i) => {
      if (categories.has(c.id)) ctx.addIssue({ code: 'custom', path: ['categories', i, 'id'], message: `another category has the id "${c.id}"` });
      categories.add(c.id);
    });
    // A category removed while questions are in it: each of them says where it stands and what to do.
    const seen = new Set<string>();
    h.faqs.forEach((f, i) => {
      if (!categories.has(f.category))
        ctx.addIssue({
          code: 'custom',
          path: ['faqs', i, 'category'],
          message: `"${f.category}" is not one of the help categories: move the question to another category or remove it`,
        });
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
