/**
 * The Players tool's contract (docs/decisions.md 110): the server's whitelist, operators and bans
 * under /api/panel/minecraft/players.
 */
import { z } from 'zod';
import { playerListKinds, playerNamePattern } from './minecraft-players-rules.ts';

export const playerListKind = z.enum(playerListKinds);
export const playerName = z
  .string()
  .regex(playerNamePattern, 'A player name is 3 to 16 letters, digits or underscores (_), as Minecraft allows.')
  .describe('A Java Edition player name: 3 to 16 of A-Z, a-z, 0-9 and _.');

export const playerEntry = z.object({
  name: z.string(),
  /** The player's UUID as the file keeps it (null when the file has none). */
  uuid: z.string().nullable(),
});

export const playerListsAnswer = z.object({
  /** Online: changes go through console commands; offline: through the list files. */
  via: z.enum(['console', 'files']),
  /** The lists this server's program keeps (the demo's flying-squid has no whitelist). */
  supported: z.array(playerListKind),
  /** Whether the server checks players' Mojang accounts (server.properties' online-mode; true when unset, as vanilla). */
  onlineMode: z.boolean(),
  /** Why a list cannot be changed now, when it cannot (say, an online-mode server that is stopped). */
  note: z.string().nullable(),
  whitelist: z.array(playerEntry),
  ops: z.array(playerEntry),
  bans: z.array(playerEntry),
});

export const playerListParams = z.strictObject({ list: playerListKind });
export const playerEntryParams = z.strictObject({ list: playerListKind, name: playerName });
export const addPlayerBody = z.strictObject({ name: playerName });
export const playerChangeAnswer = z.object({
  /** How the change was made: a console command to the running server, or the list's file. */
  via: z.enum(['console', 'files']),
  message: z.string(),
});

export type PlayerEntry = z.infer<typeof playerEntry>;
export type PlayerListsAnswer = z.infer<typeof playerListsAnswer>;
export type PlayerChangeAnswer = z.infer<typeof playerChangeAnswer>;
