import { loadConfig, type AppConfig } from '../../server/config/config.ts';
import { fixtureServersDir } from './reachable-fixture.ts';

/**
 * A configuration for tests: a given database, a fixed session secret, quiet logs, the
 * fixture game servers, and no status monitors unless the test sets MONITORS_FILE. Every value can be overridden.
 */
export function testConfig(databaseUrl: string, env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    MONITORS_FILE: 'test/fixtures/no-monitors.json',
    // The fixture game servers, not the demo (which writes to ./data and starts a Minecraft server).
    LOCAL_SERVERS_FILE: 'test/fixtures/panel-servers.json',
    // Their folders and program where their users can reach them (test/helpers/reachable-fixture.ts).
    GAME_SERVERS_DIR: fixtureServersDir(),
    ...env,
  });
}
