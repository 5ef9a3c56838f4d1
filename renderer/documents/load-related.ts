import { platformUrl } from '../data/platform-url.ts';
import type { RendererServices } from '../contracts/services.ts';
import type { RelatedDocuments } from '../schema/documents/refs.ts';

/**
 * Where a document came from and what it became, as the server answers for this viewer
 * (GET /hpfm/v1/{tenantId}/related-documents/{entity}/{id}); undefined when the answer is not that
 * shape (a backend without the call, a stock HZERO, may answer anything).
 */
export async function loadRelated(s: RendererServices, entity: string, id: number): Promise<RelatedDocuments | undefined> {
  const r = await s.request<RelatedDocuments>(platformUrl(s, 'relatedDocuments', { entity, id }), { silent: true });
  return Array.isArray(r?.from) && Array.isArray(r?.to) ? r : undefined;
}
