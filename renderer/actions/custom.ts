import type { ActionContext } from '../contracts/actions.ts';

/**
 * `{"type": "custom", "handler": "copyCode"}` runs the handler registered under that name
 * (`registries.customHandlers.register` next to the custom components, src/custom/register.ts) with the
 * same context every action gets. `schemas:check` refuses names nobody registered.
 */
export default async function custom(ctx: ActionContext): Promise<void> {
  const name = ctx.action.handler;
  if (typeof name !== 'string' || !name) throw new Error('custom needs "handler"');
  const handler = await ctx.services.registries.customHandlers.resolve(name);
  await handler(ctx);
}
