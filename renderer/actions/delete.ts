import { apiOf } from './context-needs.ts';
import type { ActionContext } from '../contracts/actions.ts';

/** Deletes the row, or the selected rows with the platform's batch DELETE. */
export default async function deleteAction(ctx: ActionContext): Promise<void> {
  const api = apiOf(ctx);
  const rows = ctx.record ? [ctx.record] : (ctx.selected ?? []);
  if (rows.length === 0) return;
  await api.remove(rows);
  ctx.services.notify.success(ctx.services.t('hzero.common.notification.success', 'Operation succeeded'));
  await ctx.refresh();
}
