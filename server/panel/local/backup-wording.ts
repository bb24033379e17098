import { HttpError } from '../../lib/http-error.ts';
import { checkBackupName } from '../backup-input.ts';

/** What the local driver's backups (local-backups.ts) say to customers: reasons, names. */

export function restoreRunning(): HttpError {
  return new HttpError(409, 'restore_running', 'A backup is being restored on this server. Wait until it has finished.');
}

/** A customer's reading of what went wrong, without paths of this machine. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EIO') return 'a disk read or write failed';
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected EOF|size changed|changed as we read/i.test(message)) return 'a file changed while it was read; stop the server and try again';
  if (message.startsWith('the archive is damaged')) return message;
  return code ? `a file operation failed (${code})` : 'the archive could not be written';
}

/** The name asked for, checked; without one, the time it was made. */
export function checkName(value: string, now: number): string {
  return checkBackupName(value) || `Backup at ${new Date(now).toISOString().slice(0, 19).replace('T', ' ')}`;
}

export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'backup'
  );
}
