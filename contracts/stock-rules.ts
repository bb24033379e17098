/**
 * Stock per plan and location (docs/decisions.md 101-103), the rules the site and the server
 * share, without zod: what a state is called, when "Only N left" is said, and the catalogue the
 * build publishes for the server (the plans' sizes and locations).
 */

/** A plan at a location: orderable, orderable with few left, or not orderable. */
export type StockState = 'in_stock' | 'low' | 'sold_out';

/** Where a figure came from: the game panel's nodes, this machine, nothing measured (manual lines), or staff. */
export type StockSource = 'panel' | 'local' | 'manual' | 'override';

/** "Only N left" is said from this many down; more is "In stock". */
export const lowStockAt = 5;

/** The state of a count of servers that still fit (null: not counted, orderable). */
export function stockStateOf(left: number | null): StockState {
  if (left === null) return 'in_stock';
  if (left <= 0) return 'sold_out';
  return left <= lowStockAt ? 'low' : 'in_stock';
}

/** The words on a plan card for a location. */
export function stockLabel(state: StockState, left: number | null, locationName: string): string {
  if (state === 'sold_out') return `Sold out at ${locationName}`;
  if (state === 'low') return `Only ${left} left at ${locationName}`;
  return `In stock at ${locationName}`;
}

/** Where the build publishes the plans the server counts stock for (a static JSON file of the site). */
export const stockCatalogPath = '/catalog/stock-plans.json';

/** One plan as the stock job weighs it. */
export interface StockCatalogPlan {
  line: string;
  plan: string;
  /** "Minecraft AMD Diamond": for the console and the mail. */
  name: string;
  /** The line's page, for the mail's link. */
  route: string;
  /** MiB a server of it takes (null: unknown, so never counted from capacity). */
  memoryMb: number | null;
  diskMb: number | null;
  locations: string[];
  source: 'capacity' | 'manual';
}

export interface StockCatalog {
  locations: { id: string; name: string }[];
  plans: StockCatalogPlan[];
}

/** Where a "tell me" confirmation link opens (the token in the fragment, as status subscriptions do). */
export const stockWatchConfirmPath = '/stock/confirm';

/** How many confirmation mails one address may be sent a day, whoever asks (as status subscriptions). */
export const stockWatchConfirmationsPerDay = 3;
