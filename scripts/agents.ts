// Probe agents' tokens for operators: `npm run agents -- add LOCATION | list | revoke ID`.
// Reads DATABASE_URL like the server does.
import { type AppConfig, ConfigError, loadConfig } from '../server/config/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { runAgentsCli } from '../server/probe-locations/agents-cli.ts';

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
  process.exitCode = await runAgentsCli(process.argv.slice(2), { db, out: (line) => console.log(line), err: (line) => console.error(line) });
} catch (error) {
  console.error(`agents: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
