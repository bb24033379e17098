import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureOwnerOnlyDir } from '../../lib/owner-only.ts';

/**
 * One install of the app on a machine: its data folder, and a short id kept there. Run as root,
 * the id is part of every game server's system user and of the servers' default folder, so two
 * installs on one machine (production and a staging copy beside it) never share either
 * (docs/decisions.md 63).
 */
export interface Install {
  id: string;
  /** Absolute. */
  dataDir: string;
}

export const installIdFileName = 'install-id';
const idPattern = /^[a-z0-9]{6}$/;
const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

function readId(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!idPattern.test(text))
    throw new Error(
      `${file} holds "${text.slice(0, 40)}", not an install id (6 lower-case letters or digits): delete it to have a new one made (run as root, the game servers then get new users and default folders)`,
    );
  return text;
}

/** The install id of `dataDir` (`install-id`, owner-only), made on first use. */
export function loadOrCreateInstall(dataDir: string): Install {
  const absolute = path.resolve(dataDir);
  const file = path.join(absolute, installIdFileName);
  const existing = readId(file);
  if (existing) return { id: existing, dataDir: absolute };
  ensureOwnerOnlyDir(absolute);
  const id = Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('');
  try {
    fs.writeFileSync(file, `${id}\n`, { mode: 0o600, flag: 'wx' });
    return { id, dataDir: absolute };
  } catch (error) {
    // Another instance on the same data folder made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { id: readId(file)!, dataDir: absolute };
  }
}

/** Whether `install` is a live install: its data folder still holds its id. */
export function isLive(install: Install): boolean {
  try {
    return readId(path.join(install.dataDir, installIdFileName)) === install.id;
  } catch {
    return false;
  }
}
