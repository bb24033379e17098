import fs from 'node:fs';
import path from 'node:path';
import { generateKey, hashKey, verifyKey } from './key-hash.ts';
import { reachableAppScript } from './reachable.ts';
import { canDropPrivileges } from './run-as.ts';

/**
 * The demo: when LOCAL_SERVERS_FILE is unset, the local driver runs one real Minecraft server
 * (flying-squid) declared in `<dataDir>/demo-servers.json`. Its access key is generated on the
 * first start and kept, readable by the owner only, in `<dataDir>/demo-server-key.txt`.
 */
export const demoServerId = 'demo';
export const demoServersFileName = 'demo-servers.json';
export const demoKeyFileName = 'demo-server-key.txt';

const launcher = path.join(import.meta.dirname, 'demo-minecraft.ts');

export interface DemoServer {
  serversFile: string;
  keyFile: string;
  serverId: string;
  key: string;
  /** The key was made by this start (the first): the only time it is shown. */
  created: boolean;
}

function readKey(file: string): string | undefined {
  try {
    return /^key=(\S+)$/m.exec(fs.readFileSync(file, 'utf8'))?.[1];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function keyFileText(key: string): string {
  return ['# The demo Minecraft server of the Hostfront panel. Connect on /control-panel with:', `server=${demoServerId}`, `key=${key}`, ''].join('\n');
}

function writeAtomically(file: string, text: string, mode: number): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode });
  fs.renameSync(temporary, file);
}

function definition(port: number, host: string, keyHash: string, cwd: string, launcherPath: string) {
  return {
    servers: [
      {
        id: demoServerId,
        name: 'Demo Minecraft Server',
        description: `A real Minecraft Java Edition server (flying-squid, offline mode) on port ${port}, running beside this site.`,
        command: 'node',
        args: [launcherPath],
        cwd,
        // On the site's interface unless DEMO_MC_HOST says otherwise: a site on loopback keeps its demo there too.
        env: { DEMO_MC_PORT: String(port), DEMO_MC_HOST: host, DEMO_MC_VERSION: '{{MINECRAFT_VERSION}}' },
        // The Version tool's choice (docs/decisions.md 112): versions flying-squid speaks; each keeps its own world.
        variables: [
          {
            key: 'MINECRAFT_VERSION',
            name: 'Minecraft version',
            description: 'The game version the demo server speaks (flying-squid). Each version keeps a world of its own.',
            default: '1.21.4',
            allowed: ['1.21.4', '1.21.3', '1.21.1', '1.20.5'],
          },
        ],
        // The players list pings the game here.
        minecraftPort: port,
        // flying-squid keeps operators and bans but has no whitelist (docs/decisions.md 110).
        playerLists: ['ops', 'bans'],
        limits: { memory: 1024, disk: 1024, cpu: 100 },
        readyPattern: 'Server listening on port \\d+',
        stopCommand: 'stop',
        stopTimeoutSeconds: 15,
        // The status board's Game Server monitor watches it: keep it up like a real host would.
        autostart: true,
        keyHash,
      },
    ],
  };
}

/**
 * Writes the demo servers file (and the key) on the first start; later starts keep the key and
 * rewrite the file only when the port or the launcher's place changed.
 */
export async function ensureDemoServer(dataDir: string, port: number, host: string, serversDir?: string): Promise<DemoServer> {
  // The demo's folder: in the servers' folder (GAME_SERVERS_DIR) when there is one, else in the
  // data folder, which, run as root, the demo's user must pass through: 0711 lets it through
  // without listing it, and what is secret in there is 0600.
  fs.mkdirSync(dataDir, { recursive: true });
  if (canDropPrivileges() && !serversDir) fs.chmodSync(dataDir, 0o711);
  const cwd = path.join(serversDir ?? dataDir, 'demo-minecraft');
  // Its launcher and packages, mirrored beside the servers' folders when its user cannot reach this checkout.
  const launcherPath = canDropPrivileges() ? reachableAppScript(launcher) : launcher;
  const keyFile = path.join(dataDir, demoKeyFileName);
  const serversFile = path.join(dataDir, demoServersFileName);

  let key = readKey(keyFile);
  let created = false;
  if (key === undefined) {
    const fresh = generateKey();
    try {
      fs.writeFileSync(keyFile, keyFileText(fresh), { mode: 0o600, flag: 'wx' });
      key = fresh;
      created = true;
    } catch (error) {
      // Another instance wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      key = readKey(keyFile);
      if (key === undefined) throw new Error(`${keyFile} has no key= line`);
    }
  }

  let existing: { servers?: Array<{ keyHash?: string }> } | undefined;
  try {
    existing = JSON.parse(fs.readFileSync(serversFile, 'utf8'));
  } catch {
    existing = undefined;
  }
  const existingHash = existing?.servers?.[0]?.keyHash;
  const hashStillFits = typeof existingHash === 'string' && (await verifyKey(key, existingHash).catch(() => false));
  const wanted = definition(port, host, hashStillFits ? existingHash : await hashKey(key), cwd, launcherPath);
  if (JSON.stringify(existing) !== JSON.stringify(wanted)) writeAtomically(serversFile, `${JSON.stringify(wanted, null, 2)}\n`, 0o600);
  return { serversFile, keyFile, serverId: demoServerId, key, created };
}

/**
 * Tells the operator how to connect: the key itself only on the start that created it, later
 * only where it is kept (owner-only), so logs collected over time do not each carry it.
 */
export function announceDemoServer(demo: DemoServer, port: number, log: { info(obj: object, msg: string): void }): void {
  const join = `Minecraft clients join port ${port} once it is started`;
  if (demo.created) {
    log.info(
      { serverId: demo.serverId, keyFile: demo.keyFile, port },
      `Demo Minecraft server created: connect on /control-panel with Server ID "${demo.serverId}" and access key "${demo.key}". This is the only time the key is logged; it is kept in ${demo.keyFile} (readable by its owner only). ${join}`,
    );
    return;
  }
  log.info(
    { serverId: demo.serverId, keyFile: demo.keyFile, port },
    `Demo Minecraft server: connect on /control-panel with Server ID "${demo.serverId}" and the access key in ${demo.keyFile} (readable by its owner only). ${join}`,
  );
}
