import type { PlayerEntry } from '../../../contracts/minecraft-players.ts';
import { playerListFiles, type PlayerListKind } from '../../../contracts/minecraft-players-rules.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * whitelist.json, ops.json and banned-players.json as vanilla writes them (a JSON array of
 * objects with `uuid` and `name`, plus `level` and `bypassesPlayerLimit` for operators and
 * `created`, `source`, `expires`, `reason` for bans). Entries are kept as they were, fields we do
 * not know included; only the added or removed one changes.
 */
export type ListFileEntry = Record<string, unknown>;

export function parseListFile(list: PlayerListKind, text: string): ListFileEntry[] {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? [] : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry)))
    throw new HttpError(
      422,
      'list_file_invalid',
      `${playerListFiles[list]} is not a list the server can read (a JSON array of players). Fix or delete it in Files, then try again.`,
    );
  return parsed as ListFileEntry[];
}

export function entriesOf(entries: ListFileEntry[]): PlayerEntry[] {
  return entries.flatMap((entry) => (typeof entry.name === 'string' ? [{ name: entry.name, uuid: typeof entry.uuid === 'string' ? entry.uuid : null }] : []));
}

const sameName = (entry: ListFileEntry, name: string) => typeof entry.name === 'string' && entry.name.toLowerCase() === name.toLowerCase();

export function hasPlayer(entries: ListFileEntry[], name: string): boolean {
  return entries.some((entry) => sameName(entry, name));
}

/** Vanilla's date format for bans: `2026-11-28 15:04:05 +0000`. */
function banDate(at: number): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} +0000`;
}

/** The new entry, shaped as the server itself would have written it. */
export function newEntry(list: PlayerListKind, name: string, uuid: string, at: number): ListFileEntry {
  if (list === 'ops') return { uuid, name, level: 4, bypassesPlayerLimit: false };
  if (list === 'bans') return { uuid, name, created: banDate(at), source: 'Game Panel', expires: 'forever', reason: 'Banned by an operator.' };
  return { uuid, name };
}

export function withoutPlayer(entries: ListFileEntry[], name: string): ListFileEntry[] {
  return entries.filter((entry) => !sameName(entry, name));
}

/** As vanilla writes them: two spaces, a newline at the end. */
export function listFileText(entries: ListFileEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}
