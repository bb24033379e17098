import { locations } from './locations.ts';
import type { z } from './define.ts';

/**
 * Where a line or a plan is sold (docs/decisions.md 101, 159): a list of the ids of
 * src/data/locations.ts. Checked by the plans' schema, so the staff console's Catalog names a
 * wrong choice at its own field (`plans.2.plans.0.locations.1`), as it does for a price.
 */
export const soldAtMessages = {
  none: 'choose at least one location',
  twice: (id: string) => `"${id}" is chosen twice`,
  unknown: (id: string) => `"${id}" is not one of the site's locations (${locations.map((l) => l.id).join(', ')})`,
};

/** Adds an issue for each location id of `ids` the site does not have, or that comes twice, at `path`'s item. */
export function checkSoldAt(ids: readonly string[] | undefined, path: (string | number)[], ctx: z.RefinementCtx): void {
  if (!ids) return;
  const known = new Set(locations.map((l) => l.id));
  const seen = new Set<string>();
  ids.forEach((id, k) => {
    if (!known.has(id)) ctx.addIssue({ code: 'custom', path: [...path, k], message: soldAtMessages.unknown(id) });
    else if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [...path, k], message: soldAtMessages.twice(id) });
    seen.add(id);
  });
}

/** Adds an issue for each key of an order link's `locationIds` that is not one of the site's locations. */
export function checkLocationIds(ids: Readonly<Record<string, string>> | undefined, path: (string | number)[], ctx: z.RefinementCtx): void {
  const known = new Set(locations.map((l) => l.id));
  for (const id of Object.keys(ids ?? {})) if (!known.has(id)) ctx.addIssue({ code: 'custom', path: [...path, id], message: soldAtMessages.unknown(id) });
}
