import type { CatalogView } from '../../../../contracts/catalog.ts';
import { Button } from '../../ui/Button.tsx';
import { muted } from '../staff-styles.ts';
import type { CatalogDraft } from './use-catalog-draft.ts';

interface CatalogDraftBarProps {
  draft: CatalogDraft;
  view: CatalogView;
}

/** Where the catalog stands (the version served, the draft) and the draft's actions: save, preview, publish, discard. */
export function CatalogDraftStatus({ draft, view }: CatalogDraftBarProps) {
  return (
    <p className={muted}>
      {view.publishedId === 0 ? 'The site shows the content files (version 0).' : `The site shows version ${view.publishedId}.`}{' '}
      {view.draftId !== null
        ? `Draft: version ${view.draftId}${draft.dirty ? ', with changes not saved yet' : ''}.`
        : draft.dirty
          ? 'Changes not saved yet.'
          : 'No draft open.'}
    </p>
  );
}

/** The draft's buttons; a publish or preview saves the edits first. */
export function CatalogDraftActions({ draft, view, previewPage }: CatalogDraftBarProps & { previewPage: string }) {
  const idle = draft.busy === undefined;
  const something = draft.dirty || view.draftId !== null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button disabled={!idle || !draft.dirty} onClick={draft.save}>
        Save draft
      </Button>
      <Button variant="secondary" disabled={!idle || !something} onClick={() => draft.showPreview(previewPage)}>
        Preview
      </Button>
      <Button variant="success" disabled={!idle || !something} onClick={draft.publish}>
        Publish
      </Button>
      <Button variant="ghost" disabled={!idle || !draft.dirty} onClick={draft.discard}>
        Discard changes
      </Button>
    </div>
  );
}
