import type { Generated } from 'kysely';

/** server/db/migrations/0029-catalog.ts */
export interface CatalogVersionTable {
  id: Generated<number>;
  /** 'draft' or 'published'. */
  state: string;
  /** The catalog document as JSON: `{ [content name]: data }` (docs/decisions.md 96). */
  document: string;
  based_on: number;
  author_id: string | null;
  author_label: string;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  published_by: string | null;
  /** JSON array of readable change lines. */
  changes: string | null;
}

export interface CatalogTables {
  catalog_version: CatalogVersionTable;
}
