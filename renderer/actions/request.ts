import { createElement } from 'react';
import { fillUrl } from '../data/url-template.ts';
import type { AskItem } from '../schema/screen.ts';
import { shapeItem } from './body-item.ts';
import { dialogsOf } from './context-needs.ts';
import { templateVars } from './template-vars.ts';
import { announceCreated } from './created-documents.ts';
import type { ActionContext } from '../contracts/actions.ts';

type Row = Record<string, unknown>;

interface RequestSpec {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: 'record' | 'recordList' | 'selected' | 'none';
  bodyItem?: Row;
  created?: { entity: string; list?: string };
  ask?: AskItem[];
}

/**
 * Calls an endpoint (`url`, `method`) with the record, the record as a one-row list, the selected
 * rows or nothing, each row written as `bodyItem` when given (a backend's own body shape), then
 * refreshes. With `ask`, a dialog first takes those values (an opening password) and they go in
 * the body beside the record; the dialog stays open on a refusal. With `created`, the message after
 * it names the documents the call made, each a link to open it.
 */
export default async function requestAction(ctx: ActionContext): Promise<void> {
  const a = ctx.action as unknown as RequestSpec;
  const shape = (row: Row | undefined): Row | undefined => (a.bodyItem && row ? shapeItem(a.bodyItem, { ...ctx.services.user, ...ctx.params, ...row }) : row);
  const body =
    a.body === 'selected' ? (ctx.selected ?? []).map((r) => shape(r)) : a.body === 'none' ? undefined : a.body === 'recordList' ? [shape(ctx.record)] : shape(ctx.record);
  // Asked values go beside each row sent (or are the whole body when no row is).
  const withAnswers = (answers: Row) => (Array.isArray(body) ? body.map((r) => ({ ...r, ...answers })) : { ...body, ...answers });
  let answer: unknown;
  const call = async (answers?: Row) =>
    (answer = await ctx.services.request(fillUrl(a.url, templateVars(ctx), { siteMode: ctx.services.siteMode }), { method: a.method ?? 'POST', body: answers ? withAnswers(answers) : body }));
  if (a.ask?.length) {
    const { AskForm } = await import('./AskForm.tsx');
    const s = ctx.services;
    const title = ctx.action.label ? s.label(ctx.action.label) : '';
    const done = await dialogsOf(ctx).open<boolean>({
      title,
      width: 480,
      testId: 'ask-modal',
      render: (close) => createElement(AskForm, { items: a.ask!, submitLabel: title || s.t('hzero.common.button.ok', 'OK'), send: async (v) => void (await call(v)), onClose: (ok: boolean) => close(ok) }),
    });
    if (!done) return;
  } else {
    await call();
  }
  if (a.created) await announceCreated(ctx, a.created, answer);
  else if (ctx.action.success) ctx.services.notify.success(ctx.services.label(ctx.action.success as string));
  await ctx.refresh();
}
