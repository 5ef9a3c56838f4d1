import type { ActionContext } from './types.ts';

/** Back to a given route (`to`) or the previous page. */
export default async function back(ctx: ActionContext): Promise<void> {
  if (ctx.action.to) ctx.services.navigate(String(ctx.action.to));
  else history.back();
}
