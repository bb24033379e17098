import fs from 'node:fs';
import path from 'node:path';
import { type Install, isLive } from './install.ts';
import { ensureVarRoot, varRoot } from './var-root.ts';

/**
 * Which install uses each system user that game servers run as, one file per user, root's only
 * (docs/decisions.md 63): Stop and the clean-up after an exit end every process of the user, so
 * two installs sharing one would end each other's servers. A claim whose install is gone (its
 * data folder removed, or holding another id) is taken over.
 */
export const claimsRoot = `${varRoot}/users`;

function claimFile(user: string): string {
  return path.join(claimsRoot, user);
}

function readClaim(user: string): Install | undefined {
  try {
    const claim = JSON.parse(fs.readFileSync(claimFile(user), 'utf8')) as Partial<Install>;
    return typeof claim.id === 'string' && typeof claim.dataDir === 'string' ? { id: claim.id, dataDir: claim.dataDir } : undefined;
  } catch {
    return undefined;
  }
}

/** The other live install that uses `user`, if any. */
export function otherInstallUsing(user: string, install: Install): Install | undefined {
  const claim = readClaim(user);
  if (!claim || (claim.id === install.id && claim.dataDir === install.dataDir)) return undefined;
  return isLive(claim) ? claim : undefined;
}

/** Why `install` may not use `user`: another live install does. */
export function sharedUserMessage(user: string, install: Install, other: Install): string {
  const why = `the system user ${user} is used by the install whose data folder is ${other.dataDir} (install ${other.id}): two installs never share a game server's user, as Stop ends every process of it`;
  if (other.id === install.id)
    return `${why}. ${install.dataDir} is a copy of that data folder: delete ${path.join(install.dataDir, 'install-id')} so this install gets its own id`;
  return `${why}. Give this server another runAs user`;
}

/** Records that `install` uses `user`; refused (with why) when another live install does. */
export function claimUser(user: string, install: Install): void {
  ensureVarRoot();
  fs.mkdirSync(claimsRoot, { recursive: true, mode: 0o700 });
  fs.chmodSync(claimsRoot, 0o700);
  const other = otherInstallUsing(user, install);
  if (other) throw new Error(sharedUserMessage(user, install, other));
  const current = readClaim(user);
  if (current && current.id === install.id && current.dataDir === install.dataDir) return;
  const temporary = `${claimFile(user)}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ id: install.id, dataDir: install.dataDir }), { mode: 0o600 });
  try {
    if (current) {
      // A claim of a gone install: replaced.
      fs.renameSync(temporary, claimFile(user));
      return;
    }
    // No claim yet: made only if no other install made one meanwhile.
    fs.linkSync(temporary, claimFile(user));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = otherInstallUsing(user, install);
    if (winner) throw new Error(sharedUserMessage(user, install, winner));
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
