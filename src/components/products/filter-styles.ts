/** The products filter's toggle buttons, pressed and not: the page's HTML and its script (products-filter.ts) share them. */
const filterButton = 'rounded-full px-5 py-2 text-sm font-semibold ring-1 transition-colors';

export const filterButtonClass = {
  pressed: `${filterButton} bg-brand-600 text-white ring-brand-400`,
  unpressed: `${filterButton} bg-white/5 text-slate-200 ring-white/15 hover:bg-white/10`,
} as const;
