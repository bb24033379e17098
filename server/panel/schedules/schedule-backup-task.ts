import { maxBackupNameLength } from '../../../contracts/panel-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GameServerDriver, ServerCredentials } from '../driver.ts';
import type { StoredSchedule } from './schedule-repository.ts';

/** How long a backup task waits for its archive before the next task runs (well inside the run's lease). */
export const backupWaitMs = 4 * 60_000;
/** How often a backup task looks whether its archive is done. */
const backupPollMs = 500;
const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/**
 * A schedule's backup task (server/panel/schedules/schedule-runner.ts): at the plan's limit it
 * replaces the oldest unlocked backup or fails, as the task says; then it waits for the archive.
 * Answers what happened in words, or throws why it failed; `detail` gets what the audit entry
 * names (the backup's name, the one it replaced).
 */
export async function scheduledBackup(
  deps: { driver: GameServerDriver; now: () => number },
  schedule: StoredSchedule,
  c: ServerCredentials,
  onLimit: 'replace-oldest-unlocked' | 'fail',
  detail: Record<string, string | number | null>,
): Promise<string> {
  const { driver } = deps;
  const list = await driver.listBackups(c);
  let replaced = '';
  if (list.limit === 0) throw new HttpError(400, 'backup_limit', "The server's plan includes no backups.");
  if (list.count >= list.limit) {
    if (onLimit === 'fail')
      throw new HttpError(400, 'backup_limit', `The plan's limit of ${list.limit} backups is reached, and this task was set to fail rather than replace one.`);
    const oldest = list.backups
      .filter((b) => !b.locked && b.state !== 'creating')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .at(0);
    if (!oldest)
      throw new HttpError(400, 'backup_limit', `The plan's limit of ${list.limit} backups is reached and every backup is locked: nothing could be replaced.`);
    await driver.deleteBackup(c, oldest.id);
    detail.replaced = oldest.name;
    replaced = ` It replaced "${oldest.name}", the oldest unlocked backup.`;
  }
  const stamp = new Date(deps.now()).toISOString().slice(0, 16).replace('T', ' ');
  const name = `${schedule.name} ${stamp}`.slice(0, maxBackupNameLength);
  detail.name = name;
  const made = await driver.createBackup(c, name);
  detail.backup = made.id;
  // The next task (often a restart) waits for the archive, and a backup that fails fails its task.
  const settled = await backupSettled(driver, c, made.id);
  if (settled?.state === 'failed')
    throw new HttpError(502, 'backup_failed', `Backup "${made.name}" failed: ${settled.failure ?? 'the engine gave no reason'}.`);
  if (settled?.state === 'ready') return `Backup "${made.name}" made.${replaced}`;
  return `Backup "${made.name}" started; it was still being made ${minutes(backupWaitMs)} minutes later, so the run went on.${replaced}`;
}

/** The backup once it is ready or failed; undefined while it is still being made after backupWaitMs (real time: the archive takes what it takes). */
async function backupSettled(driver: GameServerDriver, c: ServerCredentials, id: string): Promise<{ state: string; failure: string | null } | undefined> {
  const deadline = Date.now() + backupWaitMs;
  for (;;) {
    const found = (await driver.listBackups(c)).backups.find((b) => b.id === id);
    if (!found) return { state: 'failed', failure: 'it is gone from the list of backups' };
    if (found.state !== 'creating') return found;
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, backupPollMs));
  }
}
