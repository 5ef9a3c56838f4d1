import { apiOf } from './context-needs.ts';
import { hiddenDownload } from './hidden-download.ts';
import { startProgress } from './progress.ts';
import type { ActionContext } from './types.ts';

/**
 * Export as the platform does it: ask the list URL for its columns (`exportType=COLUMN`),
 * then submit a hidden form into a hidden frame with `access_token` and the query, so the
 * browser downloads the file without holding it in memory.
 */
export default async function exportAction(ctx: ActionContext): Promise<void> {
  const s = ctx.services;
  // The browser writes the file as the server streams it and shows that itself; the notice covers the wait before.
  const progress = startProgress(s, s.label(ctx.action.label, s.t('hzero.common.button.export', 'Export')));
  const run = async () => {
    progress.update(0);
    try {
      const { url, columns } = await apiOf(ctx).exportColumns(ctx.action.url as string | undefined);
      const params: Record<string, unknown> = { ...(ctx.query ?? {}), exportType: 'DATA', fillerType: 'single-sheet', columns: columns.map((c) => c.name).join(','), access_token: s.accessToken() ?? '' };
      hiddenDownload(url, params);
      progress.done(s.t('hzero.common.progress.exported', 'The export is downloading; the browser shows the file when it is saved.'));
    } catch (e) {
      progress.failed((e as Error).message, () => void run());
      throw e;
    }
  };
  await run();
}
