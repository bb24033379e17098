import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { HelpCategory } from '../../data/help.ts';
import { helpIcons } from './help-icons.ts';

/** The assistant's first view: a greeting, the help categories, and a way to a person (`footer`). */
export function HelpCategories({ categories, onChoose, footer }: { categories: HelpCategory[]; onChoose: (c: HelpCategory) => void; footer: ReactNode }) {
  return (
    <div>
      <p className="px-1 pb-3 text-sm text-slate-300">Hi! What can we help you with?</p>
      <ul className="grid gap-2" aria-label="Help categories">
        {categories.map((c) => {
          const Icon = helpIcons[c.icon];
          return (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onChoose(c)}
                className="flex w-full items-center gap-3 rounded-xl border border-white/5 bg-surface-800/70 p-3 text-left transition-colors hover:border-brand-400/50 hover:bg-surface-800"
              >
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-white">{c.name}</span>
                  <span className="block text-xs text-slate-300">{c.description}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-white/10 pt-4">{footer}</div>
    </div>
  );
}
