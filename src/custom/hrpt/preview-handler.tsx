import type { ActionContext } from '../../../renderer/contracts/actions.ts';
import { DataSetPreview } from './DataSetPreview.tsx';

/**
 * `{"type": "custom", "handler": "hrptPreview"}` on a data set: runs its SQL as typed (saved or
 * not) with parameter values asked for in the dialog, and shows the first 100 rows and the columns.
 */
export default async function hrptPreview(ctx: ActionContext): Promise<void> {
  const s = ctx.services;
  const record = ctx.record ?? {};
  if (!ctx.dialogs) throw new Error('hrptPreview needs a dialog host');
  await ctx.dialogs.open({
    title: s.t('hrpt.dataset.action.preview', 'Preview'),
    width: 960,
    testId: 'hrpt-preview',
    render: () => <DataSetPreview record={record} />,
  });
}
