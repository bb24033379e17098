import { useState } from 'react';
import { Notice } from '../Notice.tsx';
import type { SectionProps } from '../section-props.ts';
import { card, muted } from '../staff-styles.ts';
import { CatalogDraftActions, CatalogDraftStatus } from './CatalogDraftBar.tsx';
import { CatalogVersions } from './CatalogVersions.tsx';
import { linesOf } from './catalog-lines.ts';
import { HelpCategoriesCard } from './HelpCategoriesCard.tsx';
import { HelpFaqsCard } from './HelpFaqsCard.tsx';
import { KnowledgeCard } from './KnowledgeCard.tsx';
import { PlanLinesCard } from './PlanLinesCard.tsx';
import { TaxLinesCard } from './TaxLinesCard.tsx';
import { useCatalogDraft } from './use-catalog-draft.ts';

/**
 * The Catalog (docs/decisions.md 96-97, 137, 159-160): the product lines and their plans (and
 * where each is sold), the tax lines, the help assistant's categories and answers and the
 * knowledge base as one draft, saved, previewed as the real pages, published to every instance;
 * every version with its changes, any of which can be restored.
 */
export function CatalogSection({ problem }: SectionProps) {
  const draft = useCatalogDraft(problem);
  // The page the preview opens: the line on show, else the home page.
  const [previewPage, setPreviewPage] = useState<string>();
  const view = draft.loaded.data;
  const document = draft.document;
  if (!view || !document) return <p className={muted}>{draft.loaded.loading ? 'Loading the catalog…' : 'The catalog could not be loaded.'}</p>;
  const editing = { document, fields: draft.fields, generation: draft.generation, onChange: draft.change };
  const firstRoute = String(linesOf(document)[0]?.route ?? '/');

  return (
    <div className="space-y-6">
      <CatalogDraftStatus draft={draft} view={view} />
      <Notice tone="error">{draft.notices.error}</Notice>
      <Notice tone="info">{draft.notices.status}</Notice>
      {draft.preview ? (
        <p className="text-sm">
          <a href={draft.preview} target="_blank" rel="noopener" className="font-medium text-brand-300 underline underline-offset-4">
            Open the preview of the draft (new tab)
          </a>
        </p>
      ) : null}
      <PlanLinesCard {...editing} onLine={(line) => setPreviewPage(String(line?.route ?? '/'))} />
      <TaxLinesCard document={document} fields={draft.fields} onChange={draft.change} />
      <HelpCategoriesCard document={document} fields={draft.fields} onChange={draft.change} />
      <HelpFaqsCard {...editing} />
      <KnowledgeCard {...editing} />
      {/* The draft's buttons stay in reach while any card is edited (and above the versions). */}
      <div className={`${card} sticky bottom-2 z-10 space-y-2`}>
        {/* On a phone the bar keeps to its buttons (the same words are at the section's top). */}
        <div className="hidden sm:block">
          <CatalogDraftStatus draft={draft} view={view} />
        </div>
        <CatalogDraftActions draft={draft} view={view} previewPage={previewPage ?? firstRoute} />
      </div>
      <CatalogVersions versions={view.versions} publishedId={view.publishedId} busy={draft.busy !== undefined} onRestore={draft.restore} />
    </div>
  );
}
