/**
 * The "Mods & plugins" tool's rules, shared by the browser and the server (no zod): which server
 * software loads what, from which Modrinth loaders, in which folder (docs/decisions.md 106), and
 * the spelling of the ids and versions a request may carry (docs/decisions.md 108).
 */

export const serverSoftwares = ['paper', 'purpur', 'spigot', 'fabric', 'forge', 'neoforge', 'vanilla'] as const;
export type ServerSoftware = (typeof serverSoftwares)[number];

/** What a project adds to a server: a plugin, a mod or a datapack. */
export const contentKinds = ['plugin', 'mod', 'datapack'] as const;
export type ContentKind = (typeof contentKinds)[number];

interface SoftwareRule {
  label: string;
  /** What the software loads besides datapacks (every server loads datapacks); null: datapacks only. */
  kind: Exclude<ContentKind, 'datapack'> | null;
  /** Modrinth loaders whose files this software runs (Paper runs Spigot and Bukkit plugins; Purpur runs Paper's). */
  loaders: readonly string[];
}

export const softwareRules: Readonly<Record<ServerSoftware, SoftwareRule>> = {
  paper: { label: 'Paper', kind: 'plugin', loaders: ['paper', 'spigot', 'bukkit'] },
  purpur: { label: 'Purpur', kind: 'plugin', loaders: ['purpur', 'paper', 'spigot', 'bukkit'] },
  spigot: { label: 'Spigot', kind: 'plugin', loaders: ['spigot', 'bukkit'] },
  fabric: { label: 'Fabric', kind: 'mod', loaders: ['fabric'] },
  forge: { label: 'Forge', kind: 'mod', loaders: ['forge'] },
  neoforge: { label: 'NeoForge', kind: 'mod', loaders: ['neoforge'] },
  vanilla: { label: 'Vanilla (datapacks only)', kind: null, loaders: [] },
};

/** Datapacks are Modrinth's `datapack` loader. */
export const datapackLoader = 'datapack';

/** The kinds a software can take: its own, and datapacks. */
export function kindsFor(software: ServerSoftware): ContentKind[] {
  const own = softwareRules[software].kind;
  return own ? [own, 'datapack'] : ['datapack'];
}

/** The Modrinth loaders to ask for, for one kind on one software. */
export function loadersFor(software: ServerSoftware, kind: ContentKind): readonly string[] {
  return kind === 'datapack' ? [datapackLoader] : softwareRules[software].loaders;
}

/** The folder the software reads a kind from (a datapack goes in its world's `datapacks/`). */
export function folderFor(kind: ContentKind, levelName: string): string {
  if (kind === 'plugin') return 'plugins';
  if (kind === 'mod') return 'mods';
  return `${levelName}/datapacks`;
}

/** A release (1.21.4), a pre-release or release candidate (1.21-pre1, 1.21-rc1) or a snapshot (24w14a). */
export const gameVersionPattern = /^(?:\d{1,2}\.\d{1,3}(?:\.\d{1,3})?(?:-(?:pre|rc)\d{1,2})?|\d{2}w\d{2}[a-z])$/;
/** A Modrinth project id (8 base-62 characters) or slug: letters, digits, - and _, so it cannot leave its path segment. */
export const projectIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** A Modrinth version id: base-62. */
export const versionIdPattern = /^[A-Za-z0-9]{1,16}$/;
/** The name a file is saved under: one name, no path, a jar for plugins and mods, a zip for datapacks. */
export const fileNamePattern = /^[A-Za-z0-9][A-Za-z0-9 ._+()[\]-]{0,150}$/;

/** The file extension a kind's files must have. */
export const extensionFor = (kind: ContentKind): string => (kind === 'datapack' ? '.zip' : '.jar');
