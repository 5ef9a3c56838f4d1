import { entityApi, type EntityApiOptions } from '../data/entity-api.ts';
import type { EntityApi } from '../contracts/entity-api.ts';
import type { DialogApi } from '../contracts/dialogs.ts';
import type { ActionContext } from '../contracts/actions.ts';

/** An action placed where it cannot work says so by name, instead of doing nothing. */
export function dialogsOf(ctx: ActionContext): DialogApi {
  if (!ctx.dialogs) throw new Error(`"${ctx.action.type}" opens a dialog, so it must be a button of a screen (none around it)`);
  return ctx.dialogs;
}

/** The page's entity API, or one of the screen's entity with URLs filled from the user and route (plus `o.vars`). */
export function apiOf(ctx: ActionContext, o: EntityApiOptions = {}): EntityApi {
  if (ctx.api && !o.vars) return ctx.api;
  if (!ctx.entity) throw new Error(`"${ctx.action.type}" needs the screen's "entity"`);
  const extra = typeof o.vars === 'function' ? o.vars() : o.vars;
  return entityApi(ctx.services, ctx.entity, { ...o, vars: { ...ctx.params, ...extra } });
}
