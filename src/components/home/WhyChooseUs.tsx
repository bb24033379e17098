import type { Feature } from '../../data/features.ts';
import { Icon } from '../plans/Icon.tsx';
import { SectionHeading } from './SectionHeading.tsx';
import { cardVariants } from '../ui/card-variants.ts';

/** Why Choose Us: three cards. Static HTML. */
export function WhyChooseUs({ cards }: { cards: readonly Feature[] }) {
  return (
    <section aria-labelledby="why-heading" className="mx-auto mt-28 max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="why-heading"
        eyebrow="Built for performance"
        title="Why Choose Us"
        lead="Enterprise hardware, real protection and a team that answers, at prices made for players."
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {cards.map((card) => (
          <li key={card.title} className={cardVariants({ edge: 'ring', className: 'relative overflow-hidden p-7' })}>
            <div aria-hidden="true" className="absolute -top-16 -right-16 size-40 rounded-full bg-brand-500/15 blur-2xl" />
            <span className="relative grid size-12 place-items-center rounded-xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
              <Icon name={card.icon} className="size-6" />
            </span>
            <h3 className="relative mt-5 text-xl font-semibold text-white">{card.title}</h3>
            <p className="relative mt-2 leading-relaxed text-slate-300">{card.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
