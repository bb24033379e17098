import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { openDatabase, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    /** PostgreSQL pool for LISTEN/NOTIFY and advisory locks; undefined on SQLite. */
    pgPool: pg.Pool | undefined;
  }
}

/** Opens the database, brings its schema up to date, and closes it when the app closes. */
async function databasePlugin(app: FastifyInstance, options: { databaseUrl: string }): Promise<void> {
  const handle = openDatabase(options.databaseUrl);
  try {
    const ran = await migrateToLatest(handle.db, handle.dialect);
    if (ran.length) app.log.info({ migrations: ran }, 'database migrated');
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.decorate('pgPool', handle.pool);
  app.addHook('onClose', async () => {
    await handle.db.destroy();
  });
}
export const database = fp(databasePlugin, { name: 'database' });
