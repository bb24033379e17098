/** The products page filters (docs/decisions.md 17); `null` is "no filter": every plan. */
export const productFilters = [
  { id: 'game', label: 'Game Servers' },
  { id: 'vps', label: 'VPS Solutions' },
  { id: 'other', label: 'Other Services' },
] as const;

export type ProductFilter = (typeof productFilters)[number]['id'];

/** The plans a filter shows: all with none; otherwise those of its category (VPS Solutions: every VPS and VDS line, docs/decisions.md 6). */
export function filterProducts<P extends { category: ProductFilter }>(items: readonly P[], filter: ProductFilter | null): P[] {
  return filter === null ? [...items] : items.filter((p) => p.category === filter);
}

/** Clicking the selected filter again clears it; another filter replaces it. */
export function toggleFilter(current: ProductFilter | null, clicked: ProductFilter): ProductFilter | null {
  return current === clicked ? null : clicked;
}

/** What the filter's status line says: "All plans: 12 plans", "Game Servers: 1 plan". */
export function filterSummary(filter: ProductFilter | null, counts: Record<ProductFilter | 'all', number>): string {
  const count = counts[filter ?? 'all'];
  const label = filter === null ? 'All plans' : productFilters.find((f) => f.id === filter)?.label;
  return `${label}: ${count} ${count === 1 ? 'plan' : 'plans'}`;
}
