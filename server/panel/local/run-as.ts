import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

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
 * The system account of a game server: hostfront-gs-<id> when the id fits a user name (lower
 * case, 32 characters in all), else a shortened id with a hash so two ids never share one.
 */
export function accountName(serverId: string): string {
  const plain = serverId.toLowerCase();
  if (plain === serverId && /^[a-z0-9][a-z0-9-]{0,18}$/.test(plain)) return `hostfront-gs-${plain}`;
  const slug =
    plain
      .replace(/[^a-z0-9-]/g, '-')
      .replace(/^-+/, '')
      .slice(0, 11) || 'x';
  const hash = createHash('sha256').update(serverId).digest('hex').slice(0, 7);
  return `hostfront-gs-${slug}-${hash}`;
}

function lookup(user: string): RunAs | undefined {
  for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === user && uid !== undefined && gid !== undefined) return { user, uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

/** Creates the account when missing (useradd --system, its own group, no login, no home of its own). */
async function ensureAccount(user: string, home: string, serverId: string): Promise<RunAs> {
  const existing = lookup(user);
  if (existing) return existing;
  try {
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      home,
      '--shell',
      '/usr/sbin/nologin',
      '--comment',
      `Hostfront game server ${serverId}`,
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

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await fs.promises.lchown(dir, uid, gid);
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await chownTree(full, uid, gid);
      continue;
    }
    // A file with another name elsewhere (a hard link the server made to a file it cannot read) keeps its owner.
    const stat = await fs.promises.lstat(full);
    if (stat.isFile() && stat.nlink > 1 && stat.uid !== uid) continue;
    await fs.promises.lchown(full, uid, gid);
  }
}

/**
 * Prepares a game server's account, when the app runs as root: the configured `runAs` user (never
 * root) or its own system user, created when missing; its working directory created if needed,
 * given to that user and closed to others (0700), so it is the one place the server can write.
 */
export async function prepareRunAs(server: { id: string; cwd: string; runAs?: string | undefined }): Promise<RunAs> {
  const user = server.runAs ?? accountName(server.id);
  const account = server.runAs ? lookup(server.runAs) : await ensureAccount(user, server.cwd, server.id);
  if (!account) throw new Error(`the runAs user ${user} does not exist`);
  if (account.uid === 0 || account.gid === 0) throw new Error(`a game server never runs as root (runAs ${user})`);
  checkReachable(server.cwd, account);
  await chownTree(server.cwd, account.uid, account.gid);
  await fs.promises.chmod(server.cwd, 0o700);
  return account;
}
