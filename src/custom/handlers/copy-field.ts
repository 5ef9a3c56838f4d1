import type { ActionContext } from '../../../renderer/contracts/actions.ts';

/**
 * `{"type": "custom", "handler": "copyField", "field": "loginName"}`: copies a field of the row
 * (or of the form's record) to the clipboard and says so.
 */
export default async function copyField(ctx: ActionContext): Promise<void> {
  const s = ctx.services;
  const field = String(ctx.action.field ?? '');
  const value = ctx.record?.[field];
  if (value === undefined || value === null || value === '') return;
  await navigator.clipboard.writeText(String(value));
  s.notify.success(s.t('hzero.common.message.copied', 'Copied'));
}
