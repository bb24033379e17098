/**
 * The help assistant's questions and the knowledge base as the Catalog edits them
 * (src/data/help/schema.ts, src/data/knowledge.ts). Every change copies what it touches and keeps
 * the rest of the document, fields this editor does not know included.
 */
import type { CatalogDocument } from '../../../../contracts/catalog.ts';
import { freshId } from './catalog-fields.ts';

export interface EditedLink {
  text: string;
  url: string;
}

export interface EditedFaq {
  id: string;
  category: string;
  question: string;
  answer: string;
  keywords?: string[];
  links: EditedLink[];
  [field: string]: unknown;
}

export interface EditedHelp {
  categories: { id: string; name: string; [field: string]: unknown }[];
  faqs: EditedFaq[];
  [field: string]: unknown;
}

export interface EditedArticle {
  id: string;
  question: string;
  answer: string;
  [field: string]: unknown;
}

export function helpOf(document: CatalogDocument): EditedHelp | undefined {
  const help = document.help as EditedHelp | undefined;
  return help && Array.isArray(help.faqs) && Array.isArray(help.categories) ? help : undefined;
}

export function withFaqs(document: CatalogDocument, faqs: EditedFaq[]): CatalogDocument {
  return { ...document, help: { ...(document.help as EditedHelp), faqs } };
}

export function knowledgeOf(document: CatalogDocument): EditedArticle[] {
  return Array.isArray(document.knowledge) ? (document.knowledge as EditedArticle[]) : [];
}

export function withKnowledge(document: CatalogDocument, knowledge: EditedArticle[]): CatalogDocument {
  return { ...document, knowledge };
}

/**
 * The place the FAQ at `index` moves to, one step up (-1) or down (+1) among the questions of its
 * own category (the assistant lists a category's questions in the document's order); -1: none.
 */
export function neighbourInCategory(faqs: readonly EditedFaq[], index: number, by: -1 | 1): number {
  const category = faqs[index]?.category;
  for (let i = index + by; i >= 0 && i < faqs.length; i += by) if (faqs[i]!.category === category) return i;
  return -1;
}

/** A new, empty question in a category, after its last one; its id is new. */
export function withNewFaq(faqs: readonly EditedFaq[], category: string): { faqs: EditedFaq[]; index: number } {
  const id = freshId(
    `${category}-question`,
    faqs.map((f) => f.id),
    'question',
  );
  const faq: EditedFaq = { id, category, question: '', answer: '', keywords: [], links: [{ text: 'Contact Support', url: '/contact' }] };
  let last = -1;
  faqs.forEach((f, i) => {
    if (f.category === category) last = i;
  });
  const index = last === -1 ? faqs.length : last + 1;
  return { faqs: [...faqs.slice(0, index), faq, ...faqs.slice(index)], index };
}

/** A new, empty article at the end; its id (the page's anchor) is new. */
export function withNewArticle(items: readonly EditedArticle[]): EditedArticle[] {
  return [
    ...items,
    {
      id: freshId(
        'new-article',
        items.map((i) => i.id),
        'article',
      ),
      question: '',
      answer: '',
    },
  ];
}
