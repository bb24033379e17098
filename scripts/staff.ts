// Staff accounts for operators: `npm run staff -- add EMAIL --role admin|support`, `list`, `reset EMAIL`, `remove EMAIL`.
// Reads DATABASE_URL and PUBLIC_URL (enrolment links start with it) like the server does.
import { type AppConfig, ConfigError, loadConfig } from '../server/config/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { runStaffCli } from '../server/staff/staff-cli.ts';

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
  process.exitCode = await runStaffCli(process.argv.slice(2), {
    db,
    dialect,
    config,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(`staff: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
