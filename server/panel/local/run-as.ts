import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { systemProgram } from '../../lib/system-programs.ts';
import type { Install } from './install.ts';
import { claimUser, otherInstallUsing, sharedUserMessage } from './user-claims.ts';

const run = promisify(execFile);

/** The account a game server runs as, when the app runs as root. */
export interface RunAs {
  user: string;
  uid: number;
  gid: number;
}

/** Whether game servers are moved to their own accounts: only root can. */
export function canDropPrivileges(): boolean {
  return process.getuid?.() === 0;
}

/**
 * The system account of a game server of an install: hostfront-<install id>-<server id> when the
 * id fits a user name (lower case, 32 characters in all), else a shortened id with a hash so two
 * ids never share one (docs/decisions.md 63).
 */
export function accountName(serverId: string, installId: string): string {
  const prefix = `hostfront-${installId}-`;
  const room = 32 - prefix.length;
  const plain = serverId.toLowerCase();
  if (plain === serverId && plain.length <= room && /^[a-z0-9][a-z0-9-]*$/.test(plain)) return `${prefix}${plain}`;
  const slug =
    plain
      .replace(/[^a-z0-9-]/g, '-')
      .replace(/^-+/, '')
      .slice(0, room - 8) || 'x';
  const hash = createHash('sha256').update(serverId).digest('hex').slice(0, 7);
  return `${prefix}${slug}-${hash}`;
}

function passwd(): RunAs[] {
  return fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .flatMap((line) => {
      const [user, , uid, gid] = line.split(':');
      return user && uid !== undefined && gid !== undefined ? [{ user, uid: Number(uid), gid: Number(gid) }] : [];
    });
}

function lookup(user: string): RunAs | undefined {
  return passwd().find((account) => account.user === user);
}

/** Creates the account when missing (useradd --system, its own group, no login, no home of its own). */
async function ensureAccount(user: string, home: string, serverId: string, install: Install): Promise<RunAs> {
  const existing = lookup(user);
  if (existing) return existing;
  try {
    // By absolute path, never through PATH (docs/decisions.md 62).
    await run(systemProgram('useradd'), [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      home,
      '--shell',
      '/usr/sbin/nologin',
      '--comment',
      `Hostfront game server ${serverId} of install ${install.id}`,
      user,
    ]);
  } catch (error) {
    // 9: another instance created it meanwhile.
    if ((error as { code?: number }).code !== 9) throw new Error(`could not create the system user ${user} (useradd: ${(error as Error).message.trim()})`);
  }
  const created = lookup(user);
  if (!created) throw new Error(`the system user ${user} was not created`);
  return created;
}

/** Every folder above the working directory must let the account through (search permission). */
function checkReachable(cwd: string, account: RunAs): void {
  let dir = path.dirname(cwd);
  for (;;) {
    const stat = fs.statSync(dir);
    const through = stat.uid === account.uid ? stat.mode & 0o100 : stat.gid === account.gid ? stat.mode & 0o010 : stat.mode & 0o001;
    if (!through)
      throw new Error(`user ${account.user} cannot reach ${cwd}: ${dir} does not let others through (chmod o+x ${dir}, or move the server's folder)`);
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/**
 * The account of a game server, created when missing; never root, and never one another install
 * uses (user-claims.ts): refused with the reason.
 */
export async function accountFor(server: { id: string; cwd: string; runAs?: string | undefined }, install: Install): Promise<RunAs> {
  const user = server.runAs ?? accountName(server.id, install.id);
  const other = otherInstallUsing(user, install);
  if (other) throw new Error(sharedUserMessage(user, install, other));
  const account = server.runAs ? lookup(server.runAs) : await ensureAccount(user, server.cwd, server.id, install);
  if (!account) throw new Error(`the runAs user ${user} does not exist`);
  if (account.uid === 0 || account.gid === 0) throw new Error(`a game server never runs as root (runAs ${user})`);
  claimUser(user, install);
  return account;
}

/**
 * Makes the server's folder ready for its account, without walking it as root: made when missing
 * (owned by the account, 0700, in a folder only root may change), else opened without following
 * a link and given to the account by its descriptor. A folder that is not the account's yet (made
 * by the operator, or before this version) is handed over once with coreutils' `chown -R -P`,
 * which walks by descriptors and never follows a link; a folder the account already owns is
 * never walked at all. One owned by a user another install uses is refused (docs/decisions.md 63).
 */
export async function prepareFolder(cwd: string, account: RunAs, install: Install): Promise<void> {
  const parent = path.dirname(cwd);
  await fs.promises.mkdir(parent, { recursive: true });
  const parentStats = await fs.promises.lstat(parent);
  if (parentStats.uid === account.uid)
    throw new Error(`the folder above ${cwd} belongs to ${account.user}: it must be root's, so the server cannot swap its own folder`);
  checkReachable(cwd, account);
  await fs.promises.mkdir(cwd, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const handle = await fs.promises.open(cwd, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW);
  try {
    const stats = await handle.stat();
    if (stats.uid !== account.uid) {
      // Another install's server's folder (a GAME_SERVERS_DIR both name) is never taken over.
      const owner = passwd().find((entry) => entry.uid === stats.uid)?.user;
      const other = owner === undefined ? undefined : otherInstallUsing(owner, install);
      if (owner && other)
        throw new Error(
          `the folder ${cwd} belongs to ${owner}, a game server's user of the install whose data folder is ${other.dataDir} (install ${other.id}): two installs never share a server's folder; give this server another cwd or GAME_SERVERS_DIR`,
        );
      await handle.chown(0, 0);
      await handle.chmod(0o700);
      await run(systemProgram('chown'), ['-R', '-P', '--no-dereference', '--', `${account.uid}:${account.gid}`, cwd]);
    }
    await handle.chown(account.uid, account.gid);
    if ((stats.mode & 0o777) !== 0o700) await handle.chmod(0o700);
  } finally {
    await handle.close();
  }
}
