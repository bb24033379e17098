import { ChevronDown } from 'lucide-react';
import { cardVariants } from '../ui/card-variants.ts';

export interface AccordionItem {
  id: string;
  question: string;
  answer: string;
}

/**
 * The knowledge base accordion (WAI-ARIA accordion pattern) as the page's HTML, every answer
 * closed: knowledge-accordion.ts opens one at a time, moves between the headers with
 * Up/Down/Home/End and opens the item a #id in the address names, with no React (docs/decisions.md 143).
 */
export function KnowledgeAccordion({ items }: { items: AccordionItem[] }) {
  return (
    <div data-accordion className={cardVariants({ surface: 'soft', className: 'divide-y divide-white/10 overflow-hidden' })}>
      {items.map((item) => (
        <div key={item.id} id={item.id} className="scroll-mt-28">
          <h2>
            <button
              type="button"
              id={`kb-${item.id}-button`}
              aria-expanded="false"
              aria-controls={`kb-${item.id}-panel`}
              className="group flex w-full items-center gap-4 px-5 py-4 text-left text-base font-semibold text-white transition-colors hover:bg-white/5 sm:px-6"
            >
              <span className="flex-1">{item.question}</span>
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-brand-300 transition-transform duration-200 group-aria-expanded:rotate-180" />
            </button>
          </h2>
          <section id={`kb-${item.id}-panel`} aria-labelledby={`kb-${item.id}-button`} hidden className="px-5 pb-5 text-slate-300 sm:px-6">
            <p className="leading-relaxed">{item.answer}</p>
          </section>
        </div>
      ))}
    </div>
  );
}
