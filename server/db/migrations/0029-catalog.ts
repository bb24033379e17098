import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The catalog the staff console edits (docs/decisions.md 96): every version of the document
 * (product lines with their plans, help answers), as JSON, with who wrote it and when, and
 * whether it is a draft or was published (and by whom, when). No published row: the site shows
 * the content files (version 0).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    // The version this one was edited from (0: the content files).
    .addColumn('based_on', bigint, (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_label', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('published_at', bigint)
    .addColumn('published_by', 'text')
    // The readable changes against the version published before it, as a JSON array of lines.
    .addColumn('changes', 'text')
    .execute();
  await db.schema.createIndex('catalog_version_state').on('catalog_version').columns(['state', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_version').execute();
}
