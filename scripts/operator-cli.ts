// What every operator command (`npm run staff`, `contact`, `monitors`, `agents`) does around its
// own work: read the configuration as the server does, open and migrate the database, run the
// command with the rest of the arguments, close the database, and exit with its code.
import { type AppConfig, ConfigError, loadConfig } from '../server/config/config.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

export interface OperatorContext extends DatabaseHandle {
  config: AppConfig;
  args: string[];
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one operator command; `name` starts its error lines (e.g. "staff: …"). */
export async function runOperatorCli(name: string, command: (context: OperatorContext) => Promise<number>): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db, handle.dialect);
    process.exitCode = await command({
      ...handle,
      config,
      args: process.argv.slice(2),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await handle.db.destroy();
  }
}
