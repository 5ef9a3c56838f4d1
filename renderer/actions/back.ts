import type { ActionContext } from '../contracts/actions.ts';

/** Back to a given route (`to`) or the previous page; a form with unsaved changes asks first. */
export default async function back(ctx: ActionContext): Promise<void> {
  if (ctx.leave && !(await ctx.leave())) return;
  if (ctx.action.to) ctx.services.navigate(String(ctx.action.to));
  else history.back();
}
