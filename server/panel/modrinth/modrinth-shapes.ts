import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';

/**
 * The parts of Modrinth's API v2 answers this tool reads (docs/modrinth.md lists them with their
 * source), checked on arrival: an answer of another shape is a 502 that names Modrinth, never a
 * crash further on. Unknown fields are ignored.
 */

const text = z.string();
const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date');

/** GET /search: `hits[]`, `offset`, `limit`, `total_hits`. */
export const modrinthSearch = z.object({
  hits: z.array(
    z.object({
      project_id: text,
      slug: text,
      title: text,
      description: text.default(''),
      author: text.default(''),
      icon_url: text.nullable().optional(),
      downloads: z.number(),
      date_modified: isoTime,
    }),
  ),
  offset: z.number(),
  limit: z.number(),
  total_hits: z.number(),
});

/** GET /project/{id|slug}. */
export const modrinthProject = z.object({
  id: text,
  slug: text,
  title: text,
  icon_url: text.nullable().optional(),
  server_side: text.optional(),
});
export type ModrinthProject = z.infer<typeof modrinthProject>;

/** One version: GET /project/{id}/version (an array of these), GET /version/{id}. */
export const modrinthVersion = z.object({
  id: text,
  project_id: text,
  name: text.default(''),
  version_number: text,
  version_type: z.enum(['release', 'beta', 'alpha']).catch('release'),
  loaders: z.array(text),
  game_versions: z.array(text),
  date_published: isoTime,
  dependencies: z
    .array(
      z.object({
        version_id: text.nullable().optional(),
        project_id: text.nullable().optional(),
        file_name: text.nullable().optional(),
        dependency_type: z.enum(['required', 'optional', 'incompatible', 'embedded']),
      }),
    )
    .default([]),
  files: z.array(
    z.object({
      hashes: z.object({ sha512: z.string().regex(/^[0-9a-f]{128}$/), sha1: text.optional() }),
      url: text,
      filename: text,
      primary: z.boolean().default(false),
      size: z.number(),
    }),
  ),
});
export type ModrinthVersion = z.infer<typeof modrinthVersion>;
export const modrinthVersions = z.array(modrinthVersion);

/** Reads an answer with a shape, or a 502 naming Modrinth. */
export function read<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(502, 'modrinth_bad_answer', 'Modrinth answered in a shape this panel does not know; nothing was changed.');
  return parsed.data;
}

/** The file a version installs: the primary one, else the first. */
export function primaryFile(version: ModrinthVersion): ModrinthVersion['files'][number] | undefined {
  return version.files.find((file) => file.primary) ?? version.files[0];
}
