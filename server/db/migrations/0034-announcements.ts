import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Announcements (docs/decisions.md 133-135): banners staff schedule in the console, each with its
 * start and end, and one row of settings (whether an open major incident is shown as a banner).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint, serial } = columnTypes(dialect);
  await db.schema
    .createTable('announcement')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link_label', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('tone', 'varchar(16)', (c) => c.notNull())
    .addColumn('pages', 'varchar(16)', (c) => c.notNull())
    .addColumn('starts_at', bigint, (c) => c.notNull())
    .addColumn('ends_at', bigint, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('announcement_ends').on('announcement').column('ends_at').execute();

  // One row (id 1); none means the defaults (the incident banner on).
  await db.schema
    .createTable('announcement_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('incident_banner', 'integer', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('announcement_setting').execute();
  await db.schema.dropTable('announcement').execute();
}
