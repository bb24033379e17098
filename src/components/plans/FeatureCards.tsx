import type { Feature } from '../../data/features.ts';
import { Icon } from './Icon.tsx';
import { cardVariants } from '../ui/card-variants.ts';

/** A row of feature cards (plan pages, products page). Static HTML. */
export function FeatureCards({ title, features, headingId }: { title: string; features: readonly Feature[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mx-auto mt-20 max-w-7xl px-4 sm:px-6 lg:px-8">
      <h2 id={headingId} className="text-center text-2xl font-bold text-white sm:text-3xl">
        {title}
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {features.map((feature) => (
          <li key={feature.title} className={cardVariants({ surface: 'soft', edge: 'ring', className: 'p-6' })}>
            <span className="grid size-12 place-items-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/30">
              <Icon name={feature.icon} className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-white">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-300">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
