import type { ActionContext } from '../contracts/actions.ts';

export default async function refresh(ctx: ActionContext): Promise<void> {
  await ctx.refresh();
}
