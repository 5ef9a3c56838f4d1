import { entityBase } from '../data/endpoints.ts';
import { fillUrl } from '../data/url-template.ts';
import { hiddenDownload } from './hidden-download.ts';
import type { ActionContext } from './types.ts';

/**
 * Export as the platform does it: ask the list URL for its columns (`exportType=COLUMN`),
 * then submit a hidden form into a hidden frame with `access_token` and the query, so the
 * browser downloads the file without holding it in memory.
 */
export default async function exportAction(ctx: ActionContext): Promise<void> {
  const e = ctx.entity;
  if (!e) throw new Error('export needs an entity');
  const url = fillUrl((ctx.action.url as string | undefined) ?? entityBase(e, ctx.services.siteMode), { ...ctx.services.user, ...ctx.params }, { siteMode: ctx.services.siteMode });
  const columns = await ctx.services.request<Array<{ name: string; title: string }>>(url, { query: { exportType: 'COLUMN' } });
  const params: Record<string, unknown> = { ...(ctx.query ?? {}), exportType: 'DATA', fillerType: 'single-sheet', columns: columns.map((c) => c.name).join(','), access_token: ctx.services.accessToken() ?? '' };
  hiddenDownload(url, params);
}
