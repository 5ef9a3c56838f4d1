import { entityBase } from '../data/endpoints.ts';
import { fillUrl } from '../data/url-template.ts';
import type { ActionContext } from './types.ts';

/** A status transition declared by the entity: `{"type":"transition","action":"release"}`. */
export default async function transition(ctx: ActionContext): Promise<void> {
  const e = ctx.entity;
  const name = String(ctx.action.action);
  if (!e?.status?.transitions[name]) throw new Error(`entity ${e?.name} has no transition ${name}`);
  const rows = ctx.record ? [ctx.record] : (ctx.selected ?? []);
  const base = fillUrl(entityBase(e, ctx.services.siteMode), { ...ctx.services.user, ...ctx.params });
  for (const r of rows) {
    await ctx.services.request(`${base}/${String(r[e.primaryKey])}/actions/${name}`, { method: 'POST', body: { objectVersionNumber: r.objectVersionNumber } });
  }
  ctx.services.notify.success(ctx.services.t('hzero.common.notification.success', 'Operation succeeded'));
  await ctx.refresh();
}
