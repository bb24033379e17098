import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { CatalogDocument } from '../../../../contracts/catalog.ts';
import { Button } from '../../ui/Button.tsx';
import { CardSection } from '../CardSection.tsx';
import { input, label, muted } from '../staff-styles.ts';
import { fieldAt, replaced, swapped, without } from './catalog-fields.ts';
import { helpOf, neighbourInCategory, withFaqs, withNewFaq } from './catalog-help.ts';
import { HelpFaqEditor } from './HelpFaqEditor.tsx';

interface HelpFaqsCardProps {
  document: CatalogDocument;
  fields: Readonly<Record<string, string>>;
  generation: number;
  onChange: (document: CatalogDocument) => void;
}

/** The help assistant's questions (src/data/help.ts), one category at a time: edit, add, remove, reorder. */
export function HelpFaqsCard({ document, fields, generation, onChange }: HelpFaqsCardProps) {
  const help = helpOf(document);
  const [chosen, setCategory] = useState(help?.categories[0]?.id ?? '');
  if (!help) return null;
  // The category on show, or the first when it was removed.
  const category = help.categories.some((c) => c.id === chosen) ? chosen : (help.categories[0]?.id ?? '');
  const faqs = help.faqs;
  const shown = faqs.flatMap((faq, index) => (faq.category === category ? [{ faq, index }] : []));
  const set = (next: typeof faqs) => onChange(withFaqs(document, next));
  return (
    <CardSection id="catalog-help" title="Help answers">
      <p className={`${muted} mt-1`}>The help assistant's questions and answers, by category. Its search covers the knowledge base too.</p>
      <div className="mt-3 max-w-sm">
        <label htmlFor="catalog-help-category" className={label}>
          Help category
        </label>
        <select id="catalog-help-category" className={input} value={category} onChange={(e) => setCategory(e.target.value)}>
          {help.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({faqs.filter((f) => f.category === c.id).length} questions)
            </option>
          ))}
        </select>
      </div>
      <div className="mt-4 space-y-4">
        {shown.length === 0 ? <p className={muted}>No questions in this category: the assistant offers its general links.</p> : null}
        {shown.map(({ faq, index }) => (
          <HelpFaqEditor
            key={`${generation}-${faq.id}`}
            faq={faq}
            categories={help.categories}
            idBase={`catalog-faq-${faq.id}`}
            canUp={neighbourInCategory(faqs, index, -1) >= 0}
            canDown={neighbourInCategory(faqs, index, 1) >= 0}
            errorOf={(field) => fieldAt(fields, `help.faqs.${index}.${field}`)}
            onChange={(next) => set(replaced(faqs, index, next))}
            onMove={(by) => set(swapped(faqs, index, neighbourInCategory(faqs, index, by)))}
            onRemove={() => set(without(faqs, index))}
          />
        ))}
      </div>
      <Button variant="secondary" size="sm" className="mt-4" onClick={() => set(withNewFaq(faqs, category).faqs)}>
        <Plus aria-hidden="true" className="size-4" /> Add a question to {help.categories.find((c) => c.id === category)?.name ?? 'this category'}
      </Button>
    </CardSection>
  );
}
