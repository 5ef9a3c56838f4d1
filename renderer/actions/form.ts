import type { ActionContext } from './types.ts';

/**
 * Opens the screen's record form in a modal: from a toolbar a new record, from a row that row.
 * The page decides the fields (a list's editable columns, an editable tab's sections) and
 * refreshes after a save.
 */
export default async function formAction(ctx: ActionContext): Promise<void> {
  if (!ctx.openForm) throw new Error('"form" actions belong to a list with editable columns or an editable detail tab');
  await ctx.openForm(ctx.record);
}
