import { randomUUID } from 'node:crypto';
import { WingsError } from './fake-files.ts';
import type { FakeBackup, FakeGameServers, FakeKey, FakeServer } from './fake-game-server.ts';
import type { FakeTokens } from './fake-tokens.ts';
import { daemonDown, daemonError, notFound, PanelAnswer, unauthorized, type FakeAnswer } from './fake-panel-answer.ts';

/**
 * The panel's file and backup routes (`/api/client/servers/{server}/files/…` and `/backups…`)
 * as docs/pterodactyl.md describes them ("Files", "Backups"): each checks its permission (403
 * "This action is unauthorized."), passes Wings' errors on as DaemonConnectionException,
 * signs one-use links to Wings for downloads and uploads (15 minutes), and makes backups
 * asynchronously under the plan's limit and the 2-per-10-minutes throttle.
 */

export interface FakeBackupThrottle {
  /** Backups a server may start per period (the panel's default: 2 per 600 s; 0 = unlimited). */
  limit: number;
  periodSeconds: number;
}

export interface FilesContext {
  game: FakeGameServers;
  tokens: FakeTokens;
  wingsUrl: () => string;
  backupThrottle: FakeBackupThrottle;
}

/** Where the panel refuses to show a file in its editor (config pterodactyl.files.max_edit_size). */
const maxEditSize = 4 * 1024 * 1024;
const linkLifetimeMs = 15 * 60_000;

function can(key: FakeKey, permission: string): boolean {
  const granted = key.permissions ?? ['*'];
  return granted.includes('*') || granted.includes(permission);
}

export function needs(key: FakeKey, permission: string): void {
  if (!can(key, permission)) throw unauthorized();
}

export function json(body: string): Record<string, unknown> {
  try {
    const value = JSON.parse(body || '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function validation(field: string, rule: string, detail: string): PanelAnswer {
  return new PanelAnswer(422, rule, detail, { meta: { source_field: field, rule } });
}

/** Runs a Wings call, passing its errors on as the panel does. */
function wings<T>(server: FakeServer, fn: () => T): T {
  if (server.wingsDown) throw daemonDown();
  try {
    return fn();
  } catch (error) {
    if (error instanceof WingsError) throw daemonError(error);
    throw error;
  }
}

export function backupAttributes(backup: FakeBackup) {
  return {
    object: 'backup',
    attributes: {
      uuid: backup.uuid,
      is_successful: backup.is_successful,
      is_locked: backup.is_locked,
      name: backup.name,
      ignored_files: backup.ignored_files,
      checksum: backup.checksum,
      bytes: backup.bytes,
      created_at: backup.created_at,
      completed_at: backup.completed_at,
    },
  };
}

/** `rawurldecode`, as the panel applies it to download paths. */
function rawUrlDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function handleServerFiles(context: FilesContext, key: FakeKey, server: FakeServer, method: string, rest: string, url: URL, body: string): FakeAnswer {
  const { game, tokens } = context;
  const signed = (path: string, claims: Record<string, unknown>) => {
    const token = tokens.signPayload({
      ...claims,
      server_uuid: server.uuid,
      user_uuid: key.userUuid,
      unique_id: randomUUID(),
      exp: (Date.now() + linkLifetimeMs) / 1000,
    });
    return { status: 200, body: { object: 'signed_url', attributes: { url: `${context.wingsUrl()}${path}?token=${token}` } } };
  };

  switch (`${method} ${rest}`) {
    case 'GET /files/list':
      needs(key, 'file.read');
      return { status: 200, body: { object: 'list', data: wings(server, () => server.files.list(url.searchParams.get('directory') ?? '/')) } };
    case 'GET /files/contents': {
      needs(key, 'file.read-content');
      const file = url.searchParams.get('file');
      if (!file) throw validation('file', 'required', 'The file field is required.');
      const bytes = wings(server, () => server.files.contents(file));
      if (bytes.length > maxEditSize)
        throw new PanelAnswer(400, 'FileSizeTooLargeException', 'The file you are attempting to open is too large to view in the file editor.');
      return { status: 200, raw: { bytes, contentType: 'text/plain' } };
    }
    case 'GET /files/download': {
      needs(key, 'file.read-content');
      const file = url.searchParams.get('file');
      if (!file) throw validation('file', 'required', 'The file field is required.');
      if (server.wingsDown) throw daemonDown();
      return signed('/download/file', { file_path: rawUrlDecode(file) });
    }
    case 'GET /files/upload':
      needs(key, 'file.create');
      return signed('/upload/file', {});
    case 'POST /files/write': {
      needs(key, 'file.create');
      const file = url.searchParams.get('file');
      if (!file) throw validation('file', 'required', 'The file field is required.');
      wings(server, () => server.files.write(file, Buffer.from(body)));
      return { status: 204 };
    }
    case 'POST /files/create-folder': {
      needs(key, 'file.create');
      const data = json(body);
      if (typeof data.name !== 'string' || data.name === '') throw validation('name', 'required', 'The name field is required.');
      wings(server, () => server.files.createFolder(typeof data.root === 'string' ? data.root : '/', data.name as string));
      return { status: 204 };
    }
    case 'PUT /files/rename': {
      needs(key, 'file.update');
      const data = json(body);
      const files = Array.isArray(data.files) ? (data.files as Array<{ from?: unknown; to?: unknown }>) : [];
      if (typeof data.root !== 'string') throw validation('root', 'present', 'The root field must be present.');
      if (files.length === 0) throw validation('files', 'required', 'The files field is required.');
      wings(server, () => {
        for (const file of files) server.files.rename(data.root as string, String(file.from ?? ''), String(file.to ?? ''));
      });
      return { status: 204 };
    }
    case 'POST /files/delete': {
      needs(key, 'file.delete');
      const data = json(body);
      const files = Array.isArray(data.files) ? data.files.map(String) : [];
      if (typeof data.root !== 'string') throw validation('root', 'required', 'The root field is required.');
      if (files.length === 0) throw validation('files', 'required', 'The files field is required.');
      wings(server, () => {
        for (const file of files) server.files.delete(data.root as string, file);
      });
      return { status: 204 };
    }
    case 'GET /backups': {
      needs(key, 'backup.read');
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 20) || 20, 50);
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const all = server.backups;
      const data = all.slice((page - 1) * perPage, page * perPage).map(backupAttributes);
      const total = all.length;
      return {
        status: 200,
        body: {
          object: 'list',
          data,
          meta: {
            pagination: { total, count: data.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)), links: {} },
            backup_count: all.filter((b) => b.completed_at === null || b.is_successful).length,
          },
        },
      };
    }
    case 'POST /backups': {
      needs(key, 'backup.create');
      const data = json(body);
      if (data.name !== undefined && data.name !== null && (typeof data.name !== 'string' || data.name.length > 191)) {
        throw validation('name', 'max', 'The name may not be greater than 191 characters.');
      }
      const { limit, periodSeconds } = context.backupThrottle;
      if (limit > 0) {
        const recent = server.backupStarts.filter((t) => Date.now() - t < periodSeconds * 1000);
        if (recent.length >= limit) {
          const wait = Math.max(1, Math.ceil((recent[0]! + periodSeconds * 1000 - Date.now()) / 1000));
          throw new PanelAnswer(429, 'TooManyRequestsHttpException', `Only ${limit} backups may be generated within a ${periodSeconds} second span of time.`, {
            headers: { 'Retry-After': String(wait) },
          });
        }
      }
      const counted = server.backups.filter((b) => b.completed_at === null || b.is_successful).length;
      if (!server.backupLimit || counted >= server.backupLimit) {
        throw new PanelAnswer(
          400,
          'TooManyBackupsException',
          `Cannot create a new backup, this server has reached its limit of ${server.backupLimit} backups.`,
        );
      }
      if (server.wingsDown) throw daemonDown();
      const name =
        typeof data.name === 'string' && data.name.trim() !== '' ? data.name.trim() : `Backup at ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
      const backup = game.startBackup(server, name, can(key, 'backup.delete') && data.is_locked === true);
      return { status: 200, body: backupAttributes(backup) };
    }
    default:
      break;
  }

  const match = /^\/backups\/([^/]+)(\/[a-z]+)?$/.exec(rest);
  if (!match) throw notFound();
  const backup = server.backups.find((b) => b.uuid === match[1]);
  if (!backup) throw notFound();
  switch (`${method} ${match[2] ?? ''}`) {
    case 'GET ':
      needs(key, 'backup.read');
      return { status: 200, body: backupAttributes(backup) };
    case 'GET /download':
      needs(key, 'backup.download');
      return signed('/download/backup', { backup_uuid: backup.uuid });
    case 'POST /lock':
      needs(key, 'backup.delete');
      backup.is_locked = !backup.is_locked;
      return { status: 200, body: backupAttributes(backup) };
    case 'POST /restore': {
      needs(key, 'backup.restore');
      if (server.status !== null)
        throw new PanelAnswer(400, 'BadRequestHttpException', 'This server is not currently in a state that allows for a backup to be restored.');
      if (!backup.is_successful && backup.completed_at === null) {
        throw new PanelAnswer(400, 'BadRequestHttpException', 'This backup cannot be restored at this time: not completed or failed.');
      }
      if (server.wingsDown) throw daemonDown();
      game.restoreBackup(server, backup, json(body).truncate === true);
      return { status: 204 };
    }
    case 'DELETE ':
      needs(key, 'backup.delete');
      if (backup.is_locked && backup.is_successful && backup.completed_at !== null) {
        throw new PanelAnswer(400, 'BackupLockedException', 'Cannot delete a backup that is marked as locked.');
      }
      server.backups.splice(server.backups.indexOf(backup), 1);
      return { status: 204 };
    default:
      throw notFound();
  }
}
