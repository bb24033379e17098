import { ArrowRight } from 'lucide-react';
import { fromPrice, planLines, type PlanLine } from '../../data/plans.ts';
import { formatPrice } from '../../lib/price.ts';
import { Icon } from './Icon.tsx';

/** The other lines of the same kind (the other Minecraft or VPS lines), and the way to all products. Static HTML. */
export function RelatedLines({ line }: { line: PlanLine }) {
  const related = planLines.filter((l) => l.group === line.group && l.id !== line.id);
  return (
    <section aria-labelledby="related-heading" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-surface-900/70 p-6 ring-1 ring-white/10 sm:p-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="related-heading" className="text-xl font-bold text-white">
              {related.length > 0 ? 'Compare with' : 'Looking for something else?'}
            </h2>
            <p className="mt-1 text-sm text-slate-300">Every plan comes with NVMe storage, DDoS protection and real-person support.</p>
          </div>
          <a href="/products" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-300 hover:text-white">
            All products
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </div>
        {related.length > 0 && (
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((other) => (
              <li key={other.id}>
                <a
                  href={other.route}
                  className="flex items-center gap-3 rounded-xl bg-white/5 p-4 ring-1 ring-white/10 transition-colors hover:bg-white/10 hover:ring-brand-400/50"
                >
                  <Icon name={other.icon} className="size-5 shrink-0 text-accent-400" />
                  <span className="min-w-0">
                    <span className="block font-semibold text-white">{other.name}</span>
                    <span className="block text-sm text-slate-400">from {formatPrice(fromPrice(other), other.currency)}/month</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
