import { createElement } from 'react';
import { dialogsOf } from './context-needs.ts';
import type { ActionContext } from '../contracts/actions.ts';

/**
 * Opens the screen's record form in a dialog: from a toolbar a new record, from a row that row.
 * The page decides the fields (a list's editable columns, an editable tab's sections); a save
 * refreshes it. The form's code loads with the first dialog, not with the page.
 */
export default async function formAction(ctx: ActionContext): Promise<void> {
  if (!ctx.form) {
    throw new Error('"form" actions belong to a list with columns marked "editable": true, or to the rows of an editable detail tab');
  }
  const dialogs = dialogsOf(ctx);
  const spec = ctx.form;
  const record = ctx.record;
  const { RecordForm } = await import('../form/RecordForm.tsx');
  const s = ctx.services;
  const saved = await dialogs.open<boolean>({
    title: s.t(record ? 'hzero.common.button.edit' : 'hzero.common.button.create', record ? 'Edit' : 'Create'),
    width: 720,
    testId: 'record-modal',
    render: (close) => createElement(RecordForm, { ...spec, record, onClose: (ok: boolean) => close(ok) }),
  });
  if (saved) await ctx.refresh();
}
