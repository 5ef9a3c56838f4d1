import type { ActionContext } from '../contracts/actions.ts';

/** Values a URL template in an action may use: user, route params, then the record. */
export const templateVars = (ctx: ActionContext): Record<string, unknown> => ({ ...ctx.services.user, ...ctx.params, ...(ctx.record ?? {}) });
