import { fillUrl } from '../data/url-template.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from '../contracts/actions.ts';

/** Opens a route (in a tab) built from a template: `{"type":"navigate","to":"/hiam/user/detail/{id}"}`. */
export default async function navigate(ctx: ActionContext): Promise<void> {
  ctx.services.navigate(fillUrl(String(ctx.action.to), templateVars(ctx)));
}
