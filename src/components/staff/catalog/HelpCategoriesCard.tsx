import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { CatalogDocument } from '../../../../contracts/catalog.ts';
import { Button } from '../../ui/Button.tsx';
import { CardSection } from '../CardSection.tsx';
import { FormField } from '../FormField.tsx';
import { Notice } from '../Notice.tsx';
import { input, muted } from '../staff-styles.ts';
import { fieldAt, replaced, swapped, without } from './catalog-fields.ts';
import { helpOf } from './catalog-help.ts';
import { categoriesOf, helpIconNames, maxHelpCategories, newCategory, whyNotRemoved, withCategories } from './catalog-help-categories.ts';
import { ItemControls } from './ItemControls.tsx';

interface HelpCategoriesCardProps {
  document: CatalogDocument;
  fields: Readonly<Record<string, string>>;
  onChange: (document: CatalogDocument) => void;
}

/** The help assistant's categories (docs/decisions.md 160): name, icon and description, in the order the assistant lists them. */
export function HelpCategoriesCard({ document, fields, onChange }: HelpCategoriesCardProps) {
  const [refusal, setRefusal] = useState<string>();
  const help = helpOf(document);
  if (!help) return null;
  const categories = categoriesOf(help);
  const set = (next: typeof categories) => {
    setRefusal(undefined);
    onChange(withCategories(document, next));
  };
  const listError = fields['help.categories'];
  return (
    <CardSection id="catalog-help-categories" title="Help categories">
      <p className={`${muted} mt-1`}>The help assistant's first view lists these, in this order (1 to {maxHelpCategories}).</p>
      <Notice tone="error">{refusal ?? (listError ? `Help categories: ${listError}` : undefined)}</Notice>
      <ol className="mt-3 space-y-3">
        {categories.map((category, i) => {
          const base = `catalog-category-${category.id}`;
          const errorOf = (field: string) => fieldAt(fields, `help.categories.${i}.${field}`);
          const name = `category "${category.name || category.id}"`;
          const count = help.faqs.filter((f) => f.category === category.id).length;
          return (
            <li key={category.id} className="rounded-lg border border-white/10 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 flex-1 text-sm font-semibold break-words text-white">
                  {i + 1}. {category.name || category.id}{' '}
                  <span className="font-normal text-slate-400">
                    ({count} question{count === 1 ? '' : 's'})
                  </span>
                </p>
                <ItemControls
                  name={name}
                  canUp={i > 0}
                  canDown={i < categories.length - 1}
                  onMove={(by) => set(swapped(categories, i, i + by))}
                  onRemove={() => {
                    const why = whyNotRemoved(help, category);
                    if (why) setRefusal(why);
                    else set(without(categories, i));
                  }}
                />
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_10rem_2fr]">
                <FormField id={`${base}-name`} label="Name" error={errorOf('name') ?? errorOf('id')}>
                  <input className={input} value={category.name} onChange={(e) => set(replaced(categories, i, { ...category, name: e.target.value }))} />
                </FormField>
                <FormField id={`${base}-icon`} label="Icon" error={errorOf('icon')}>
                  <select className={input} value={category.icon} onChange={(e) => set(replaced(categories, i, { ...category, icon: e.target.value }))}>
                    {helpIconNames.map((icon) => (
                      <option key={icon} value={icon}>
                        {icon}
                      </option>
                    ))}
                  </select>
                </FormField>
                <FormField id={`${base}-description`} label="Description" error={errorOf('description')}>
                  <input
                    className={input}
                    value={category.description}
                    onChange={(e) => set(replaced(categories, i, { ...category, description: e.target.value }))}
                  />
                </FormField>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="mt-4"
        disabled={categories.length >= maxHelpCategories}
        onClick={() => set([...categories, newCategory(categories)])}
      >
        <Plus aria-hidden="true" className="size-4" /> Add a category
      </Button>
    </CardSection>
  );
}
