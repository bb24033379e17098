import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Projects installed from Modrinth with the Game Panel's "Mods & plugins" tool (docs/decisions.md
 * 106): one row per server and project, with the version, the file's path and its SHA-512, so the
 * tool can list them, find updates and remove the right file.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  await db.schema
    .createTable('panel_modrinth_installs')
    .addColumn('driver', 'varchar(16)', (c) => c.notNull())
    .addColumn('server_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('project_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('icon_url', 'text')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('version_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('version_number', 'varchar(100)', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('sha512', 'varchar(128)', (c) => c.notNull())
    .addColumn('installed_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('panel_modrinth_installs_pk', ['driver', 'server_id', 'project_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('panel_modrinth_installs').execute();
}
