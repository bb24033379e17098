import { z } from 'zod';

/**
 * Checks a content module against its schema when the module loads (at build time, and in
 * tests). A bad entry fails the build with one message naming the module, the entry and the
 * problem.
 */
export function defineContent<S extends z.ZodType>(name: string, schema: S, data: z.input<S>): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  - ${name}${i.path.length ? `.${i.path.join('.')}` : ''}: ${i.message}`);
    throw new Error(`Content error in ${name}:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** A path inside this site ("/products") or an absolute http(s) URL. */
export const href = z.string().regex(/^(\/[^\s]*|https?:\/\/\S+)$/, 'must be a site path (/…) or an http(s) URL');

/** A link: visible text and where it goes. */
export const link = z.object({ label: z.string().min(1), href });
export type Link = z.infer<typeof link>;

export { z };
