import type { ActionContext } from '../contracts/actions.ts';

/** Saves the detail form; validation errors stay on the form (it scrolls to the first). */
export default async function save(ctx: ActionContext): Promise<void> {
  if (!ctx.save) throw new Error('save is only available on form pages');
  await ctx.save();
}
