/** The currencies plan lines are sold in (docs/decisions.md 7). */
export const currencies = ['INR', 'USD', 'GBP'] as const;
export type Currency = (typeof currencies)[number];

/** Each currency in the locale its buyers read it in: ₹1,099 / $4.99 / £29.99. */
const locales: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US', GBP: 'en-GB' };

/**
 * A monthly price in its currency. Whole amounts show without decimals (₹619) unless
 * `decimals` is 2; other amounts always show two (the products page uses 2 everywhere).
 */
export function formatPrice(amount: number, currency: Currency, options: { decimals?: 'auto' | 2 } = {}): string {
  const digits = options.decimals === 2 || !Number.isInteger(amount) ? 2 : 0;
  return new Intl.NumberFormat(locales[currency], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** The products page form (docs/decisions.md 16): two decimals followed by /Monthly. */
export function formatMonthly(amount: number, currency: Currency): string {
  return `${formatPrice(amount, currency, { decimals: 2 })}/Monthly`;
}
