// Contact messages for operators: `npm run contact -- list [--failed]`, `show ID`, `retry ID|--failed`, `purge`.
// Reads DATABASE_URL (and the channel variables, for retry) like the server does.
import { type AppConfig, ConfigError, loadConfig } from '../server/config/config.ts';
import { runContactCli } from '../server/contact/contact-cli.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}

const { db, dialect } = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db, dialect);
  process.exitCode = await runContactCli(process.argv.slice(2), {
    db,
    config,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(`contact: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
