import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { features } from '../../data/features.ts';
import { pageInfo } from '../../data/pages.ts';
import type { PlanLine } from '../../data/plans.ts';
import { FeatureCards } from './FeatureCards.tsx';
import { Icon } from './Icon.tsx';
import { PlanCard } from './PlanCard.tsx';
import { RelatedLines } from './RelatedLines.tsx';
import { planCardData } from './plan-card-data.ts';

const gridColumns: Record<number, string> = {
  3: 'md:grid-cols-3',
  6: 'md:grid-cols-2 lg:grid-cols-3',
  8: 'sm:grid-cols-2 lg:grid-cols-4',
};

/** The heading, intro and highlight chips of a plan page. */
export function PlanHero({ line, children }: { line: PlanLine; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-4xl px-4 pt-10 text-center sm:px-6 lg:px-8">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/30">
        <Icon name={line.icon} className="size-7" />
      </span>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{pageInfo(line.route).heading}</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">{line.intro}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label="Highlights">
        {line.highlights.map((h) => (
          <li key={h} className="inline-flex items-center gap-1.5 rounded-full bg-white/5 px-3 py-1 text-sm text-slate-200 ring-1 ring-white/10">
            <Check aria-hidden="true" className="size-4 text-emerald-400" />
            {h}
          </li>
        ))}
      </ul>
      {children && <div className="mt-6 text-sm">{children}</div>}
    </section>
  );
}

/** The plan cards of a line; `stock` (the stock picker, PlanStockPicker.astro, given as an Astro slot) above them. */
export function PlanGrid({ line, stock }: { line: PlanLine; stock?: ReactNode }) {
  const columns = gridColumns[line.plans.length] ?? 'md:grid-cols-2 lg:grid-cols-3';
  return (
    <section aria-labelledby="plans-heading" className="mx-auto mt-14 max-w-7xl px-4 sm:px-6 lg:px-8">
      <h2 id="plans-heading" className="sr-only">
        {line.name} plans
      </h2>
      {stock}
      <div data-plan-grid={line.id} className={`grid gap-6 pt-3 ${columns}`}>
        {line.plans.map((plan, i) => (
          <PlanCard key={plan.id} plan={planCardData(line, plan)} index={i} />
        ))}
      </div>
      <p className="mt-6 text-center text-sm text-slate-400">
        Prices per month. 7-day money-back guarantee (terms apply). Need help choosing?{' '}
        <a href="/contact" className="text-brand-300 underline underline-offset-2 hover:text-white">
          Talk to us
        </a>
        .
      </p>
    </section>
  );
}

/** The line's three feature cards, when it has them. */
export function PlanFeatures({ line }: { line: PlanLine }) {
  const cards = features.planLines[line.id];
  if (!cards) return null;
  return <FeatureCards title="Included with every plan" features={cards} headingId="features-heading" />;
}

/** A whole plan page body: hero, cards (with the stock island, `stock`), optional extras (the RAM calculator), feature cards. */
export function PlanLineView({ line, stock, children }: { line: PlanLine; stock?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <PlanHero line={line} />
      <PlanGrid line={line} stock={stock} />
      {children}
      <PlanFeatures line={line} />
      <RelatedLines line={line} />
    </>
  );
}
