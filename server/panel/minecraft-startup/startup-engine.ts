import type { StartupAnswer, StartupVariable } from '../../../contracts/minecraft-startup.ts';
import type { ServerCredentials } from '../driver.ts';

/** Where a server's startup variables live: the panel's egg (Pterodactyl, Pelican) or the servers file (local). */
export interface StartupEngine {
  read(credentials: ServerCredentials): Promise<StartupAnswer>;
  /** Changes one variable (already checked against its rules by the service); answers it as it now is. */
  set(credentials: ServerCredentials, key: string, value: string): Promise<StartupVariable>;
  /** Runs the egg's install script again (the files stay); 409 where there is none. */
  reinstall(credentials: ServerCredentials): Promise<void>;
}
