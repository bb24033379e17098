/** The currencies plan lines are sold in (docs/decisions.md 7). */
export const currencies = ['INR', 'USD', 'GBP'] as const;
export type Currency = (typeof currencies)[number];

const symbols: Record<Currency, string> = { INR: '₹', USD: '$', GBP: '£' };

/**
 * Digits grouped as the currency's buyers read them (docs/decisions.md 104): rupees in the Indian
 * way, the last three digits and then pairs (1,23,456; 1,00,00,000), the others in threes
 * (123,456). Done here rather than by Intl's en-IN, which a Node or browser without full ICU
 * data groups in threes.
 */
export function groupDigits(digits: string, currency: Currency): string {
  if (currency !== 'INR' || digits.length <= 3) return digits.replace(/\B(?=(\d{3})+$)/g, ',');
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * A monthly price in its currency. Whole amounts show without decimals (₹619) unless
 * `decimals` is 2; other amounts always show two (the products page uses 2 everywhere).
 */
export function formatPrice(amount: number, currency: Currency, options: { decimals?: 'auto' | 2 } = {}): string {
  const digits = options.decimals === 2 || !Number.isInteger(amount) ? 2 : 0;
  const [whole = '0', fraction] = Math.abs(amount).toFixed(digits).split('.');
  return `${amount < 0 ? '-' : ''}${symbols[currency]}${groupDigits(whole, currency)}${fraction ? `.${fraction}` : ''}`;
}

/** The products page form (docs/decisions.md 16): two decimals followed by /Monthly. */
export function formatMonthly(amount: number, currency: Currency): string {
  return `${formatPrice(amount, currency, { decimals: 2 })}/Monthly`;
}
