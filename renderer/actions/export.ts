import { apiOf } from './context-needs.ts';
import { hiddenDownload } from './hidden-download.ts';
import type { ActionContext } from './types.ts';

/**
 * Export as the platform does it: ask the list URL for its columns (`exportType=COLUMN`),
 * then submit a hidden form into a hidden frame with `access_token` and the query, so the
 * browser downloads the file without holding it in memory.
 */
export default async function exportAction(ctx: ActionContext): Promise<void> {
  const { url, columns } = await apiOf(ctx).exportColumns(ctx.action.url as string | undefined);
  const params: Record<string, unknown> = { ...(ctx.query ?? {}), exportType: 'DATA', fillerType: 'single-sheet', columns: columns.map((c) => c.name).join(','), access_token: ctx.services.accessToken() ?? '' };
  hiddenDownload(url, params);
}
