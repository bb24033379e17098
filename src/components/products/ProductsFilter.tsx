import { useEffect, useRef, useState } from 'react';
import { productFilters, toggleFilter, type ProductFilter } from '../../lib/products-filter.ts';

/**
 * The products page filter (docs/decisions.md 17): toggle buttons Game Servers, VPS
 * Solutions, Other Services; none pressed shows every plan. The cards themselves are static
 * HTML (see ProductGrid) marked with data-category: this island only shows and hides them, so
 * hydrating it costs next to nothing. Props are plain values.
 */
export function ProductsFilter({ gridId, counts }: { gridId: string; counts: Record<ProductFilter | 'all', number> }) {
  const [filter, setFilter] = useState<ProductFilter | null>(null);
  const first = useRef(true);

  useEffect(() => {
    const grid = document.getElementById(gridId);
    if (!grid) return;
    let shown = 0;
    for (const card of grid.querySelectorAll<HTMLElement>('[data-category]')) {
      const visible = filter === null || card.dataset.category === filter;
      card.hidden = !visible;
      if (!visible || first.current) continue;
      // Replay the opening animation, 0.1 s apart in the new order.
      card.style.setProperty('--i', String(shown++));
      card.classList.remove('card-in');
      void card.offsetWidth;
      card.classList.add('card-in');
    }
    first.current = false;
  }, [filter, gridId]);

  const count = counts[filter ?? 'all'];
  const label = filter === null ? 'All plans' : productFilters.find((f) => f.id === filter)?.label;

  return (
    <div>
      <fieldset aria-label="Filter plans" aria-controls={gridId} className="flex flex-wrap justify-center gap-2">
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
      </fieldset>
      <p role="status" className="mt-4 h-5 text-center text-sm text-slate-400">
        {label}: {count} {count === 1 ? 'plan' : 'plans'}
        {filter !== null && (
          <>
            {' · '}
            <button type="button" onClick={() => setFilter(null)} className="text-brand-300 underline underline-offset-2 hover:text-white">
              Show all
            </button>
          </>
        )}
      </p>
    </div>
  );
}
