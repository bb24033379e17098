/**
 * The Players tool's rules, shared by the browser and the server without zod (docs/decisions.md
 * 110): which lists there are, and what a player's name may be.
 */

/** The lists a Minecraft server keeps: who may join (whitelist.json), operators (ops.json), bans (banned-players.json). */
export const playerListKinds = ['whitelist', 'ops', 'bans'] as const;
export type PlayerListKind = (typeof playerListKinds)[number];

/** The files vanilla, Paper, Spigot and Fabric keep the lists in, in the server's folder. */
export const playerListFiles: Readonly<Record<PlayerListKind, string>> = {
  whitelist: 'whitelist.json',
  ops: 'ops.json',
  bans: 'banned-players.json',
};

/**
 * A Java Edition player name: 3 to 16 letters, digits or underscores. Nothing else can reach a
 * console command (no space, no newline, no slash), so a name cannot add a command of its own.
 */
export const playerNamePattern = /^[A-Za-z0-9_]{3,16}$/;

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

export function checkPlayerName(input: string): NameCheck {
  const name = input.trim();
  if (playerNamePattern.test(name)) return { ok: true, name };
  return { ok: false, message: 'A player name is 3 to 16 letters, digits or underscores (_), as Minecraft allows.' };
}
