import { ChevronRight } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import type { HelpCategory, HelpFaq, HelpLink } from '../../data/help.ts';
import { LinkList } from './HelpLinks.tsx';

/**
 * A category's questions (`faqs`, undefined while the articles load: `waiting` shows), or, when
 * it has none, a word and the fallback links.
 */
export function HelpFaqList({
  category,
  faqs,
  fallbackLinks,
  headingRef,
  waiting,
  onChoose,
}: {
  category: HelpCategory;
  faqs: HelpFaq[] | undefined;
  fallbackLinks: HelpLink[];
  headingRef: Ref<HTMLHeadingElement>;
  waiting: ReactNode;
  onChoose: (faq: HelpFaq) => void;
}) {
  return (
    <div>
      <h3 ref={headingRef} tabIndex={-1} className="px-1 pb-3 text-sm font-semibold text-white focus:outline-none">
        {category.name}
      </h3>
      {!faqs ? (
        waiting
      ) : faqs.length > 0 ? (
        <ul className="grid gap-2" aria-label={`${category.name} questions`}>
          {faqs.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                onClick={() => onChoose(f)}
                className="flex w-full items-center gap-3 rounded-xl border border-white/5 bg-surface-800/70 p-3 text-left text-sm text-white transition-colors hover:border-brand-400/50 hover:bg-surface-800"
              >
                <span className="flex-1">{f.question}</span>
                <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-xl border border-white/5 bg-surface-800/70 p-4 text-sm text-slate-300">
          <p>We don't have articles for {category.name} here yet. Our team is happy to help you directly.</p>
          <LinkList links={fallbackLinks} />
        </div>
      )}
    </div>
  );
}
