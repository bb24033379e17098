/**
 * The stock API (docs/decisions.md 101-103): `GET /api/catalog/stock` for the site and the
 * billing portal, "tell me when it is back", and the staff console's overrides.
 */
import { z } from 'zod';

export * from './stock-rules.ts';

const slug = z.string().regex(/^[a-z0-9-]{1,64}$/, 'Use the id as the catalogue spells it (a-z, 0-9 and -).');

export const stockState = z.enum(['in_stock', 'low', 'sold_out']);
export const stockSource = z.enum(['panel', 'local', 'manual', 'override']);

/** One plan at one location. */
export const stockEntry = z.object({
  line: z.string(),
  plan: z.string(),
  location: z.string(),
  /** Whether it can be ordered there now: the billing portal checks this before taking money. */
  orderable: z.boolean(),
  state: stockState,
  /** How many more fit there, when few ("Only N left") or none; null when in stock. */
  left: z.number().int().min(0).nullable(),
  source: stockSource,
});
export type StockEntry = z.infer<typeof stockEntry>;

export const stockQuery = z.object({
  line: slug.optional(),
  plan: slug.optional(),
  location: slug.optional(),
});

export const stockAnswer = z.object({
  /** When the capacity was last measured (ISO), null before the first round. */
  refreshedAt: z.string().nullable(),
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  stock: z.array(stockEntry),
});
export type StockAnswer = z.infer<typeof stockAnswer>;

export const stockWatchInput = z.object({
  line: slug,
  plan: slug,
  location: slug,
  email: z.email({ error: 'Enter an e-mail address such as you@example.com.' }).max(254, 'Use at most 254 characters.'),
});
export type StockWatchInput = z.infer<typeof stockWatchInput>;

export const stockWatchToken = z.object({ token: z.string().min(10).max(300) });

export const stockWatchConfirmed = z.object({ planName: z.string(), locationName: z.string(), message: z.string() });

export const messageAnswer = z.object({ message: z.string() });

/** An admin's override of one plan at one location. */
export const stockOverrideInput = z
  .object({
    line: slug,
    plan: slug,
    location: slug,
    mode: z.enum(['sold_out', 'count']),
    /** For `count`: how many are left (0 is sold out). */
    count: z.number().int().min(0).max(100_000).optional(),
  })
  .refine((o) => o.mode !== 'count' || o.count !== undefined, { message: 'Give the number left.', path: ['count'] });
export type StockOverrideInput = z.infer<typeof stockOverrideInput>;

export const stockOverrideKey = z.object({ line: slug, plan: slug, location: slug });

/** The console's view of one plan at one location: measured, overridden, and what the site shows. */
export const staffStockRow = stockEntry.extend({
  name: z.string(),
  locationName: z.string(),
  measured: z.object({ left: z.number().int().nullable(), source: stockSource, detail: z.string() }).nullable(),
  override: z.object({ mode: z.enum(['sold_out', 'count']), count: z.number().int().nullable(), by: z.string(), at: z.string() }).nullable(),
  /** Confirmed "tell me" requests waiting for this plan here. */
  waiting: z.number().int(),
});
export type StaffStockRow = z.infer<typeof staffStockRow>;

export const staffStockAnswer = z.object({ refreshedAt: z.string().nullable(), rows: z.array(staffStockRow) });
export type StaffStockAnswer = z.infer<typeof staffStockAnswer>;
