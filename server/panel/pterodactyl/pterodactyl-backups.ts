import { HttpError } from '../../lib/http-error.ts';
import { checkBackupId, checkBackupName } from '../backup-input.ts';
import type { Backup, BackupList, FileDownload, ServerCredentials } from '../driver.ts';
import { panelBadAnswer } from './panel-errors.ts';
import { serverPath, type PanelClient } from './panel-client.ts';
import { refusalFor } from './panel-refusals.ts';
import type { ServerExtras } from './server-extras.ts';
import { signedUrl } from './pterodactyl-files.ts';
import { downloadSigned } from './signed-transfer.ts';

/**
 * Backups through the panel's client API (`/backups…`). The panel makes them asynchronously:
 * a new backup has no completed_at until Wings reports back. Restores replace the server's
 * files (truncate: true), as the local driver's do; while one runs the panel answers 409 to
 * everything but the server's own details.
 */

/** Pages of 50 read at most (the panel's largest page): 1,000 backups is far beyond any plan. */
const maxPages = 20;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function isoOrNull(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
}

/** A `backup` object of the client API. */
export function mapBackup(value: unknown): Backup {
  const a = record(record(value)?.attributes);
  if (!a || typeof a.uuid !== 'string') throw panelBadAnswer();
  const completedAt = isoOrNull(a.completed_at);
  return {
    id: a.uuid,
    name: typeof a.name === 'string' ? a.name : '',
    size: typeof a.bytes === 'number' && a.bytes >= 0 ? a.bytes : 0,
    createdAt: isoOrNull(a.created_at) ?? new Date(0).toISOString(),
    completedAt,
    state: completedAt === null ? 'creating' : a.is_successful === true ? 'ready' : 'failed',
    locked: a.is_locked === true,
    checksum: typeof a.checksum === 'string' && a.checksum !== '' ? a.checksum : null,
    failure: null,
  };
}

export interface PterodactylBackupsOptions {
  panel: PanelClient;
  timeoutMs: number;
  /** A fresh `GET server`: its status (restoring?) and extras (the backup limit). */
  server(c: ServerCredentials): Promise<{ status: string | null; extras: ServerExtras }>;
}

export function createPterodactylBackups({ panel, timeoutMs, server }: PterodactylBackupsOptions) {
  const backupsPath = (c: ServerCredentials, rest = '') => serverPath(c.serverId, c.key, `/backups${rest}`);

  async function get(c: ServerCredentials, id: string): Promise<Backup> {
    const body = await panel.request(c.key, 'GET', backupsPath(c, `/${checkBackupId(id)}`), undefined, {
      mapError: refusalFor({ action: 'see backups', permission: 'backup.read', backup: true }),
    });
    return mapBackup(body);
  }

  return {
    get,

    async list(c: ServerCredentials): Promise<BackupList> {
      const details = await server(c);
      const limit = details.extras.backupLimit;
      // While restoring the panel answers 409 to the list: say it is restoring instead.
      if (details.status === 'restoring_backup') return { backups: [], limit, count: 0, restoring: true, restoreFailure: null };
      const backups: Backup[] = [];
      let count = 0;
      for (let page = 1; page <= maxPages; page++) {
        const body = record(
          await panel.request(c.key, 'GET', backupsPath(c, `?per_page=50&page=${page}`), undefined, {
            mapError: refusalFor({ action: 'see backups', permission: 'backup.read' }),
          }),
        );
        if (!body || !Array.isArray(body.data)) throw panelBadAnswer();
        backups.push(...body.data.map(mapBackup));
        const meta = record(body.meta);
        if (typeof meta?.backup_count === 'number') count = meta.backup_count;
        const pagination = record(meta?.pagination);
        const totalPages = typeof pagination?.total_pages === 'number' ? pagination.total_pages : 1;
        if (page >= totalPages) break;
      }
      backups.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { backups, limit, count: count || backups.filter((b) => b.state !== 'failed').length, restoring: false, restoreFailure: null };
    },

    async create(c: ServerCredentials, requestedName: string): Promise<Backup> {
      const name = checkBackupName(requestedName);
      const body = await panel.request(c.key, 'POST', backupsPath(c), name ? { name } : {}, {
        mapError: refusalFor({ action: 'create backups', permission: 'backup.create' }),
      });
      return mapBackup(body);
    },

    async download(c: ServerCredentials, id: string): Promise<FileDownload> {
      const backup = await get(c, id);
      if (backup.state !== 'ready') throw new HttpError(409, 'backup_not_ready', 'This backup is not complete: it cannot be downloaded.');
      const body = await panel.request(c.key, 'GET', backupsPath(c, `/${backup.id}/download`), undefined, {
        mapError: refusalFor({ action: 'download backups', permission: 'backup.download', backup: true }),
      });
      return downloadSigned(signedUrl(body), `${backup.name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'backup'}.tar.gz`, timeoutMs);
    },

    async restore(c: ServerCredentials, id: string): Promise<void> {
      await panel.request(
        c.key,
        'POST',
        backupsPath(c, `/${checkBackupId(id)}/restore`),
        { truncate: true },
        {
          mapError: refusalFor({ action: 'restore backups', permission: 'backup.restore', backup: true }),
        },
      );
    },

    async setLocked(c: ServerCredentials, id: string, locked: boolean): Promise<Backup> {
      const current = await get(c, id);
      if (current.locked === locked) return current;
      // The panel only toggles.
      const body = await panel.request(c.key, 'POST', backupsPath(c, `/${current.id}/lock`), undefined, {
        mapError: refusalFor({ action: 'lock or unlock backups', permission: 'backup.delete', backup: true }),
      });
      return mapBackup(body);
    },

    async remove(c: ServerCredentials, id: string): Promise<void> {
      await panel.request(c.key, 'DELETE', backupsPath(c, `/${checkBackupId(id)}`), undefined, {
        mapError: refusalFor({ action: 'delete backups', permission: 'backup.delete', backup: true }),
      });
    },
  };
}

export type PterodactylBackups = ReturnType<typeof createPterodactylBackups>;
