import { filterSummary, productFilters, toggleFilter, type ProductFilter } from '../../lib/products-filter.ts';
import { filterButtonClass } from './filter-styles.ts';

const isFilter = (value: string | undefined): value is ProductFilter => productFilters.some((f) => f.id === value);

/**
 * Brings ProductsFilter.astro's buttons to life (docs/decisions.md 143): a press toggles its
 * category (another replaces it, the same one clears it), "Show all" clears it; the cards of the
 * grid are shown or hidden and the shown ones replay their opening animation, 0.1 s apart.
 */
export function startProductsFilter(root: HTMLElement): void {
  const grid = document.getElementById(root.dataset.grid ?? '');
  const counts = JSON.parse(root.dataset.counts ?? '{}') as Record<ProductFilter | 'all', number>;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-filter]')];
  const summary = root.querySelector<HTMLElement>('[data-filter-summary]');
  const clear = root.querySelector<HTMLElement>('[data-filter-clear]');
  let filter: ProductFilter | null = null;

  const show = (next: ProductFilter | null) => {
    filter = next;
    for (const button of buttons) {
      const pressed = button.dataset.filter === filter;
      button.setAttribute('aria-pressed', String(pressed));
      button.className = pressed ? filterButtonClass.pressed : filterButtonClass.unpressed;
    }
    if (summary) summary.textContent = filterSummary(filter, counts);
    if (clear) clear.hidden = filter === null;
    let shown = 0;
    for (const card of grid?.querySelectorAll<HTMLElement>('[data-category]') ?? []) {
      const visible = filter === null || card.dataset.category === filter;
      card.hidden = !visible;
      if (!visible) continue;
      card.style.setProperty('--i', String(shown++));
      card.classList.remove('card-in');
      void card.offsetWidth;
      card.classList.add('card-in');
    }
  };

  for (const button of buttons) {
    button.addEventListener('click', () => {
      const clicked = button.dataset.filter;
      if (isFilter(clicked)) show(toggleFilter(filter, clicked));
    });
  }
  clear?.querySelector('button')?.addEventListener('click', () => show(null));
}
