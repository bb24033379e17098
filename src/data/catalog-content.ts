import { catalogPartNames } from '../../contracts/catalog.ts';
import { contentRegistry } from './define.ts';
import './help.ts';
import './knowledge.ts';
import './plans.ts';

/**
 * What the staff console's Catalog edits: these content modules, by the names they give
 * defineContent (docs/decisions.md 96). The catalog document is `{ [name]: data }`; each part
 * is checked by its module's own schema, so fields added to a schema flow through unchanged.
 */
export const catalogContentNames: readonly string[] = catalogPartNames;

export type CatalogDocument = Record<string, unknown>;

/** One thing wrong in a document: where (`plans.3.plans.1.price`) and what. */
export interface CatalogProblem {
  path: string;
  message: string;
}

/** The content files' data: version 0 of the catalog and what a fresh install shows. */
export function catalogDefaults(): CatalogDocument {
  return Object.fromEntries(catalogContentNames.map((name) => [name, contentRegistry.get(name)?.data]));
}

/** Every problem of a document against the content schemas; empty when it may be published. */
export function catalogProblems(document: unknown): CatalogProblem[] {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return [{ path: '', message: 'expected an object of content parts' }];
  const problems: CatalogProblem[] = [];
  for (const key of Object.keys(document)) {
    if (!catalogContentNames.includes(key)) problems.push({ path: key, message: `not a part of the catalog (${catalogContentNames.join(', ')})` });
  }
  for (const name of catalogContentNames) {
    const entry = contentRegistry.get(name);
    if (!entry) throw new Error(`content module ${name} is not loaded`);
    // A part left out is the content files' data, as the build reads it (src/data/define.ts): a
    // version saved before the part was editable (plans.taxLines) stays valid.
    if (!Object.hasOwn(document, name)) continue;
    const result = entry.schema.safeParse((document as CatalogDocument)[name]);
    if (result.success) continue;
    for (const issue of result.error.issues) problems.push({ path: [name, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  return problems;
}
