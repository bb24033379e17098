import { formatPrice } from '../lib/price.ts';
import { fromPrice, planLine } from './plans.ts';

/**
 * Text with each `{from:<line id>}` replaced by that line's lowest price as sold ("$4.99", "₹99"):
 * the catalog's plans, so a price published from the staff console is true in the pages'
 * descriptions, search and structured data too (docs/decisions.md 139). An unknown line fails the
 * build.
 */
export function withFromPrices(text: string): string {
  return text.replace(/\{from:([a-z0-9-]+)\}/g, (_, id: string) => {
    const line = planLine(id);
    return formatPrice(fromPrice(line), line.currency);
  });
}
