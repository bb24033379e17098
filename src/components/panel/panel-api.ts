/**
 * The browser side of the panel API (/api/panel). The access key goes out once, in the connect
 * call; after that the httpOnly session cookie is the only credential, and the browser never
 * holds the key.
 */

import type {
  Backup,
  BackupList,
  FileList,
  HistoryAnswer,
  HistoryRange,
  PlayerList,
  PowerSignal,
  Schedule,
  ScheduleInput,
  ScheduleList,
  PowerState,
  ServerDetails,
  ServerPermissions,
  ServerResources,
  SessionAnswer,
  TextFile,
} from '../../../contracts/panel.ts';
import type { Grant, MyServer, MyServersAnswer, OpenAnswer, Share, ShareMade } from '../../../contracts/my-servers.ts';
import { apiFetch, type Method } from '../../lib/api-client.ts';

export type { Grant, MyServer, MyServersAnswer, OpenAnswer, Share, ShareMade };

export type { Schedule, ScheduleInput, ScheduleList };
export type { Backup, BackupList, FileList, HistoryAnswer, HistoryRange, PlayerList, PowerState, ServerDetails, ServerPermissions, ServerResources, TextFile };
/** The power actions the page offers (kill is for operators and the API). */
export type PowerAction = Exclude<PowerSignal, 'kill'>;

const call = <T>(method: Method, path: string, body?: unknown) =>
  apiFetch<T>(method, `/api/panel${path}`, { body, fallback: 'The panel could not be reached. Please try again.' });

export const panelApi = {
  connect: (serverId: string, key: string) => call<{ server: ServerDetails }>('POST', '/session', { serverId, key }),
  disconnect: () => call<void>('DELETE', '/session'),
  session: () => call<SessionAnswer>('GET', '/session'),
  server: () => call<ServerDetails>('GET', '/server'),
  resources: () => call<ServerResources>('GET', '/resources'),
  power: (signal: PowerAction) => call<void>('POST', '/power', { signal }),
  command: (command: string) => call<void>('POST', '/command', { command }),
  players: () => call<PlayerList>('GET', '/players'),
  permissions: () => call<ServerPermissions>('GET', '/permissions'),
  history: (range: HistoryRange) => call<HistoryAnswer>('GET', `/history?range=${range}`),

  listFiles: (path: string) => call<FileList>('GET', `/files?path=${encodeURIComponent(path)}`),
  readFile: (path: string) => call<TextFile>('GET', `/files/content?path=${encodeURIComponent(path)}`),
  writeFile: (path: string, content: string) => call<void>('PUT', `/files/content?path=${encodeURIComponent(path)}`, { content }),
  renameFile: (from: string, to: string) => call<void>('POST', '/files/rename', { from, to }),
  createFolder: (path: string) => call<void>('POST', '/files/folder', { path }),
  deleteFile: (path: string) => call<void>('DELETE', `/files?path=${encodeURIComponent(path)}`),

  listBackups: () => call<BackupList>('GET', '/backups'),
  createBackup: (name: string) => call<Backup>('POST', '/backups', { name }),
  restoreBackup: (id: string) => call<void>('POST', `/backups/${encodeURIComponent(id)}/restore`),
  lockBackup: (id: string, locked: boolean) => call<Backup>('POST', `/backups/${encodeURIComponent(id)}/lock`, { locked }),
  deleteBackup: (id: string) => call<void>('DELETE', `/backups/${encodeURIComponent(id)}`),

  myServers: () => call<MyServersAnswer>('GET', '/my-servers'),
  openMine: (serverId: string) => call<OpenAnswer>('POST', `/my-servers/${encodeURIComponent(serverId)}/open`),
  shares: (serverId: string) => call<{ shares: Share[] }>('GET', `/my-servers/${encodeURIComponent(serverId)}/shares`),
  share: (serverId: string, email: string, grants: Grant[]) => call<ShareMade>('POST', `/my-servers/${encodeURIComponent(serverId)}/shares`, { email, grants }),
  changeShare: (serverId: string, shareId: string, grants: Grant[]) =>
    call<Share>('PUT', `/my-servers/${encodeURIComponent(serverId)}/shares/${encodeURIComponent(shareId)}`, { grants }),
  removeShare: (serverId: string, shareId: string) => call<void>('DELETE', `/my-servers/${encodeURIComponent(serverId)}/shares/${encodeURIComponent(shareId)}`),

  listSchedules: () => call<ScheduleList>('GET', '/schedules'),
  createSchedule: (input: ScheduleInput) => call<Schedule>('POST', '/schedules', input),
  updateSchedule: (id: string, input: ScheduleInput) => call<Schedule>('PUT', `/schedules/${encodeURIComponent(id)}`, input),
  deleteSchedule: (id: string) => call<void>('DELETE', `/schedules/${encodeURIComponent(id)}`),
  runSchedule: (id: string) => call<Schedule>('POST', `/schedules/${encodeURIComponent(id)}/run`),
};

/** Downloads are plain links: the browser streams them to disk under the name the server gives. */
export const panelLinks = {
  consoleLog: '/api/panel/console/log',
  file: (path: string) => `/api/panel/files/download?path=${encodeURIComponent(path)}`,
  backup: (id: string) => `/api/panel/backups/${encodeURIComponent(id)}/download`,
};

/** The last server id, remembered in this browser (never the key). */
export const serverIdStorageKey = 'serverId';

export function rememberedServerId(): string {
  try {
    return localStorage.getItem(serverIdStorageKey) ?? '';
  } catch {
    return '';
  }
}

export function rememberServerId(id: string): void {
  try {
    localStorage.setItem(serverIdStorageKey, id);
  } catch {
    // storage disabled: nothing to remember
  }
}
