import { apiOf } from './context-needs.ts';
import type { ActionContext } from './types.ts';

/** A status transition declared by the entity: `{"type":"transition","action":"release"}`. */
export default async function transition(ctx: ActionContext): Promise<void> {
  const e = ctx.entity;
  const name = String(ctx.action.action);
  if (!e?.status?.transitions[name]) throw new Error(`entity ${e?.name} has no transition ${name}`);
  const api = apiOf(ctx);
  const rows = ctx.record ? [ctx.record] : (ctx.selected ?? []);
  for (const r of rows) await api.transition(r, name);
  ctx.services.notify.success(ctx.services.t('hzero.common.notification.success', 'Operation succeeded'));
  await ctx.refresh();
}
