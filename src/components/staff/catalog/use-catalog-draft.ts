import { useState } from 'react';
import type { CatalogDocument, CatalogView } from '../../../../contracts/catalog.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type Loaded, useLoad } from '../use-load.ts';
import { type Notices, useNotices } from '../use-notices.ts';
import { catalogApi } from './catalog-api.ts';

export type Busy = 'save' | 'publish' | 'preview' | 'restore';

const busyWords: Record<Busy, string> = {
  save: 'Saving the draft…',
  publish: 'Publishing: building the pages with the draft (this takes a few seconds)…',
  preview: 'Building the preview…',
  restore: 'Restoring: building the pages with that version…',
};

export interface CatalogDraft {
  loaded: Loaded<CatalogView>;
  notices: Notices;
  /** The document as edited, or undefined until the view is loaded. */
  document: CatalogDocument | undefined;
  dirty: boolean;
  /** The server's field messages of the last refused save, by path (`help.faqs.3.answer`). */
  fields: Readonly<Record<string, string>>;
  busy: Busy | undefined;
  /** Bumped when the editors must take the document afresh (a load, a discard): part of their keys. */
  generation: number;
  preview: string | undefined;
  change: (document: CatalogDocument) => void;
  save: () => void;
  /** Builds the draft's preview; `page` is the path inside it to open ("budget-vps", "knowledge"). */
  showPreview: (page: string) => void;
  publish: () => void;
  restore: (id: number) => void;
  discard: () => void;
}

/**
 * The Catalog's draft (docs/decisions.md 96-97): the document as edited against the view it was
 * loaded from, and the actions on it, each run with the section busy; a 400's field messages go to
 * their fields.
 */
export function useCatalogDraft(problem: (e: unknown) => string): CatalogDraft {
  const notices = useNotices(problem);
  const [edited, setEdited] = useState<{ document: CatalogDocument; from: CatalogView } | undefined>();
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState<Busy>();
  const [preview, setPreview] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const loaded = useLoad(async () => {
    const view = await catalogApi.view();
    setEdited({ document: view.document, from: view });
    setGeneration((n) => n + 1);
    return view;
  }, notices.failed);
  const view = loaded.data;
  const dirty = edited !== undefined && view !== undefined && edited.document !== view.document;

  const act = async (what: Busy, work: () => Promise<string | undefined>) => {
    setBusy(what);
    setFields({});
    notices.setStatus(busyWords[what]);
    try {
      const said = await work();
      if (said) notices.report(said);
    } catch (error) {
      notices.setStatus(undefined);
      if (error instanceof ApiError) setFields(error.fields);
      notices.failed(error);
    } finally {
      setBusy(undefined);
    }
  };
  /** Saves the edits when there are any; the draft's id after. */
  const saved = async (): Promise<number> => {
    if (!view || !edited) throw new Error('The catalog is not loaded.');
    if (!dirty && view.draftId !== null) return view.draftId;
    const next = await catalogApi.saveDraft(view.draftId, edited.document);
    await loaded.reload();
    return next.draftId!;
  };

  return {
    loaded,
    notices,
    document: edited?.document,
    dirty,
    fields,
    busy,
    generation,
    preview,
    change: (document) => view && setEdited({ document, from: view }),
    save: () =>
      void act('save', async () => {
        await saved();
        return 'Draft saved.';
      }),
    showPreview: (page) =>
      void act('preview', async () => {
        const built = await catalogApi.preview(await saved());
        setPreview(`${built.path}${page.replace(/^\//, '')}`);
        return 'The preview is ready: open it with the link above.';
      }),
    publish: () =>
      void act('publish', async () => {
        const result = await catalogApi.publish(await saved());
        await loaded.reload();
        return `Published version ${result.version.id}: this instance serves it now (pages built in ${(result.buildMs / 1000).toFixed(1)} s); the others follow within seconds.`;
      }),
    restore: (id) =>
      void act('restore', async () => {
        const result = await catalogApi.restore(id);
        await loaded.reload();
        return `Version ${id} restored as version ${result.version.id}; the site serves it now.`;
      }),
    discard: () => {
      if (!view) return;
      setFields({});
      setEdited({ document: view.document, from: view });
      setGeneration((n) => n + 1);
    },
  };
}
