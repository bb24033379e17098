import type { Kysely } from 'kysely';
import {
  type CatalogDocument,
  type CatalogDraftBody,
  type CatalogPublished,
  type CatalogView,
  catalogParts,
  splitCatalogPath,
} from '../../contracts/catalog.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { HttpError } from '../lib/http-error.ts';
import { catalogChanges } from './catalog-diff.ts';
import { findVersion, insertVersion, latestPublished, listVersions, markPublished, openDraft, updateDraft, type CatalogVersion } from './catalog-repository.ts';
import type { ContentSchemas } from './content-schemas.ts';
import type { LiveCatalog } from './live-catalog.ts';
import { SiteBuildFailed, type SiteRebuilder } from './site-rebuilder.ts';

/** How many change lines one audit entry carries (its detail is small); the version keeps them all. */
const auditLines = 12;

export interface CatalogServiceDeps {
  db: Kysely<Database>;
  schemas: ContentSchemas;
  rebuilder: SiteRebuilder;
  live: LiveCatalog;
  audit: AuditLog;
  now: Clock;
}

/** A problem's path in words: `plans.4.plans.0.price` → "Budget VPS › Budget VPS 1 › price". */
export function placeOf(document: CatalogDocument, path: string): string {
  if (!path) return 'the document';
  const words: string[] = [];
  let at: unknown = document;
  // A content name may hold a dot itself (`plans.products`).
  const { part: first, rest } = splitCatalogPath(path);
  const parts = [first, ...rest];
  for (const [i, part] of parts.entries()) {
    const next: unknown = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
    const named = next !== null && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : undefined;
    const name = named?.name ?? named?.question ?? named?.id;
    const label = i === 0 && Object.hasOwn(catalogParts, part) ? catalogParts[part as keyof typeof catalogParts] : part;
    if (Array.isArray(at) && typeof name === 'string') words.push(name);
    else if ((!Array.isArray(next) || i === parts.length - 1) && label !== undefined) words.push(label);
    at = next;
  }
  return words.join(' › ') || path;
}

const authorOf = (acting: Acting) => ({ authorId: acting.staffId ?? null, author: acting.actor.label ?? 'shell' });

/**
 * The Catalog's logic (docs/decisions.md 96-97): drafts checked by the content schemas, a
 * publish that goes live only once its pages were built (else nothing changes and the editor is
 * told why), every version kept with its readable changes, and restore as a new version.
 */
export class CatalogService {
  readonly #d: CatalogServiceDeps;

  constructor(deps: CatalogServiceDeps) {
    this.#d = deps;
  }

  async view(): Promise<CatalogView> {
    const published = await latestPublished(this.#d.db);
    const publishedId = published?.id ?? 0;
    const draft = await openDraft(this.#d.db, publishedId);
    return {
      draftId: draft?.id ?? null,
      document: await this.#complete(draft?.document ?? published?.document),
      publishedId,
      liveId: this.#d.live.liveId,
      versions: await listVersions(this.#d.db, 50),
    };
  }

  /** Saves the draft (a new one, or the open one again); a wrong field is a 400 naming it. */
  async saveDraft(body: CatalogDraftBody, acting: Acting): Promise<CatalogView> {
    await this.#check(body.document);
    const at = this.#d.now();
    const published = await latestPublished(this.#d.db);
    const draft = await openDraft(this.#d.db, published?.id ?? 0);
    if (body.draftId !== (draft?.id ?? null)) {
      throw new HttpError(
        409,
        'draft_changed',
        'The draft changed since you opened it (someone else saved or published). Reload the catalog to see the current draft.',
      );
    }
    let id = draft?.id;
    if (draft) await updateDraft(this.#d.db, draft.id, { document: body.document, ...authorOf(acting), at });
    else id = await insertVersion(this.#d.db, { state: 'draft', document: body.document, basedOn: published?.id ?? 0, ...authorOf(acting), at });
    await this.#d.audit.record({ ...acting, action: 'catalog.draft_saved', target: `catalog version ${id}` });
    return this.view();
  }

  /** Builds the draft's pages, then publishes it and serves them; a build that fails changes nothing. */
  async publish(draftId: number, acting: Acting): Promise<CatalogPublished> {
    const draft = await findVersion(this.#d.db, draftId);
    if (!draft) throw new HttpError(404, 'not_found', `There is no catalog version ${draftId}.`);
    if (draft.state !== 'draft') throw new HttpError(409, 'already_published', `Version ${draftId} is already published.`);
    await this.#check(draft.document);
    const built = await this.#build(draft.document, acting, `catalog version ${draftId}`);
    const changes = catalogChanges(await this.#publishedDocument(), await this.#complete(draft.document));
    const at = this.#d.now();
    await this.#d.db.transaction().execute(async (trx) => {
      if (!(await markPublished(trx, draftId, acting.actor.label ?? 'shell', at, changes))) {
        throw new HttpError(409, 'already_published', `Version ${draftId} was published meanwhile.`);
      }
      await this.#d.audit.record({ ...acting, action: 'catalog.published', target: `catalog version ${draftId}`, detail: this.#detail(changes) }, { db: trx });
    });
    await this.#d.live.publishHere(draftId, built.dir);
    return { version: (await findVersion(this.#d.db, draftId))!, buildMs: built.ms };
  }

  /** Publishes an earlier version's document again, as a new version (0: the content files). */
  async restore(versionId: number, acting: Acting): Promise<CatalogPublished> {
    const source = versionId === 0 ? undefined : await findVersion(this.#d.db, versionId);
    if (versionId !== 0 && !source) throw new HttpError(404, 'not_found', `There is no catalog version ${versionId}.`);
    const document = source?.document ?? (await this.#d.schemas.defaults());
    await this.#check(document);
    const built = await this.#build(document, acting, `catalog version ${versionId}`);
    const changes = catalogChanges(await this.#publishedDocument(), await this.#complete(document));
    const at = this.#d.now();
    const id = await this.#d.db.transaction().execute(async (trx) => {
      const inserted = await insertVersion(trx, { state: 'published', document, basedOn: versionId, ...authorOf(acting), at, changes });
      await this.#d.audit.record(
        { ...acting, action: 'catalog.restored', target: `catalog version ${inserted}`, detail: { restored: versionId, ...this.#detail(changes) } },
        { db: trx },
      );
      return inserted;
    });
    await this.#d.live.publishHere(id, built.dir);
    return { version: (await findVersion(this.#d.db, id))!, buildMs: built.ms };
  }

  /** Builds the open draft for preview: its folder, to be served under the console's preview path. */
  async preview(draftId: number, acting: Acting): Promise<{ dir: string; ms: number }> {
    const draft: CatalogVersion | undefined = await findVersion(this.#d.db, draftId);
    if (!draft) throw new HttpError(404, 'not_found', `There is no catalog version ${draftId}.`);
    await this.#check(draft.document);
    return this.#build(draft.document, acting, undefined);
  }

  async #publishedDocument(): Promise<CatalogDocument> {
    return this.#complete((await latestPublished(this.#d.db))?.document);
  }

  /**
   * A document with the parts it leaves out taken from the content files, as the build takes
   * them (a version saved before a part was editable, docs/decisions.md 137): what the editor
   * opens and what changes are counted against.
   */
  async #complete(document: CatalogDocument | undefined): Promise<CatalogDocument> {
    return { ...(await this.#d.schemas.defaults()), ...document };
  }

  async #check(document: CatalogDocument): Promise<void> {
    const problems = await this.#d.schemas.problems(document);
    if (problems.length === 0) return;
    const fields = Object.fromEntries(problems.map((p) => [p.path || 'document', p.message]));
    const first = problems[0]!;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    throw new HttpError(400, 'invalid', `The catalog has a problem: ${placeOf(document, first.path)}: ${first.message}${more}.`, { fields });
  }

  async #build(document: CatalogDocument, acting: Acting, auditTarget: string | undefined) {
    try {
      return await this.#d.rebuilder.build(document);
    } catch (error) {
      if (!(error instanceof SiteBuildFailed)) throw error;
      if (auditTarget) {
        await this.#d.audit.record({ ...acting, action: 'catalog.publish_failed', target: auditTarget, outcome: 'failed', detail: { reason: error.message } });
      }
      throw new HttpError(422, 'build_failed', `The pages could not be built with this catalog, so the site is unchanged. The build said: ${error.message}`);
    }
  }

  #detail(changes: string[]): Record<string, string | number> {
    const lines = changes.length ? changes : ['no changes'];
    const detail: Record<string, string | number> = Object.fromEntries(lines.slice(0, auditLines).map((line, i) => [`change ${i + 1}`, line]));
    if (lines.length > auditLines) detail.more = lines.length - auditLines;
    return detail;
  }
}
