import { describe, expect, it } from 'vitest';
import { fieldAt, freshId, listOf, swapped } from '../../src/components/staff/catalog/catalog-fields.ts';
import { type EditedFaq, neighbourInCategory, withNewArticle, withNewFaq } from '../../src/components/staff/catalog/catalog-help.ts';

const faq = (id: string, category: string): EditedFaq => ({ id, category, question: id, answer: id, links: [{ text: 'x', url: '/' }] });

/** The Catalog's help and knowledge edits (docs/decisions.md 137), as the console makes them. */
describe('the Catalog help editor', () => {
  const faqs = [faq('a1', 'a'), faq('b1', 'b'), faq('a2', 'a'), faq('b2', 'b'), faq('a3', 'a')];

  it('moves a question past its neighbour in its own category, and no further', () => {
    expect(neighbourInCategory(faqs, 2, -1)).toBe(0);
    expect(neighbourInCategory(faqs, 2, 1)).toBe(4);
    expect(neighbourInCategory(faqs, 0, -1)).toBe(-1);
    expect(neighbourInCategory(faqs, 4, 1)).toBe(-1);
    expect(swapped(faqs, 2, neighbourInCategory(faqs, 2, 1)).map((f) => f.id)).toEqual(['a1', 'b1', 'a3', 'b2', 'a2']);
    expect(swapped(faqs, 0, -1).map((f) => f.id)).toEqual(faqs.map((f) => f.id));
  });

  it("adds a question after its category's last, with an id not taken, and an article at the end", () => {
    const added = withNewFaq(faqs, 'b');
    expect(added.index).toBe(4);
    expect(added.faqs.map((f) => f.id)).toEqual(['a1', 'b1', 'a2', 'b2', 'b-question', 'a3']);
    expect(withNewFaq(added.faqs, 'b').faqs[5]!.id).toBe('b-question-2');
    expect(withNewFaq([], 'support').faqs).toEqual([
      { id: 'support-question', category: 'support', question: '', answer: '', keywords: [], links: [{ text: 'Contact Support', url: '/contact' }] },
    ]);
    const articles = withNewArticle([{ id: 'new-article', question: 'q', answer: 'a' }]);
    expect(articles.at(-1)).toEqual({ id: 'new-article-2', question: '', answer: '' });
  });

  it('finds the message of a field or of any field inside it, and reads a typed list', () => {
    const fields = { 'help.faqs.3.links.0.url': 'must be a site path', 'help.faqs.12.answer': 'Too small' };
    expect(fieldAt(fields, 'help.faqs.3.links')).toBe('must be a site path');
    expect(fieldAt(fields, 'help.faqs.1')).toBeUndefined();
    expect(fieldAt(fields, 'help.faqs.12.answer')).toBe('Too small');
    expect(listOf(' lag, ping ,, tps ')).toEqual(['lag', 'ping', 'tps']);
    expect(freshId('How do I start?', ['how-do-i-start'], 'x')).toBe('how-do-i-start-2');
    expect(freshId('???', [], 'article')).toBe('article');
  });
});
