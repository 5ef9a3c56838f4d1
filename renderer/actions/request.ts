import { fillUrl } from '../data/url-template.ts';
import { shapeItem } from './body-item.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from './types.ts';

type Row = Record<string, unknown>;

/**
 * Calls an endpoint (`url`, `method`) with the record, the record as a one-row list, the selected
 * rows or nothing, each row written as `bodyItem` when given (a backend's own body shape), then
 * refreshes.
 */
export default async function requestAction(ctx: ActionContext): Promise<void> {
  const a = ctx.action as unknown as { url: string; method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: 'record' | 'recordList' | 'selected' | 'none'; bodyItem?: Row };
  const shape = (row: Row | undefined): Row | undefined => (a.bodyItem && row ? shapeItem(a.bodyItem, { ...ctx.services.user, ...ctx.params, ...row }) : row);
  const body =
    a.body === 'selected' ? (ctx.selected ?? []).map((r) => shape(r)) : a.body === 'none' ? undefined : a.body === 'recordList' ? [shape(ctx.record)] : shape(ctx.record);
  await ctx.services.request(fillUrl(a.url, templateVars(ctx), { siteMode: ctx.services.siteMode }), { method: a.method ?? 'POST', body });
  if (ctx.action.success) ctx.services.notify.success(ctx.services.label(ctx.action.success as string));
  await ctx.refresh();
}
