import { useState } from 'react';
import type { CatalogDocument, CatalogView } from '../../../../contracts/catalog.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../ui/Button.tsx';
import { CardSection } from '../CardSection.tsx';
import { Notice } from '../Notice.tsx';
import type { SectionProps } from '../section-props.ts';
import { input, label, muted } from '../staff-styles.ts';
import { useLoad } from '../use-load.ts';
import { useNotices } from '../use-notices.ts';
import { catalogApi } from './catalog-api.ts';
import { linesOf, planFieldError, withPlan, withPlanMoved } from './catalog-lines.ts';
import { CatalogVersions } from './CatalogVersions.tsx';
import { PlanEditor } from './PlanEditor.tsx';

type Busy = 'save' | 'publish' | 'preview' | 'restore' | undefined;

const busyWords: Record<Exclude<Busy, undefined>, string> = {
  save: 'Saving the draft…',
  publish: 'Publishing: building the pages with the draft (this takes a few seconds)…',
  preview: 'Building the preview…',
  restore: 'Restoring: building the pages with that version…',
};

/**
 * The Catalog (docs/decisions.md 96-97): the product lines' plans as a draft (name, price,
 * badge, hidden, specs, order), saved, previewed as the real pages, published to every
 * instance, and every version with its changes, any of which can be restored.
 */
export function CatalogSection({ problem }: SectionProps) {
  const notices = useNotices(problem);
  const [edited, setEdited] = useState<{ document: CatalogDocument; from: CatalogView } | undefined>();
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [lineIndex, setLineIndex] = useState(0);
  const [busy, setBusy] = useState<Busy>();
  const [preview, setPreview] = useState<string>();
  const [loads, setLoads] = useState(0);
  const loaded = useLoad(async () => {
    const view = await catalogApi.view();
    setEdited({ document: view.document, from: view });
    setLoads((n) => n + 1);
    return view;
  }, notices.failed);
  const view = loaded.data;
  if (!view || !edited) return <p className={muted}>{loaded.loading ? 'Loading the catalog…' : 'The catalog could not be loaded.'}</p>;

  const dirty = edited.document !== view.document;
  const lines = linesOf(edited.document);
  const line = lines[lineIndex];
  const change = (document: CatalogDocument) => setEdited({ document, from: view });

  /** Runs an action with the section busy; field messages from a 400 go to their fields. */
  const act = async (what: Exclude<Busy, undefined>, work: () => Promise<string | undefined>) => {
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
    if (!dirty && view.draftId !== null) return view.draftId;
    const next = await catalogApi.saveDraft(view.draftId, edited.document);
    await loaded.reload();
    return next.draftId!;
  };

  return (
    <div className="space-y-6">
      <p className={muted}>
        {view.publishedId === 0 ? 'The site shows the content files (version 0).' : `The site shows version ${view.publishedId}.`}{' '}
        {view.draftId !== null
          ? `Draft: version ${view.draftId}${dirty ? ', with changes not saved yet' : ''}.`
          : dirty
            ? 'Changes not saved yet.'
            : 'No draft open.'}
      </p>
      <Notice tone="error">{notices.error}</Notice>
      <Notice tone="info">{notices.status}</Notice>
      {preview ? (
        <p className="text-sm">
          <a href={preview} target="_blank" rel="noopener" className="font-medium text-brand-300 underline underline-offset-4">
            Open the preview of the draft (new tab)
          </a>
        </p>
      ) : null}
      <CardSection id="catalog-plans" title="Product lines and plans">
        <div className="mt-3 max-w-sm">
          <label htmlFor="catalog-line" className={label}>
            Product line
          </label>
          <select id="catalog-line" className={input} value={lineIndex} onChange={(e) => setLineIndex(Number(e.target.value))}>
            {lines.map((l, i) => (
              <option key={l.id} value={i}>
                {l.name} ({l.plans.length} plans, {l.currency})
              </option>
            ))}
          </select>
        </div>
        {line ? (
          <div className="mt-4 space-y-4">
            {line.plans.map((plan, j) => (
              <PlanEditor
                key={`${loads}-${line.id}-${plan.id}`}
                plan={plan}
                currency={line.currency}
                idBase={`catalog-${line.id}-${plan.id}`}
                position={j}
                count={line.plans.length}
                errorOf={(field) => planFieldError(fields, lineIndex, j, field)}
                onChange={(next) => change(withPlan(edited.document, lineIndex, j, next))}
                onMove={(by) => change(withPlanMoved(edited.document, lineIndex, j, by))}
              />
            ))}
          </div>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-2">
          <Button
            disabled={busy !== undefined || !dirty}
            onClick={() =>
              void act('save', async () => {
                await saved();
                return 'Draft saved.';
              })
            }
          >
            Save draft
          </Button>
          <Button
            variant="secondary"
            disabled={busy !== undefined || (!dirty && view.draftId === null)}
            onClick={() =>
              void act('preview', async () => {
                const built = await catalogApi.preview(await saved());
                setPreview(`${built.path}${line ? String(line.route ?? '').replace(/^\//, '') : ''}`);
                return 'The preview is ready: open it with the link above.';
              })
            }
          >
            Preview
          </Button>
          <Button
            variant="success"
            disabled={busy !== undefined || (!dirty && view.draftId === null)}
            onClick={() =>
              void act('publish', async () => {
                const result = await catalogApi.publish(await saved());
                await loaded.reload();
                return `Published version ${result.version.id}: this instance serves it now (pages built in ${(result.buildMs / 1000).toFixed(1)} s); the others follow within seconds.`;
              })
            }
          >
            Publish
          </Button>
          <Button
            variant="ghost"
            disabled={busy !== undefined || !dirty}
            onClick={() => {
              setFields({});
              change(view.document);
              setLoads((n) => n + 1);
            }}
          >
            Discard changes
          </Button>
        </div>
      </CardSection>
      <CatalogVersions
        versions={view.versions}
        publishedId={view.publishedId}
        busy={busy !== undefined}
        onRestore={(id) =>
          void act('restore', async () => {
            const result = await catalogApi.restore(id);
            await loaded.reload();
            return `Version ${id} restored as version ${result.version.id}; the site serves it now.`;
          })
        }
      />
    </div>
  );
}
