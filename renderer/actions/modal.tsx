import { Modal } from 'antd';
import { screens } from 'virtual:screen-manifest';
import { RendererContext } from '../runtime/services.ts';
import { ScreenHost } from '../ScreenHost.tsx';
import { fillUrl } from '../data/url-template.ts';
import { templateVars } from './template-vars.ts';
import type { ActionContext } from './types.ts';

/**
 * Opens another schema in a dialog: `{"type": "modal", "screen": "hpfm/currency.create.json",
 * "params": {"countryId": "{id}"}}`. A create screen inside it closes the dialog on success and
 * the page refreshes; the dialog renders outside the page's React tree, so the services are
 * passed along explicitly.
 */
export default async function modal(ctx: ActionContext): Promise<void> {
  const file = String(ctx.action.screen);
  const entry = screens.find((s) => s.file === file);
  if (!entry) throw new Error(`no schema file ${file}`);
  const vars = templateVars(ctx);
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries((ctx.action.params as Record<string, string> | undefined) ?? {})) params[k] = fillUrl(v, vars);
  await new Promise<void>((resolve) => {
    const dialog = Modal.info({
      title: ctx.services.label(ctx.action.label),
      width: (ctx.action.width as number | undefined) ?? 760,
      icon: null,
      closable: true,
      footer: null,
      afterClose: resolve,
      content: (
        <RendererContext.Provider value={ctx.services}>
          <div data-testid="action-modal">
            <ScreenHost
              file={file}
              load={entry.load}
              params={params}
              onDone={() => {
                dialog.destroy();
                void ctx.refresh();
              }}
            />
          </div>
        </RendererContext.Provider>
      ),
    });
  });
}
