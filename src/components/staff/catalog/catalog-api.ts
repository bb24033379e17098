/** The browser side of /api/staff/catalog (types only from the contract, so no zod in the bundle). */
import type { CatalogDocument, CatalogPublished, CatalogView } from '../../../../contracts/catalog.ts';
import { apiFetch } from '../../../lib/api-client.ts';

const base = '/api/staff/catalog';

export const catalogApi = {
  view: () => apiFetch<CatalogView>('GET', base),
  saveDraft: (draftId: number | null, document: CatalogDocument) => apiFetch<CatalogView>('PUT', `${base}/draft`, { body: { draftId, document } }),
  publish: (draftId: number) => apiFetch<CatalogPublished>('POST', `${base}/publish`, { body: { draftId } }),
  restore: (id: number) => apiFetch<CatalogPublished>('POST', `${base}/versions/${id}/restore`),
  preview: (draftId: number) => apiFetch<{ path: string; buildMs: number }>('POST', `${base}/preview`, { body: { draftId } }),
};
