import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isLive } from '../../server/panel/local/install.ts';
import { canDropPrivileges } from '../../server/panel/local/run-as.ts';
import { claimsRoot } from '../../server/panel/local/user-claims.ts';
import { varRoot } from '../../server/panel/local/var-root.ts';
import { systemProgram } from '../../server/lib/system-programs.ts';

/**
 * What the tests' installs leave on a machine when they run as root (docs/decisions.md 164): each
 * game server a test starts gets a system user (hostfront-<install>-<server>), its claim, and for
 * an install without a servers folder of its own, a folder under /var/lib/hostfront. Once the
 * install's data folder is gone (a temporary folder, or a clone in one), they are removed: its
 * user and group (userdel), its claim and its folder. Only installs whose data folder was under
 * the temporary folder, or whose data folder's own folder is gone too (a removed clone), are
 * touched: never a real install whose data folder is merely not there now.
 * Returns the users removed.
 */
export function removeGoneTestInstalls(): string[] {
  if (!canDropPrivileges()) return [];
  const temporary = `${fs.realpathSync(os.tmpdir())}/`;
  const removed: string[] = [];
  let users: string[];
  try {
    users = fs.readdirSync(claimsRoot).filter((name) => !name.endsWith('.tmp'));
  } catch {
    return removed;
  }
  for (const user of users) {
    const file = path.join(claimsRoot, user);
    let claim: { id?: unknown; dataDir?: unknown };
    try {
      claim = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    if (typeof claim.id !== 'string' || !/^[a-z0-9]{6}$/.test(claim.id) || typeof claim.dataDir !== 'string') continue;
    const inTemporary = claim.dataDir.startsWith(temporary) || claim.dataDir.startsWith('/tmp/');
    // A checkout's ./data whose checkout is gone too (a CI runner's clone, removed after its run).
    const checkoutGone = !fs.existsSync(path.dirname(claim.dataDir));
    if (!inTemporary && !checkoutGone) continue;
    if (isLive({ id: claim.id, dataDir: claim.dataDir })) continue;
    try {
      // By absolute path (docs/decisions.md 62). 6: no such user (removed already).
      execFileSync(systemProgram('userdel'), [user], { stdio: 'ignore' });
    } catch (error) {
      if ((error as { status?: number }).status !== 6) continue;
    }
    fs.rmSync(file, { force: true });
    fs.rmSync(path.join(varRoot, claim.id), { recursive: true, force: true });
    removed.push(user);
  }
  return removed;
}
