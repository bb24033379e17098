import type { Selectable } from 'kysely';
import type { CatalogDocument, CatalogVersionSummary } from '../../contracts/catalog.ts';
import type { Db } from '../db/schema.ts';
import type { CatalogVersionTable } from './catalog-tables.ts';

export interface CatalogVersion extends CatalogVersionSummary {
  document: CatalogDocument;
}

function summaryOf(row: Selectable<CatalogVersionTable>): CatalogVersionSummary {
  return {
    id: Number(row.id),
    state: row.state === 'published' ? 'published' : 'draft',
    basedOn: Number(row.based_on),
    author: row.author_label,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    publishedBy: row.published_by,
    changes: row.changes ? (JSON.parse(row.changes) as string[]) : [],
  };
}

function versionOf(row: Selectable<CatalogVersionTable>): CatalogVersion {
  return { ...summaryOf(row), document: JSON.parse(row.document) as CatalogDocument };
}

export async function findVersion(db: Db, id: number): Promise<CatalogVersion | undefined> {
  const row = await db.selectFrom('catalog_version').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? versionOf(row) : undefined;
}

/** The version published last, or undefined while the site shows the content files. */
export async function latestPublished(db: Db): Promise<CatalogVersion | undefined> {
  const row = await db.selectFrom('catalog_version').selectAll().where('state', '=', 'published').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? versionOf(row) : undefined;
}

/** Only the id of the version published last (0: none), for the instances' cheap check. */
export async function latestPublishedId(db: Db): Promise<number> {
  const row = await db.selectFrom('catalog_version').select('id').where('state', '=', 'published').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.id) : 0;
}

/** The open draft: the newest draft made after the last publish. */
export async function openDraft(db: Db, publishedId: number): Promise<CatalogVersion | undefined> {
  const row = await db
    .selectFrom('catalog_version')
    .selectAll()
    .where('state', '=', 'draft')
    .where('id', '>', publishedId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? versionOf(row) : undefined;
}

export async function listVersions(db: Db, limit: number): Promise<CatalogVersionSummary[]> {
  const rows = await db.selectFrom('catalog_version').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(summaryOf);
}

export interface NewVersion {
  state: 'draft' | 'published';
  document: CatalogDocument;
  basedOn: number;
  authorId: string | null;
  author: string;
  at: number;
  changes?: string[];
}

export async function insertVersion(db: Db, v: NewVersion): Promise<number> {
  const row = await db
    .insertInto('catalog_version')
    .values({
      state: v.state,
      document: JSON.stringify(v.document),
      based_on: v.basedOn,
      author_id: v.authorId,
      author_label: v.author,
      created_at: v.at,
      updated_at: v.at,
      published_at: v.state === 'published' ? v.at : null,
      published_by: v.state === 'published' ? v.author : null,
      changes: v.changes ? JSON.stringify(v.changes) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateDraft(
  db: Db,
  id: number,
  change: { document: CatalogDocument; authorId: string | null; author: string; at: number },
): Promise<void> {
  await db
    .updateTable('catalog_version')
    .set({ document: JSON.stringify(change.document), author_id: change.authorId, author_label: change.author, updated_at: change.at })
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .execute();
}

/** Marks a draft published with its changes; false when it was no longer a draft. */
export async function markPublished(db: Db, id: number, by: string, at: number, changes: string[]): Promise<boolean> {
  const result = await db
    .updateTable('catalog_version')
    .set({ state: 'published', published_at: at, published_by: by, changes: JSON.stringify(changes) })
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
