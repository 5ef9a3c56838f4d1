import { fillUrl } from '../data/url-template.ts';
import { screenSource } from '../dialogs/screen-source.ts';
import { ScreenHost } from '../ScreenHost.tsx';
import { dialogsOf } from './context-needs.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from '../contracts/actions.ts';

/**
 * Opens another schema in a dialog of the screen: `{"type": "modal", "screen":
 * "hpfm/currency.create.json", "params": {"countryId": "{id}"}}`. The screen is resolved as a
 * tab's is (a stored page or overlay before the file); a create screen inside it closes the
 * dialog on success and the page refreshes.
 */
export default async function modal(ctx: ActionContext): Promise<void> {
  const dialogs = dialogsOf(ctx);
  const source = await screenSource(ctx.services, String(ctx.action.screen));
  const vars = templateVars(ctx);
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries((ctx.action.params as Record<string, string> | undefined) ?? {})) params[k] = fillUrl(v, vars);
  const done = await dialogs.open<boolean>({
    title: ctx.services.label(ctx.action.label),
    width: (ctx.action.width as number | undefined) ?? 760,
    testId: 'action-modal',
    render: (close) => <ScreenHost file={source.file} load={source.load} route={source.route} params={params} onDone={() => close(true)} />,
  });
  if (done) await ctx.refresh();
}
