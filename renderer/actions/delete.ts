import { entityBase } from '../data/endpoints.ts';
import { fillUrl } from '../data/url-template.ts';
import type { ActionContext } from './types.ts';

/** Deletes the row, or the selected rows with the platform's batch DELETE. */
export default async function deleteAction(ctx: ActionContext): Promise<void> {
  const e = ctx.entity;
  if (!e) throw new Error('delete needs an entity');
  const rows = ctx.record ? [ctx.record] : (ctx.selected ?? []);
  if (rows.length === 0) return;
  const url = fillUrl(entityBase(e, ctx.services.siteMode), { ...ctx.services.user, ...ctx.params });
  await ctx.services.request(url, { method: 'DELETE', body: rows.map((r) => ({ [e.primaryKey]: r[e.primaryKey], objectVersionNumber: r.objectVersionNumber })) });
  ctx.services.notify.success(ctx.services.t('hzero.common.notification.success', 'Operation succeeded'));
  await ctx.refresh();
}
