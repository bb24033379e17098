import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HelpFaqList } from '../../src/components/help/HelpFaqList.tsx';
import { help } from '../../src/data/help.ts';

// Every category of today's help data has FAQs, so no browser test can reach this view; it is
// rendered here with a category given none (as an edited help catalog may leave one).
describe("the help assistant's category without FAQs", () => {
  it('says so and offers the fallback links, the contact page among them', () => {
    const category = { ...help.categories[0]!, name: 'Billing disputes' };
    const html = renderToStaticMarkup(
      createElement(HelpFaqList, { category, faqs: [], fallbackLinks: help.fallbackLinks, headingRef: null, waiting: null, onChoose: () => {} }),
    );
    expect(html).toContain('We don&#x27;t have articles for Billing disputes here yet');
    for (const link of help.fallbackLinks) expect(html).toContain(`href="${link.url}"`);
    expect(help.fallbackLinks.map((l) => l.url)).toContain('/contact');
    expect(html).not.toContain('questions"');
  });

  it('lists the questions when there are some', () => {
    const category = help.categories[0]!;
    const faqs = help.faqs.filter((f) => f.category === category.id);
    expect(faqs.length).toBeGreaterThan(0);
    const html = renderToStaticMarkup(
      createElement(HelpFaqList, { category, faqs, fallbackLinks: help.fallbackLinks, headingRef: null, waiting: null, onChoose: () => {} }),
    );
    expect(html).toContain(`aria-label="${category.name} questions"`);
    expect(html).not.toContain('have articles for');
  });
});
