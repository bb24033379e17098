import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cardVariants } from '../ui/card-variants.ts';

export interface AccordionItem {
  id: string;
  question: string;
  answer: string;
}

/**
 * The knowledge base accordion (WAI-ARIA accordion pattern): one item open at a time; a
 * #id in the address opens that item. Up/Down/Home/End move between the headers.
 */
export function KnowledgeAccordion({ items }: { items: AccordionItem[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const fromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const index = items.findIndex((i) => i.id === id);
      if (index < 0) return;
      setOpenId(id);
      buttons.current[index]?.scrollIntoView({ block: 'center' });
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [items]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className={cardVariants({ surface: 'soft', className: 'divide-y divide-white/10 overflow-hidden' })}>
      {items.map((item, index) => {
        const open = openId === item.id;
        return (
          <div key={item.id} id={item.id} className="scroll-mt-28">
            <h2>
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                id={`kb-${item.id}-button`}
                aria-expanded={open}
                aria-controls={`kb-${item.id}-panel`}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={(e) => onKeyDown(e, index)}
                className="flex w-full items-center gap-4 px-5 py-4 text-left text-base font-semibold text-white transition-colors hover:bg-white/5 sm:px-6"
              >
                <span className="flex-1">{item.question}</span>
                <ChevronDown aria-hidden="true" className={`size-5 shrink-0 text-brand-300 transition-transform duration-200 ${open ? 'rotate-180' : ''}`} />
              </button>
            </h2>
            <section id={`kb-${item.id}-panel`} aria-labelledby={`kb-${item.id}-button`} hidden={!open} className="px-5 pb-5 text-slate-300 sm:px-6">
              <p className="leading-relaxed">{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
