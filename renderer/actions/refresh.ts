import type { ActionContext } from './types.ts';

export default async function refresh(ctx: ActionContext): Promise<void> {
  await ctx.refresh();
}
