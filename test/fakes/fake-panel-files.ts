import { backupRoutes, type FakeBackupThrottle } from './fake-panel-backups.ts';
import type { FakeGameServers, FakeKey, FakeServer } from './fake-game-server.ts';
import type { FakeTokens } from './fake-tokens.ts';
import { daemonDown, notFound, PanelAnswer, type FakeAnswer } from './fake-panel-answer.ts';
import { json, needs, signedLink, validation, wings } from './fake-panel-guards.ts';

/**
 * The panel's file and backup routes (`/api/client/servers/{server}/files/…` and `/backups…`)
 * as docs/pterodactyl.md describes them ("Files", "Backups"): each checks its permission (403
 * "This action is unauthorized."), passes Wings' errors on as DaemonConnectionException,
 * signs one-use links to Wings for downloads and uploads (15 minutes), and makes backups
 * asynchronously under the plan's limit and the 2-per-10-minutes throttle (fake-panel-backups.ts).
 */

export type { FakeBackupThrottle } from './fake-panel-backups.ts';

export interface FilesContext {
  game: FakeGameServers;
  tokens: FakeTokens;
  wingsUrl: () => string;
  backupThrottle: FakeBackupThrottle;
}

/** Where the panel refuses to show a file in its editor (config pterodactyl.files.max_edit_size). */
const maxEditSize = 4 * 1024 * 1024;

/** `rawurldecode`, as the panel applies it to download paths. */
function rawUrlDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function handleServerFiles(context: FilesContext, key: FakeKey, server: FakeServer, method: string, rest: string, url: URL, body: string): FakeAnswer {
  const signed = (path: string, claims: Record<string, unknown>) => signedLink(context.tokens, context.wingsUrl(), key, server, path, claims);
  if (rest.startsWith('/files/')) return fileRoutes(key, server, `${method} ${rest}`, url, body, signed);
  return backupRoutes(context, key, server, method, rest, url, body, signed);
}

type Signed = (path: string, claims: Record<string, unknown>) => FakeAnswer;

function fileRoutes(key: FakeKey, server: FakeServer, route: string, url: URL, body: string, signed: Signed): FakeAnswer {
  switch (route) {
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
    default:
      throw notFound();
  }
}
