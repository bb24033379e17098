/**
 * The "Mods & plugins" tool's contract (/api/panel/modrinth): what the server detected of the
 * game server, a search of Modrinth, a project's fitting version and its required dependencies,
 * installs, the installed list with updates, update and removal (docs/decisions.md 106–109).
 */
import { z } from 'zod';
import { contentKinds, gameVersionPattern, projectIdPattern, serverSoftwares, versionIdPattern } from './modrinth-rules.ts';

export const serverSoftware = z.enum(serverSoftwares);
export const contentKind = z.enum(contentKinds);
const gameVersion = z.string().regex(gameVersionPattern, 'must be a Minecraft version such as 1.21.4');
const projectId = z.string().regex(projectIdPattern, 'must be a Modrinth project id or slug (letters, digits, - and _)');
const versionId = z.string().regex(versionIdPattern, 'must be a Modrinth version id (letters and digits)');

/** What the tool starts from: the server's software and game version, and where they were read. */
export const modrinthContext = z.object({
  software: serverSoftware.nullable(),
  gameVersion: z.string().nullable(),
  /** variables: the panel's startup variables or the servers file's env; files: the server's own files; server: what it answers to a ping. */
  softwareSource: z.enum(['variables', 'files', 'none']),
  versionSource: z.enum(['variables', 'files', 'server', 'none']),
  /** The world folder (server.properties' level-name), where datapacks go. */
  levelName: z.string(),
});
export type ModrinthContext = z.infer<typeof modrinthContext>;

/** The server the customer means: software and version, each request (they may correct what was detected). */
export const targetQuery = z.object({ software: serverSoftware, version: gameVersion, kind: contentKind });
export type TargetQuery = z.infer<typeof targetQuery>;

export const searchQuery = targetQuery.extend({
  q: z.string().max(100, 'must be at most 100 characters').default(''),
  offset: z.coerce.number().int().min(0).max(1000).default(0),
});

export const projectHit = z.object({
  projectId: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  iconUrl: z.string().nullable(),
  downloads: z.number(),
  /** ISO time of the project's last change. */
  updatedAt: z.string(),
});
export type ProjectHit = z.infer<typeof projectHit>;

export const searchAnswer = z.object({ hits: z.array(projectHit), total: z.number(), offset: z.number(), limit: z.number() });
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const projectParams = z.object({ projectId });

/** One version of a project that fits the server. */
export const fittingVersion = z.object({
  versionId: z.string(),
  versionNumber: z.string(),
  name: z.string(),
  fileName: z.string(),
  size: z.number(),
  publishedAt: z.string(),
});

/** What installing a project would bring: its fitting version, and its required dependencies not yet installed. */
export const installPlan = z.object({
  projectId: z.string(),
  title: z.string(),
  version: fittingVersion,
  dependencies: z.array(z.object({ projectId: z.string(), title: z.string(), version: fittingVersion })),
});
export type InstallPlan = z.infer<typeof installPlan>;

export const installBody = z.object({
  software: serverSoftware,
  version: gameVersion,
  kind: contentKind,
  projectId,
  /** The version the plan showed; unset: the newest that fits. */
  versionId: versionId.optional(),
  /** Required dependencies to install with it (from the plan). */
  dependencies: z.array(projectId).max(20).default([]),
});
export type InstallBody = z.infer<typeof installBody>;

export const installedProject = z.object({
  projectId: z.string(),
  title: z.string(),
  iconUrl: z.string().nullable(),
  kind: contentKind,
  versionId: z.string(),
  versionNumber: z.string(),
  /** Where the file is, from the server's root. */
  path: z.string(),
  installedAt: z.string(),
  /** False when the file is no longer there (removed with the file manager). */
  present: z.boolean(),
  /** A newer version that fits, or null. */
  update: z.object({ versionId: z.string(), versionNumber: z.string() }).nullable(),
});
export type InstalledProject = z.infer<typeof installedProject>;

export const installedAnswer = z.object({
  projects: z.array(installedProject),
  /** Why updates are not shown (Modrinth did not answer), or null. */
  updatesNote: z.string().nullable(),
});
export type InstalledAnswer = z.infer<typeof installedAnswer>;

/** What a change did, and whether the server must restart to load it. */
export const changeAnswer = z.object({
  message: z.string(),
  changed: z.array(z.object({ projectId: z.string(), title: z.string(), versionNumber: z.string(), path: z.string() })),
  restartSuggested: z.boolean(),
});
export type ChangeAnswer = z.infer<typeof changeAnswer>;

export const updateBody = z.object({ software: serverSoftware, version: gameVersion });
