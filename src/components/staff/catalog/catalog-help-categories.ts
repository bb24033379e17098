/**
 * The help assistant's categories as the Catalog edits them (src/data/help/schema.ts,
 * docs/decisions.md 160): add, rename, reorder, remove. A category keeps its questions by id, so
 * one that still has questions is not removed: the editor is told to move or remove them first.
 */
import type { CatalogDocument } from '../../../../contracts/catalog.ts';
import { helpIconNames, maxHelpCategories } from '../../../data/help/schema.ts';
import { freshId } from './catalog-fields.ts';
import type { EditedHelp } from './catalog-help.ts';

export interface EditedCategory {
  id: string;
  name: string;
  icon: string;
  description: string;
  [field: string]: unknown;
}

export { helpIconNames, maxHelpCategories };

export function categoriesOf(help: EditedHelp): EditedCategory[] {
  return help.categories as EditedCategory[];
}

export function withCategories(document: CatalogDocument, categories: EditedCategory[]): CatalogDocument {
  return { ...document, help: { ...(document.help as EditedHelp), categories } };
}

/** A new category at the end, with a name to change and an id of its own. */
export function newCategory(categories: readonly EditedCategory[]): EditedCategory {
  return {
    id: freshId(
      'new-category',
      categories.map((c) => c.id),
      'category',
    ),
    name: 'New category',
    icon: 'life-buoy',
    description: 'What its questions are about',
  };
}

/** Why a category cannot be removed now (it has questions), or undefined when it can. */
export function whyNotRemoved(help: EditedHelp, category: EditedCategory): string | undefined {
  const count = help.faqs.filter((f) => f.category === category.id).length;
  if (count === 0) return undefined;
  const name = category.name || category.id;
  return `"${name}" still has ${count} question${count === 1 ? '' : 's'}: move ${count === 1 ? 'it' : 'them'} to another category (each question's Category field) or remove ${count === 1 ? 'it' : 'them'} first.`;
}
