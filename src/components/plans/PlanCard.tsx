import { Sparkles, Star } from 'lucide-react';
import type { CSSProperties } from 'react';
import { ButtonLink } from '../ui/Button.tsx';
import { Icon } from './Icon.tsx';
import type { PlanCardData } from './plan-card-data.ts';
import { CheckList } from '../ui/CheckList.tsx';

interface PlanCardProps {
  plan: PlanCardData;
  /** Position in its grid: the opening animation waits 0.1 s per card. */
  index: number;
  /** `plan`: a plan page card; `product`: a products page card (icon, description, lists). */
  variant?: 'plan' | 'product';
  /** The heading level of the card title inside its page. */
  headingLevel?: 'h2' | 'h3';
}

/** One plan, as a card: the same component on every plan page and on the products page. */
export function PlanCard({ plan, index, variant = 'plan', headingLevel: Heading = 'h3' }: PlanCardProps) {
  const emphasised = plan.highlight || plan.recommended;
  const badge = plan.recommended ? 'Recommended' : plan.highlight ? 'Most Popular' : undefined;
  return (
    <article
      id={`plan-${plan.id}`}
      data-plan={plan.id}
      data-highlight={plan.highlight ? 'true' : undefined}
      data-recommended={plan.recommended ? 'true' : undefined}
      data-category={plan.category}
      style={{ '--i': index } as CSSProperties}
      className={`card-in relative flex flex-col rounded-2xl p-6 ${
        emphasised
          ? 'bg-linear-to-b from-brand-600/25 to-surface-900 shadow-2xl shadow-brand-600/20 ring-2 ring-brand-400'
          : 'bg-surface-900/80 ring-1 ring-white/10 hover:ring-white/20'
      } transition-shadow`}
    >
      {badge && (
        <p className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-lg">
          {plan.recommended ? <Star aria-hidden="true" className="size-3.5 fill-current" /> : <Sparkles aria-hidden="true" className="size-3.5" />}
          {badge}
        </p>
      )}
      <div className="flex items-center gap-3">
        {variant === 'product' && plan.icon && (
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/30">
            <Icon name={plan.icon} className="size-6" />
          </span>
        )}
        <Heading className="text-xl font-bold text-white">{plan.name}</Heading>
      </div>
      {plan.description && <p className="mt-3 text-sm text-slate-300">{plan.description}</p>}
      <p className="mt-5 flex flex-wrap items-baseline gap-x-1.5">
        {plan.pricePrefix && <span className="text-sm text-slate-400">{plan.pricePrefix}</span>}
        <span data-price="" className="text-3xl font-extrabold tracking-tight text-white">
          {plan.price}
        </span>
        {plan.period && <span className="text-sm text-slate-400">{plan.period}</span>}
        {plan.taxLine && <span className="text-xs text-slate-400">{plan.taxLine}</span>}
      </p>
      <ul className="mt-5 space-y-2.5 text-sm text-slate-200" aria-label={`${plan.name} specifications`}>
        {plan.specs.map((spec) => (
          <li key={spec.text} className="flex items-start gap-2.5">
            <Icon name={spec.icon} className="mt-0.5 size-4 shrink-0 text-accent-400" />
            {spec.text}
          </li>
        ))}
      </ul>
      {plan.features.length > 0 && (
        <CheckList items={plan.features} className="mt-4 space-y-2 border-t border-white/10 pt-4 text-sm text-slate-300" aria-label={`${plan.name} features`} />
      )}
      {plan.plugins.length > 0 && <TagList title="Popular Plugins" items={plan.plugins} />}
      {plan.tools.length > 0 && <TagList title="Included Tools" items={plan.tools} />}
      <div className="mt-auto pt-6">
        {plan.orderAt && (
          // Filled by the page's stock script (plan-stock.ts) for the chosen location; its height is kept so nothing moves.
          <p id={`stock-${plan.id}`} data-stock-for={plan.id} className="mb-3 flex min-h-10 flex-wrap items-center gap-x-2 text-sm text-slate-300" />
        )}
        <ButtonLink
          href={plan.cta.href}
          aria-label={`${plan.cta.label}: ${plan.name}`}
          aria-describedby={plan.orderAt ? `stock-${plan.id}` : undefined}
          data-order-for={plan.orderAt ? plan.id : undefined}
          data-order-at={plan.orderAt ? JSON.stringify(Object.fromEntries(plan.orderAt.map((o) => [o.location, o.href]))) : undefined}
          variant={emphasised ? 'primary' : 'secondary'}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {plan.cta.label}
        </ButtonLink>
      </div>
    </article>
  );
}

function TagList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="mt-4">
      <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{title}</p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={title}>
        {items.map((item) => (
          <li key={item} className="rounded-md bg-white/5 px-2 py-1 text-xs text-slate-200 ring-1 ring-white/10">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
