import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../../lib/http-error.ts';
import { notEditable } from '../file-limits.ts';
import { retryAfterSeconds } from './panel-errors.ts';

/**
 * The panel's refusals on file and backup calls, read with what the call was for: a missing
 * permission names the permission, Wings' own errors (passed on by the panel as
 * DaemonConnectionException, "An error occurred on the remote host: <Wings' words>. (request
 * id: …)") become the matching answer. Anything else falls back to panelError.
 */

interface PanelErrorItem {
  code?: unknown;
  detail?: unknown;
}

function firstError(body: unknown): { code: string; detail: string } {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  const first = Array.isArray(errors) ? (errors[0] as PanelErrorItem | undefined) : undefined;
  return {
    code: typeof first?.code === 'string' ? first.code : '',
    detail: typeof first?.detail === 'string' ? first.detail : '',
  };
}

/** Wings' own words inside the panel's message, without the request id. */
export function wingsWords(detail: string): string {
  return detail
    .replace(/^An error occurred on the remote host:\s*/i, '')
    .replace(/\s*\(request[ _]id: [^)]*\)\s*$/i, '')
    .replace(/\.+$/, '.')
    .trim();
}

export interface CallPurpose {
  /** What the customer tried, after "may not": "open files", "delete backups"… */
  action: string;
  /** The panel permission it needs: "file.read-content"… */
  permission: string;
  /** The call names one backup: a 404 means that backup is gone. */
  backup?: boolean;
}

export function permissionDenied(purpose: CallPurpose): HttpError {
  return new HttpError(
    403,
    'permission_denied',
    `Your access key may not ${purpose.action} on this server: the panel has not given it the ${purpose.permission} permission. Ask the server's owner for it.`,
  );
}

/** A mapError for PanelClient calls on files and backups. */
export function refusalFor(purpose: CallPurpose) {
  return (status: number, body: unknown, headers: IncomingHttpHeaders): HttpError | undefined => {
    const { code, detail } = firstError(body);
    const daemon = code === 'DaemonConnectionException';
    const words = daemon ? wingsWords(detail) : detail;
    switch (status) {
      case 403:
        if (/application api key/i.test(detail)) return undefined;
        if (daemon) return new HttpError(403, 'file_protected', "This file is protected by the server's configuration: it cannot be read or changed here.");
        return permissionDenied(purpose);
      case 404:
        if (daemon) return new HttpError(404, 'not_found', 'That file or folder does not exist.');
        if (purpose.backup) return new HttpError(404, 'backup_not_found', 'There is no such backup.');
        return undefined;
      case 400:
        if (code === 'FileSizeTooLargeException') return notEditable('too_large');
        if (code === 'TooManyBackupsException') return new HttpError(400, 'backup_limit', `${detail} Delete one to make room for a new one.`);
        if (code === 'BackupLockedException') return new HttpError(400, 'backup_locked', 'This backup is locked: unlock it before deleting it.');
        if (daemon) {
          if (/already exists/i.test(words)) return new HttpError(409, 'exists', 'Something with that name is already there.');
          if (/disk space/i.test(words)) return new HttpError(507, 'disk_full', "The server's disk is full: nothing was changed.");
          if (/is a directory/i.test(words)) return new HttpError(422, 'is_directory', 'That is a folder, not a file.');
          return new HttpError(400, 'rejected', words ? `The server's node refused: ${words}` : "The server's node refused that.");
        }
        if (code === 'BadRequestHttpException' && detail) return new HttpError(400, 'rejected', detail);
        return undefined;
      case 429: {
        // The backup throttle speaks of backups; the panel's per-minute limit is left to the usual retry.
        if (!/backup/i.test(detail)) return undefined;
        const wait = Math.max(1, Math.ceil(retryAfterSeconds(headers['retry-after']) ?? 60));
        return new HttpError(429, 'backup_throttled', `${detail} Try again in ${wait} second${wait === 1 ? '' : 's'}.`, {
          headers: { 'Retry-After': String(wait) },
        });
      }
      case 500:
      case 502:
        if (daemon) return new HttpError(502, 'node_error', "The server's node could not do that. Try again in a moment.");
        return undefined;
      default:
        return undefined;
    }
  };
}
