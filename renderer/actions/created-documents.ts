import { platformUrl } from '../data/platform-url.ts';
import type { DocumentRef } from '../schema/documents/refs.ts';
import type { ActionContext } from '../contracts/actions.ts';

type Row = Record<string, unknown>;

/**
 * After a call that made documents (orders from requisition lines, contracts from an award): the
 * person is told which, each with a link to open it, instead of a bare "success" and a list that
 * no longer shows what was selected. The keys come from the answer (or its property `list`).
 */
export async function announceCreated(ctx: ActionContext, created: { entity: string; list?: string }, answer: unknown): Promise<void> {
  const s = ctx.services;
  const entity = await s.loadEntity(created.entity);
  const holder = created.list && answer && typeof answer === 'object' ? (answer as Row)[created.list] : answer;
  const rows = (Array.isArray(holder) ? holder : holder && typeof holder === 'object' ? [holder] : []) as Row[];
  const ids = rows.map((r) => Number(r[entity.primaryKey])).filter((n) => Number.isInteger(n) && n > 0);
  const title = ctx.action.success ? s.label(ctx.action.success as string) : s.t('hzero.common.documents.created', 'Created');
  if (!ids.length) return s.notify.success(title);
  const docs = await s.request<DocumentRef[]>(platformUrl(s, 'documents', { entity: entity.name }), { query: { ids: ids.join(',') } });
  if (s.showDocuments) s.showDocuments(title, docs);
  else s.notify.success(`${title}: ${docs.map((d) => d.number).join(', ')}`);
}
