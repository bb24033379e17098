import type { FakeAnswer } from './fake-panel-answer.ts';
import { daemonDown, notFound, PanelAnswer } from './fake-panel-answer.ts';
import type { FakeBackup, FakeGameServers, FakeKey, FakeServer } from './fake-game-server.ts';
import { can, json, needs, validation } from './fake-panel-guards.ts';

/**
 * The panel's backup routes (`/api/client/servers/{server}/backups…`) as docs/pterodactyl.md
 * describes them ("Backups"): the list with its pagination and count, a backup made
 * asynchronously under the plan's limit and the 2-per-10-minutes throttle, and one backup's
 * details, download link, lock, restore and deletion.
 */

export interface FakeBackupThrottle {
  /** Backups a server may start per period (the panel's default: 2 per 600 s; 0 = unlimited). */
  limit: number;
  periodSeconds: number;
}

interface BackupsContext {
  game: FakeGameServers;
  backupThrottle: FakeBackupThrottle;
}

type Signed = (path: string, claims: Record<string, unknown>) => FakeAnswer;

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

export function backupRoutes(
  context: BackupsContext,
  key: FakeKey,
  server: FakeServer,
  method: string,
  rest: string,
  url: URL,
  body: string,
  signed: Signed,
): FakeAnswer {
  if (rest === '/backups') return backups(context, key, server, method, url, body);
  return oneBackup(context.game, key, server, method, rest, body, signed);
}

/** The list of a server's backups, and a new one. */
function backups(context: BackupsContext, key: FakeKey, server: FakeServer, method: string, url: URL, body: string): FakeAnswer {
  const { game } = context;
  switch (`${method} /backups`) {
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
      throw notFound();
  }
}

/** One backup: its details, a download link, its lock, a restore and its deletion. */
function oneBackup(game: FakeGameServers, key: FakeKey, server: FakeServer, method: string, rest: string, body: string, signed: Signed): FakeAnswer {
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
