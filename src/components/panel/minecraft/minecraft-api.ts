/** The browser side of the Minecraft tools' API (/api/panel/minecraft/…): players, settings, version. */
import type { PlayerChangeAnswer, PlayerListsAnswer } from '../../../../contracts/minecraft-players.ts';
import type { PlayerListKind } from '../../../../contracts/minecraft-players-rules.ts';
import type { SettingsAnswer, SettingsChange, SettingsChangeAnswer } from '../../../../contracts/minecraft-settings.ts';
import { apiFetch, type Method } from '../../../lib/api-client.ts';

export type { PlayerChangeAnswer, PlayerListKind, PlayerListsAnswer, SettingsAnswer, SettingsChange, SettingsChangeAnswer };

const call = <T>(method: Method, path: string, body?: unknown) =>
  apiFetch<T>(method, `/api/panel/minecraft${path}`, { body, fallback: 'The panel could not be reached. Please try again.' });

export const minecraftApi = {
  playerLists: () => call<PlayerListsAnswer>('GET', '/players'),
  addPlayer: (list: PlayerListKind, name: string) => call<PlayerChangeAnswer>('POST', `/players/${list}`, { name }),
  removePlayer: (list: PlayerListKind, name: string) => call<PlayerChangeAnswer>('DELETE', `/players/${list}/${encodeURIComponent(name)}`),
  settings: () => call<SettingsAnswer>('GET', '/settings'),
  changeSettings: (change: SettingsChange) => call<SettingsChangeAnswer>('PUT', '/settings', change),
};
