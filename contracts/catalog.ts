/**
 * The staff console's Catalog (docs/decisions.md 96-97): what the site sells, edited as drafts,
 * published as versions. The document's parts are checked by the content modules' own schemas
 * (src/data/catalog-content.ts) on the server, so this contract carries them as plain JSON.
 */
import { z } from 'zod';

/**
 * The parts of a catalog document: the content modules the console edits, by the names they give
 * defineContent (src/data/catalog-content.ts), each with how a change line or a field message
 * names it (none: its items name themselves, as the plan lines do).
 */
export const catalogParts = {
  plans: undefined,
  'plans.products': 'Products page',
  'plans.taxLines': 'Tax lines',
  help: 'Help',
  knowledge: 'Knowledge base',
} as const satisfies Record<string, string | undefined>;
export type CatalogPartName = keyof typeof catalogParts;
export const catalogPartNames = Object.keys(catalogParts) as CatalogPartName[];

/** A field's path (`plans.products.0.price`) split into its part and the path inside it; the longest part name wins. */
export function splitCatalogPath(path: string): { part: string; rest: string[] } {
  const part = [...catalogPartNames].sort((a, b) => b.length - a.length).find((name) => path === name || path.startsWith(`${name}.`));
  if (!part) {
    const [first = '', ...rest] = path.split('.');
    return { part: first, rest };
  }
  return { part, rest: path === part ? [] : path.slice(part.length + 1).split('.') };
}

/** `{ [content name]: data }`: plans, plans.products, plans.taxLines, help, knowledge. A part left out is the content files' data. */
export const catalogDocument = z.record(z.string(), z.unknown());
export type CatalogDocument = z.infer<typeof catalogDocument>;

export const catalogVersionState = z.enum(['draft', 'published']);

export const catalogVersionSummary = z.object({
  id: z.number().int(),
  state: catalogVersionState,
  /** The version it was edited from; 0 is the content files. */
  basedOn: z.number().int(),
  author: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  publishedAt: z.number().nullable(),
  publishedBy: z.string().nullable(),
  /** Readable changes against the version published before ("Budget VPS › Budget VPS 2 price 9.99 → 8.99 USD"). */
  changes: z.array(z.string()),
});
export type CatalogVersionSummary = z.infer<typeof catalogVersionSummary>;

/** What the console opens with: the document to edit, and where it stands. */
export const catalogView = z.object({
  /** The open draft's id, or null when the editor starts from the published version. */
  draftId: z.number().int().nullable(),
  /** The draft, or else the published version (or the content files). */
  document: catalogDocument,
  /** The published version (0: the content files), and the one this instance serves. */
  publishedId: z.number().int(),
  liveId: z.number().int(),
  versions: z.array(catalogVersionSummary),
});
export type CatalogView = z.infer<typeof catalogView>;

export const catalogDraftBody = z.object({
  /** The draft being replaced (null: a new draft), so two editors do not overwrite each other unseen. */
  draftId: z.number().int().nullable(),
  document: catalogDocument,
});
export type CatalogDraftBody = z.infer<typeof catalogDraftBody>;

export const catalogPublishBody = z.object({ draftId: z.number().int().positive() });
export const catalogVersionParams = z.object({ id: z.coerce.number().int().positive() });

/** A publish or a restore that went live on this instance, and how long the pages took. */
export const catalogPublished = z.object({ version: catalogVersionSummary, buildMs: z.number() });
export type CatalogPublished = z.infer<typeof catalogPublished>;

/** A draft built for preview: its pages are under `path`. */
export const catalogPreview = z.object({ path: z.string(), buildMs: z.number() });
