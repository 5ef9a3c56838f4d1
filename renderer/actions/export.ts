import { entityBase } from '../data/endpoints.ts';
import { fillUrl } from '../data/url-template.ts';
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
  const frameName = `export-frame-${Date.now()}`;
  const frame = document.createElement('iframe');
  frame.name = frameName;
  frame.style.display = 'none';
  const form = document.createElement('form');
  form.method = 'GET';
  form.action = url;
  form.target = frameName;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.append(frame, form);
  form.submit();
  setTimeout(() => {
    form.remove();
    frame.remove();
  }, 60000);
}
