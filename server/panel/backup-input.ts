import { maxBackupNameLength } from '../../contracts/panel-rules.ts';
import { HttpError } from '../lib/http-error.ts';

/** What both engines check of a backup a request names, before anything is asked of them. */

const controlChars = /[\x00-\x1f\x7f]/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new backup's name, trimmed ('' for none given); 400 with the field's message for control characters or one too long. */
export function checkBackupName(value: string): string {
  const name = value.trim();
  if (controlChars.test(name))
    throw new HttpError(400, 'invalid', 'The backup name cannot contain control characters.', { fields: { name: 'contains control characters' } });
  if (name.length > maxBackupNameLength) {
    throw new HttpError(400, 'invalid', `The backup name can be at most ${maxBackupNameLength} characters.`, {
      fields: { name: `at most ${maxBackupNameLength} characters` },
    });
  }
  return name;
}

export function backupNotFound(): HttpError {
  return new HttpError(404, 'backup_not_found', 'There is no such backup.');
}

/** Backup ids are UUIDs on both engines. */
export function isBackupId(text: string): boolean {
  return uuidPattern.test(text);
}

/** The id, or 404 when it cannot name a backup. */
export function checkBackupId(id: string): string {
  if (!isBackupId(id)) throw backupNotFound();
  return id;
}
