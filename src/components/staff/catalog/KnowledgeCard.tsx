import { Plus } from 'lucide-react';
import type { CatalogDocument } from '../../../../contracts/catalog.ts';
import { Button } from '../../ui/Button.tsx';
import { CardSection } from '../CardSection.tsx';
import { muted } from '../staff-styles.ts';
import { fieldAt, replaced, swapped, without } from './catalog-fields.ts';
import { knowledgeOf, withKnowledge, withNewArticle } from './catalog-help.ts';
import { KnowledgeArticleEditor } from './KnowledgeArticleEditor.tsx';

interface KnowledgeCardProps {
  document: CatalogDocument;
  fields: Readonly<Record<string, string>>;
  generation: number;
  onChange: (document: CatalogDocument) => void;
}

/** The knowledge base's articles (src/data/knowledge.ts), in the page's order: edit, add, remove, reorder. */
export function KnowledgeCard({ document, fields, generation, onChange }: KnowledgeCardProps) {
  const items = knowledgeOf(document);
  const set = (next: typeof items) => onChange(withKnowledge(document, next));
  return (
    <CardSection id="catalog-knowledge" title="Knowledge base">
      <p className={`${muted} mt-1`}>The articles of the Knowledge Base page, in its order. The help assistant searches them too.</p>
      {fieldAt(fields, 'knowledge') && !Object.keys(fields).some((k) => k.startsWith('knowledge.')) ? (
        <p className="mt-2 text-sm text-rose-300">Knowledge base: {fieldAt(fields, 'knowledge')}</p>
      ) : null}
      <div className="mt-4 space-y-4">
        {items.map((article, i) => (
          <KnowledgeArticleEditor
            // The anchor is edited here, so the place is the key (these editors keep no state of their own).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={`${generation}-${i}`}
            article={article}
            idBase={`catalog-kb-${i}`}
            canUp={i > 0}
            canDown={i < items.length - 1}
            errorOf={(field) => fieldAt(fields, `knowledge.${i}.${field}`)}
            onChange={(next) => set(replaced(items, i, next))}
            onMove={(by) => set(swapped(items, i, i + by))}
            onRemove={items.length > 1 ? () => set(without(items, i)) : undefined}
          />
        ))}
      </div>
      <Button variant="secondary" size="sm" className="mt-4" onClick={() => set(withNewArticle(items))}>
        <Plus aria-hidden="true" className="size-4" /> Add an article
      </Button>
    </CardSection>
  );
}
