import { fillUrl } from '../data/url-template.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from './types.ts';

/** Calls an endpoint (`url`, `method`, optional `body` of the record or selection), then refreshes. */
export default async function requestAction(ctx: ActionContext): Promise<void> {
  const a = ctx.action as unknown as { url: string; method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: 'record' | 'selected' | 'none' };
  const body = a.body === 'selected' ? ctx.selected : a.body === 'none' ? undefined : ctx.record;
  await ctx.services.request(fillUrl(a.url, templateVars(ctx), { siteMode: ctx.services.siteMode }), { method: a.method ?? 'POST', body });
  if (ctx.action.success) ctx.services.notify.success(ctx.services.label(ctx.action.success as string));
  await ctx.refresh();
}
