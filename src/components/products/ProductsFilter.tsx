import { useState } from 'react';
import { filterProducts, productFilters, toggleFilter, type ProductFilter } from '../../lib/products-filter.ts';
import { PlanCard } from '../plans/PlanCard.tsx';
import type { PlanCardData } from '../plans/plan-card-data.ts';

type ProductCard = PlanCardData & { category: ProductFilter };

/**
 * The products page filter (spec section 2, DECISIONS 6): toggle buttons Game Servers, VPS
 * Solutions, Other Services; none pressed shows every plan. An island; props are plain values.
 */
export function ProductsFilter({ products }: { products: ProductCard[] }) {
  const [filter, setFilter] = useState<ProductFilter | null>(null);
  const shown = filterProducts(products, filter);
  const label = filter === null ? 'All plans' : productFilters.find((f) => f.id === filter)?.label;

  return (
    <div>
      <div role="group" aria-label="Filter plans" className="flex flex-wrap justify-center gap-2">
        {productFilters.map((f) => {
          const pressed = filter === f.id;
          return (
            <button
              key={f.id}
              type="button"
              aria-pressed={pressed}
              onClick={() => setFilter((current) => toggleFilter(current, f.id))}
              className={`rounded-full px-5 py-2 text-sm font-semibold ring-1 transition-colors ${
                pressed ? 'bg-brand-600 text-white ring-brand-400' : 'bg-white/5 text-slate-200 ring-white/15 hover:bg-white/10'
              }`}
            >
              {f.label}
            </button>
          );
        })}
      </div>
      <p role="status" className="mt-4 text-center text-sm text-slate-400">
        {label}: {shown.length} {shown.length === 1 ? 'plan' : 'plans'}
        {filter !== null && (
          <>
            {' · '}
            <button type="button" onClick={() => setFilter(null)} className="text-brand-300 underline underline-offset-2 hover:text-white">
              Show all
            </button>
          </>
        )}
      </p>
      <div data-products-grid="" className="mt-10 grid gap-6 pt-3 md:grid-cols-2 lg:grid-cols-3">
        {shown.map((plan, i) => (
          <PlanCard key={`${filter ?? 'all'}-${plan.id}`} plan={plan} index={i} variant="product" headingLevel="h2" />
        ))}
      </div>
    </div>
  );
}
