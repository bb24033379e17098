import { Headphones } from 'lucide-react';
import type { ReactNode } from 'react';
import { supportPromise } from '../../data/counters.ts';

/**
 * Super simple support: text, the Live Chat button and the counters. Static HTML; the button
 * (a command button that needs no script), the counters and the team's hours (islands) arrive through the slots.
 */
export function SupportBlock({ liveChat, counters, hours }: { liveChat: ReactNode; counters: ReactNode; hours: ReactNode }) {
  return (
    <section aria-labelledby="support-heading" className="mx-auto mt-28 max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="grid items-center gap-10 overflow-hidden rounded-3xl bg-linear-to-br from-brand-700/40 via-surface-900 to-surface-900 p-6 ring-1 ring-white/10 sm:p-10 lg:grid-cols-2 lg:p-14">
        <div>
          <span className="grid size-12 place-items-center rounded-xl bg-white/10 text-white ring-1 ring-white/15">
            <Headphones aria-hidden="true" className="size-6" />
          </span>
          <h2 id="support-heading" className="mt-5 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Super simple support
          </h2>
          <p className="mt-4 max-w-lg text-slate-300">
            Real people, not bots. Ask about plans, billing, plugins or a server that will not start: {supportPromise}
          </p>
          {/* The team's hours, read at run time (docs/decisions.md 92). */}
          <div className="mt-3 max-w-lg">{hours}</div>
          <div className="mt-7 flex flex-wrap items-center gap-4">
            {liveChat}
            <a href="/knowledge" className="text-sm font-semibold text-brand-300 hover:text-white">
              Browse the knowledge base →
            </a>
          </div>
        </div>
        <div>{counters}</div>
      </div>
    </section>
  );
}
