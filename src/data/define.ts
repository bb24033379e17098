import { z } from 'zod';

/** A content module as it was declared: its schema and the data its file holds. */
export interface ContentEntry {
  schema: z.ZodType;
  /** The data as written in the file (the defaults; version 0 of the catalog, docs/decisions.md 96). */
  data: unknown;
}

/** Every content module loaded so far, by name (the catalog store validates with these schemas). */
export const contentRegistry = new Map<string, ContentEntry>();

/**
 * Data published from the staff console's Catalog, by content name, that replaces a file's data
 * when the site is rebuilt for a publish (docs/decisions.md 97). Only a build sets it (from
 * astro.config.ts); in the browser and in a plain build it is absent and the files' data holds.
 */
function published(name: string): unknown {
  const overrides = (globalThis as { hostfrontContent?: Record<string, unknown> }).hostfrontContent;
  return overrides && Object.hasOwn(overrides, name) ? overrides[name] : undefined;
}

/** The problems of data against a schema, as `path: message` lines naming the module. */
export function contentProblems(name: string, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `  - ${name}${i.path.length ? `.${i.path.map(String).join('.')}` : ''}: ${i.message}`);
}

/**
 * Checks a content module against its schema when the module loads (at build time, and in
 * tests). A bad entry fails the build with one message naming the module, the entry and the
 * problem.
 */
export function defineContent<S extends z.ZodType>(name: string, schema: S, data: z.input<S>): z.output<S> {
  contentRegistry.set(name, { schema, data });
  const result = schema.safeParse(published(name) ?? data);
  if (!result.success) throw new Error(`Content error in ${name}:\n${contentProblems(name, result.error.issues).join('\n')}`);
  return result.data;
}

/** A path inside this site ("/products") or an absolute http(s) URL. */
export const href = z.string().regex(/^(\/[^\s]*|https?:\/\/\S+)$/, 'must be a site path (/…) or an http(s) URL');

/** A link: visible text and where it goes. */
export const link = z.object({ label: z.string().min(1), href });
export type Link = z.infer<typeof link>;

export { z };
