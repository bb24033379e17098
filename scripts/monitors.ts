// Status monitors for operators: `npm run monitors -- list`, `npm run monitors -- import FILE`.
// Reads DATABASE_URL like the server does; running servers take the change without a restart.
import { type AppConfig, ConfigError, loadConfig } from '../server/config/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { runMonitorsCli } from '../server/status/monitors-cli.ts';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}

const { db, dialect, pool } = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db, dialect);
  process.exitCode = await runMonitorsCli(process.argv.slice(2), {
    db,
    config,
    pool,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(`monitors: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
