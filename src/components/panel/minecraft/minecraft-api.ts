/** The browser side of the Minecraft tools' API (/api/panel/minecraft/…): players, settings, version. */
import type { PlayerChangeAnswer, PlayerListsAnswer } from '../../../../contracts/minecraft-players.ts';
import type { PlayerListKind } from '../../../../contracts/minecraft-players-rules.ts';
import type { SettingsAnswer, SettingsChange, SettingsChangeAnswer } from '../../../../contracts/minecraft-settings.ts';
import type { StartupAnswer, StartupVariable, StartupVariableAnswer } from '../../../../contracts/minecraft-startup.ts';
import { apiFetch, type Method } from '../../../lib/api-client.ts';

export type { PlayerChangeAnswer, PlayerListKind, PlayerListsAnswer, SettingsAnswer, SettingsChange, SettingsChangeAnswer, StartupAnswer, StartupVariable };

const call = <T>(method: Method, path: string, body?: unknown) =>
  apiFetch<T>(method, `/api/panel/minecraft${path}`, { body, fallback: 'The panel could not be reached. Please try again.' });

export const minecraftApi = {
  playerLists: () => call<PlayerListsAnswer>('GET', '/players'),
  addPlayer: (list: PlayerListKind, name: string) => call<PlayerChangeAnswer>('POST', `/players/${list}`, { name }),
  removePlayer: (list: PlayerListKind, name: string) => call<PlayerChangeAnswer>('DELETE', `/players/${list}/${encodeURIComponent(name)}`),
  settings: () => call<SettingsAnswer>('GET', '/settings'),
  changeSettings: (change: SettingsChange) => call<SettingsChangeAnswer>('PUT', '/settings', change),
  startup: () => call<StartupAnswer>('GET', '/startup'),
  setVariable: (key: string, value: string) => call<StartupVariableAnswer>('PUT', '/startup/variable', { key, value }),
  reinstall: () => call<void>('POST', '/startup/reinstall'),
};
