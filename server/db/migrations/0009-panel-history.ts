import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The panel's resource history: one row per server and minute (the key is also the claim that
 * lets only one instance sample a server in a minute), and the servers watched because they
 * had a panel session in the last 24 hours, with the key to sample them (encrypted).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('panel_history')
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('minute', bigint, (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    // Null while the sample is being taken, and when it could not be.
    .addColumn('cpu', real)
    .addColumn('memory', bigint)
    .addColumn('disk', bigint)
    .addPrimaryKeyConstraint('panel_history_pk', ['server_id', 'driver', 'minute'])
    .execute();
  await db.schema.createIndex('panel_history_at').on('panel_history').column('at').execute();

  await db.schema
    .createTable('panel_history_servers')
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('key_ciphertext', 'text', (c) => c.notNull())
    .addColumn('session_until', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('panel_history_servers_pk', ['server_id', 'driver'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('panel_history_servers').execute();
  await db.schema.dropTable('panel_history').execute();
}
