// The operators' commands (scripts/staff.ts, scripts/contact.ts) two ways: spawned as `npm run`
// spawns them, and their logic called in this process exactly as those scripts call it. A spawned
// `node` costs about a second on a loaded machine, so each test file spawns the real script for a
// few cases (the script's own path: reading the environment, exit codes, output) and runs the rest
// in process.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type AppConfig, ConfigError, loadConfig } from '../../server/config/config.ts';
import { type Dialect, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What a command's logic is given by its script: the database, the config, where lines go. */
export interface CliRunDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: AppConfig;
  out: (line: string) => void;
  err: (line: string) => void;
}

const root = path.resolve(import.meta.dirname, '../..');
/** Every command needs a session secret to load the config; the tests' own. */
const baseEnv = { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789' };

/** Runs scripts/<name>.ts in a new `node` process with only PATH and `env` set. */
export function spawnCli(name: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, `scripts/${name}.ts`), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...baseEnv, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Does in this process what scripts/<name>.ts does: the config from `env` alone (a config error
 * is its message and exit 1), the database opened and migrated, `run` with the arguments, an
 * error thrown is "<name>: message" and exit 1; console.log's line endings on both streams.
 */
export async function runCliInProcess(
  name: string,
  run: (argv: string[], deps: CliRunDeps) => Promise<number>,
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = (line: string) => (stdout += `${line}\n`);
  const err = (line: string) => (stderr += `${line}\n`);
  let config: AppConfig;
  try {
    config = loadConfig({ ...baseEnv, ...env });
  } catch (error) {
    err(error instanceof ConfigError ? error.message : String(error));
    return { code: 1, stdout, stderr };
  }
  const { db, dialect } = openDatabase(config.databaseUrl);
  let code: number;
  try {
    await migrateToLatest(db, dialect);
    code = await run(args, { db, dialect, config, out, err });
  } catch (error) {
    err(`${name}: ${(error as Error).message}`);
    code = 1;
  } finally {
    await db.destroy();
  }
  return { code, stdout, stderr };
}
